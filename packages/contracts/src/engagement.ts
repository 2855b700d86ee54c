import { z } from 'zod';
import { envelope } from './common.ts';

export const notificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  /** The movement the notice is about (open its receipt); null for other notices. */
  transaction_id: z.uuid().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});

export const notificationsResponseSchema = envelope(
  z.object({ items: z.array(notificationSchema), unread: z.number().int() }),
);

export const notificationParamsSchema = z.strictObject({
  id: z.uuid('This notification does not exist'),
});

export const advertSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  cta_label: z.string(),
  cta_path: z.string(),
});

export const advertsResponseSchema = envelope(z.object({ items: z.array(advertSchema) }));

export const pageViewBodySchema = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(512)
    .regex(/^\/[^\s]*$/, 'path must start with / and hold no spaces'),
});
