import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useIdleReady } from '../../../lib/when-idle.ts';

const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The movement the notice is about (its receipt can be opened); null for other notices. */
  transaction_id: z.string().nullable().default(null),
  read: z.boolean(),
  created_at: z.string(),
});
const notificationsSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});

export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQueryKey = ['notifications'] as const;

export function getNotifications(signal: AbortSignal) {
  return api.get('/notifications', { schema: notificationsSchema, signal });
}

/**
 * Notifications never block the page: a failure shows an empty list and no badge, and the badge's
 * list is asked for once the page has what it shows (the open panel asks at once).
 */
export function useNotifications(options: { deferred?: boolean } = {}) {
  const idle = useIdleReady();
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    retry: false,
    enabled: options.deferred !== true || idle,
  });
}
