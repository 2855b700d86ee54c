import { z } from 'zod';
import { envelope } from './common.ts';

export const configurationNames = [
  'transaction_limits',
  'processing_fees',
  'exchange_rate',
] as const;

/** A configuration entry: a name and a list of items each with an id (spec section 3). */
export const configurationItemSchema = z.looseObject({ id: z.string() });

export const configurationSchema = z
  .object({
    name: z.string(),
    value: z.array(configurationItemSchema),
  })
  .meta({ id: 'Configuration' });

export const listConfigurationsQuerySchema = z.strictObject({
  name: z.string().min(1).max(64).optional(),
});

export const listConfigurationsResponseSchema = envelope(
  z.object({ items: z.array(configurationSchema) }),
);

export type Configuration = z.infer<typeof configurationSchema>;

/** `GET /app-settings`: what the web app needs to know about this deployment. */
export const appSettingsResponseSchema = envelope(
  z.object({
    /** Slug in `/virtualaccount/verify-bvn-{provider}` and `/create-{provider}-account`. */
    payments_provider: z.string(),
    /** Sandbox mode: `/v1/sandbox/*` and the Sandbox page exist. */
    sandbox: z.boolean(),
  }),
);
