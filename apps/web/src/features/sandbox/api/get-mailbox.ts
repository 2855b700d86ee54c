import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
const mailboxSchema = z.object({ items: z.array(mailSchema) });

export type SandboxMail = z.infer<typeof mailSchema>;

export function getMailbox(email: string, signal: AbortSignal) {
  return api.get('/sandbox/mailbox', { query: { email }, schema: mailboxSchema, signal });
}

export function useMailbox(email: string | null) {
  return useQuery({
    queryKey: ['sandbox', 'mailbox', email],
    queryFn: ({ signal }) => getMailbox(email ?? '', signal),
    enabled: email !== null && email !== '',
    select: (data) => data.items,
    staleTime: 0,
  });
}
