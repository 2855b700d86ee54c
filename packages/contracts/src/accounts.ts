import { z } from 'zod';
import { authMessages, userSchema } from './auth.ts';
import { envelope } from './common.ts';
import { nigerianPhoneField } from './phone.ts';

/** Only these fields may change through PATCH /accounts; anything else is refused. */
export const updateAccountBodySchema = z
  .strictObject({
    first_name: z.string().trim().min(1, authMessages.firstName).max(60).optional(),
    last_name: z.string().trim().min(1, authMessages.lastName).max(60).optional(),
    phone: nigerianPhoneField(authMessages.phone).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export const accountResponseSchema = envelope(userSchema);

export const referralsResponseSchema = envelope(
  z.object({
    items: z.array(z.object({ first_name: z.string(), joined_at: z.string() })),
    total: z.number().int(),
  }),
);
