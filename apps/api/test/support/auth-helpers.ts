import type { FastifyInstance } from 'fastify';

export const validRegistration = (email: string) => ({
  email,
  password: 'correct-horse-battery',
  first_name: 'Chiamaka',
  last_name: 'Eze',
  phone: '8031234567',
});

/** The newest code the sandbox emailed to an address. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/sandbox/mailbox?email=${encodeURIComponent(email)}`,
  });
  const items = response.json<{ data: { items: { text: string }[] } }>().data.items;
  const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
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
