import type { ApiScope, AppContext } from '../../app-context.ts';
import { notificationRoutes } from './notifications.routes.ts';

/** The user's notifications (written by products through platform/notifications.ts). */
export async function register(v1: ApiScope, { database, clock, requireUser }: AppContext) {
  await v1.register(notificationRoutes, { database, clock, requireUser });
}
