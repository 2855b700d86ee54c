import { api } from '../../../lib/api-client.ts';

/** Fire-and-forget: analytics must never break or slow down navigation. */
export function recordPageView(path: string): void {
  api.post('/analytics/page-views', { path }).catch(() => undefined);
}
