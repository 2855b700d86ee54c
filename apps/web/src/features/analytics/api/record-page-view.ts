import { api } from '../../../lib/api-client.ts';
import { whenIdle } from '../../../lib/when-idle.ts';

/**
 * Fire-and-forget: analytics must never break or slow down navigation, so the page view is sent
 * once the page has what it shows (every navigation still sends one).
 */
export function recordPageView(path: string): void {
  whenIdle(() => {
    api.post('/analytics/page-views', { path }).catch(() => undefined);
  });
}
