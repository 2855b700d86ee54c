import { sql } from 'drizzle-orm';
import {
  OPERATOR_LOCK_MINUTES,
  OPERATOR_MAX_ATTEMPTS,
  OPERATOR_PASSWORD_MIN,
  opsMessages,
  type Operator,
} from '@ajo/contracts/ops';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { matchTotp, newTotpSecret, totpAddress } from '../../platform/totp.ts';
import { recordAudit } from './audit.ts';
import {
  openOperatorSession,
  revokeOperatorSession,
  type OperatorSessionPolicy,
} from './operator-guard.ts';

interface OperatorRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret_ciphertext: string;
  last_totp_step: number | string | null;
  failed_attempts: number;
  locked_until: Date | string | null;
  disabled_at: Date | string | null;
}

/** A password hash no operator has, checked when the email is unknown so the time is the same. */
let decoyHash: Promise<string> | undefined;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function operatorsService(deps: {
  database: Database;
  clock: Clock;
  crypto: FieldCrypto;
  policy: OperatorSessionPolicy;
}) {
  const { database, clock, crypto, policy } = deps;

  /**
   * Creates an operator (the `ops:create-operator` command, the sandbox seed): the password must
   * be strong; the TOTP secret is made here (or given, for the sandbox's documented one) and
   * answered once, with the address an authenticator app scans.
   */
  async function create(input: {
    email: string;
    name: string;
    password: string;
    totpSecret?: string;
  }): Promise<Operator & { totpSecret: string; totpAddress: string }> {
    const problem = operatorPasswordProblem(input.password);
    if (problem) throw new AppError('weak_password', problem, 400);
    const email = normaliseEmail(input.email);
    const secret = input.totpSecret ?? newTotpSecret();
    const [created] = await rows<{ id: string }>(
      database.db,
      sql`insert into operators (email, name, password_hash, totp_secret_ciphertext)
          values (${email}, ${input.name.trim()}, ${await hashPassword(input.password)},
            ${crypto.encrypt(secret)})
          on conflict (email) do nothing returning id`,
    );
    if (!created) throw new AppError('operator_exists', `An operator ${email} already exists`, 409);
    await recordAudit(database.db, {
      operatorId: created.id,
      action: 'operator.created',
      subjectType: 'operator',
      subjectId: created.id,
      after: { email, name: input.name.trim() },
      now: clock.now(),
    });
    return {
      id: created.id,
      email,
      name: input.name.trim(),
      totpSecret: secret,
      totpAddress: totpAddress(secret, email),
    };
  }

  /**
   * Email, password and the current TOTP code, all three or nothing: one answer for every wrong
   * part, so it tells nobody which part was wrong; a code is accepted once; wrong tries in a row
   * lock the operator out for a while. Every try, right or wrong, is in the audit log.
   */
  async function signIn(
    input: { email: string; password: string; code: string },
    ipAddress: string,
  ): Promise<{ token: string; operator: Operator }> {
    const now = clock.now();
    const email = normaliseEmail(input.email);
    const [found] = await rows<OperatorRow>(
      database.db,
      sql`select id, email, name, password_hash, totp_secret_ciphertext, last_totp_step,
                 failed_attempts, locked_until, disabled_at
            from operators where email = ${email}`,
    );
    const refused = new AppError('operator_sign_in_refused', opsMessages.signInRefused, 401);
    if (!found) {
      decoyHash ??= hashPassword('not-an-operator-password');
      await verifyPassword(await decoyHash, input.password);
      await recordAudit(database.db, {
        operatorId: null,
        action: 'operator.sign_in_refused',
        after: { cause: 'unknown_email' },
        ipAddress,
        now,
      });
      throw refused;
    }
    // The attempt is counted before anything is checked, in one statement under the row's lock
    // (a correct sign-in resets it): guesses sent at once are held to the limit as those sent in
    // turn are.
    const admitted = await rows<{ id: string }>(
      database.db,
      sql`update operators set failed_attempts = failed_attempts + 1,
            locked_until = case when failed_attempts + 1 >= ${OPERATOR_MAX_ATTEMPTS}
              then ${new Date(now.getTime() + OPERATOR_LOCK_MINUTES * 60_000).toISOString()}::timestamptz
              else locked_until end
           where id = ${found.id}
             and (locked_until is null or locked_until <= ${now.toISOString()})
           returning id`,
    );
    if (admitted.length === 0) {
      await recordAudit(database.db, {
        operatorId: found.id,
        action: 'operator.sign_in_refused',
        subjectType: 'operator',
        subjectId: found.id,
        after: { cause: 'locked' },
        ipAddress,
        now,
      });
      throw new AppError('operator_locked', opsMessages.locked, 429);
    }
    const passwordOk = await verifyPassword(found.password_hash, input.password);
    const secret = crypto.decrypt(found.totp_secret_ciphertext).toString('utf8');
    const step = matchTotp(secret, input.code, now);
    const lastStep = found.last_totp_step === null ? null : Number(found.last_totp_step);
    const codeOk = step !== null && (lastStep === null || step > lastStep);
    const cause =
      found.disabled_at !== null ? 'disabled' : !passwordOk ? 'password' : !codeOk ? 'code' : null;
    if (cause !== null) {
      await recordAudit(database.db, {
        operatorId: found.id,
        action: 'operator.sign_in_refused',
        subjectType: 'operator',
        subjectId: found.id,
        after: { cause },
        ipAddress,
        now,
      });
      throw refused;
    }
    const token = await database.unitOfWork(async (tx) => {
      // The step moves forward only: two sign-ins racing with one code, one wins.
      const taken = await rows<{ id: string }>(
        tx,
        sql`update operators set failed_attempts = 0, locked_until = null, last_totp_step = ${step}
             where id = ${found.id} and (last_totp_step is null or last_totp_step < ${step})
             returning id`,
      );
      if (taken.length === 0) return null;
      await recordAudit(tx, {
        operatorId: found.id,
        action: 'operator.signed_in',
        subjectType: 'operator',
        subjectId: found.id,
        ipAddress,
        now,
      });
      return openOperatorSession(tx, found.id, now, policy);
    });
    if (token === null) throw refused;
    return { token, operator: { id: found.id, email: found.email, name: found.name } };
  }

  async function signOut(token: string, operatorId: string, ipAddress: string) {
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      await revokeOperatorSession(tx, token, now);
      await recordAudit(tx, {
        operatorId,
        action: 'operator.signed_out',
        subjectType: 'operator',
        subjectId: operatorId,
        ipAddress,
        now,
      });
    });
  }

  async function find(operatorId: string): Promise<Operator> {
    const [found] = await rows<Operator>(
      database.db,
      sql`select id, email, name from operators where id = ${operatorId}`,
    );
    if (!found) throw new AppError('operator_not_found', 'No such operator', 404);
    return found;
  }

  return { create, signIn, signOut, find };
}

export type OperatorsService = ReturnType<typeof operatorsService>;

/** Why a password is too weak for an operator, or null. */
export function operatorPasswordProblem(password: string): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN) {
    return `An operator's password needs at least ${String(OPERATOR_PASSWORD_MIN)} characters`;
  }
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    return "An operator's password needs lower-case and upper-case letters and a digit";
  }
  return null;
}
