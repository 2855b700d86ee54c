import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { validRegistration } from '../support/people.ts';

describe('email over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let context: TestContext;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    context = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${String(port)}`, EMAIL_FROM: 'Ajo <codes@ajo.test>' },
    });
  });
  afterAll(async () => {
    await context.close();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });

  it('when SMTP_URL is set, then the registration code is delivered by SMTP', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: validRegistration('smtp@example.com'),
    });
    expect(response.statusCode).toBe(201);
    await context.app.background.idle();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp@example.com']);
    expect(received[0]?.raw).toMatch(/Subject: \d{6} is your Ajo confirmation code/);
    expect(received[0]?.raw).toContain('From: Ajo <codes@ajo.test>');
  });
});
