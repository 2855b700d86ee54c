import { z } from 'zod';
import { emailField } from './auth.ts';
import { envelope } from './common.ts';

export const mailboxQuerySchema = z.strictObject({ email: emailField });

export const mailboxResponseSchema = envelope(
  z.object({
    items: z.array(
      z.object({
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
);
