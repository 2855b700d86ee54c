import type { FastifyInstance } from 'fastify';

export const validRegistration = (email: string) => ({
  email,
  password: 'correct-horse-battery',
  first_name: 'Chiamaka',
  last_name: 'Eze',
  phone: '8031234567',
});

/** The newest code the sandbox emailed to an address, once queued email has gone out. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  await app.background.idle();
  const response = await app.inject({
    method: 'GET',
    url: `/v1/sandbox/mailbox?email=${encodeURIComponent(email)}`,
  });
  const items = response.json<{ data: { items: { text: string }[] } }>().data.items;
  // Notices without a code (a failed sign-in, an existing account) may be newer.
  const code = items
    .map((item) => /\b(\d{6})\b/.exec(item.text)?.[1])
    .find((found) => found !== undefined);
  if (!code) throw new Error(`no code in the mailbox of ${email}`);
  return code;
}

/** Registers, confirms and answers a bearer token for a new user. */
export async function signUp(app: FastifyInstance, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/v1/auth/register', payload: validRegistration(email) });
  const confirmed = await app.inject({
    method: 'POST',
    url: '/v1/auth/confirm-account',
    payload: { email, token: await latestCode(app, email) },
  });
  const token = confirmed.json<{ data: { token?: string } }>().data.token;
  if (!token) throw new Error(`sign-up failed: ${confirmed.body}`);
  return token;
}
