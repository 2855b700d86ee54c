import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AdjustableClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';
import { fieldCrypto } from '../platform/field-crypto.ts';
import { operatorsService } from '../modules/ops/operators.service.ts';

/**
 * Creates an operator of the console (the first one, and any later one):
 *
 *   npm run ops:create-operator -- --email ada@ajo.ng --name "Ada Obi"
 *
 * The password comes from OPERATOR_PASSWORD, or a strong one is made and printed once. The TOTP
 * secret is made here and printed once, with the otpauth:// address an authenticator app takes.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.name) {
  process.stderr.write('Usage: npm run ops:create-operator -- --email <email> --name "<name>"\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const madePassword = process.env.OPERATOR_PASSWORD === undefined;
  const password = process.env.OPERATOR_PASSWORD ?? `Aj0-${randomBytes(15).toString('base64url')}`;
  const operators = operatorsService({
    database,
    clock: new AdjustableClock(),
    crypto: fieldCrypto(config.appSecret),
    policy: { idleMs: 0, absoluteMs: 0, secureCookie: true },
  });
  const created = await operators.create({ email: values.email, name: values.name, password });
  process.stdout.write(
    [
      `Operator ${created.email} created.`,
      madePassword
        ? `Password (shown once): ${password}`
        : 'Password: as OPERATOR_PASSWORD gave it',
      `Authenticator secret (shown once): ${created.totpSecret}`,
      `Authenticator address: ${created.totpAddress}`,
      "Sign in at /ops with the email, the password and the app's 6-digit code.",
      '',
    ].join('\n'),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
