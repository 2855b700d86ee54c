import type { User } from '@ajo/contracts/auth';
import type { z } from 'zod';
import type { registerBodySchema } from '@ajo/contracts/auth';
import { openWallet } from '../../ledger/ledger.service.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { openSession, revokeAllSessions, type SessionPolicy } from '../../platform/sessions.ts';
import type { EmailSender } from '../../providers/email/email.port.ts';
import { resetCodeEmail, welcomeCodeEmail } from './auth.emails.ts';
import * as repository from './auth.repository.ts';
import { checkCode, invalidCode, issueCode, type CodePurpose } from './one-time-codes.ts';

export interface AuthDependencies {
  database: Database;
  clock: Clock;
  email: EmailSender;
  secret: string;
  sessionPolicy: SessionPolicy;
}

let decoyHash: Promise<string> | undefined;
/** Verifying against a decoy keeps unknown emails as slow as known ones. */
const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy-password-never-matches'));

export function authService(deps: AuthDependencies) {
  const { database, clock, email, secret, sessionPolicy } = deps;

  /** Registers, or for an address already taken, answers the same without revealing it. */
  async function register(input: z.infer<typeof registerBodySchema>): Promise<{ email: string }> {
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const outgoing = await database.unitOfWork(async (tx) => {
      const referredBy = input.referred_by
        ? await repository.findUserIdByReferralCode(tx, input.referred_by)
        : undefined;
      if (input.referred_by && !referredBy) {
        throw new AppError('referral_not_found', 'This referral code does not exist', 400, [
          { path: 'referred_by', message: 'This referral code does not exist' },
        ]);
      }
      const existing = await repository.findUserByEmail(tx, input.email);
      if (existing) {
        if (existing.email_confirmed_at) return undefined;
        const code = await issueCode(tx, {
          email: input.email,
          purpose: 'confirm_account',
          now,
          secret,
          deliver: true,
        });
        return code ? welcomeCodeEmail(existing.email, existing.first_name, code) : undefined;
      }
      const user = await repository.insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        countryCode: input.country_code,
        phone: input.phone,
        referredBy,
        now,
      });
      await openWallet(tx, user.id, 'NGN');
      await openWallet(tx, user.id, 'USD');
      await repository.insertNotification(tx, {
        userId: user.id,
        title: 'Welcome to Ajo',
        body: 'Confirm your email, then verify your BVN to get your funding account.',
        now,
      });
      const code = await issueCode(tx, {
        email: input.email,
        purpose: 'confirm_account',
        now,
        secret,
        deliver: true,
      });
      return code ? welcomeCodeEmail(user.email, user.first_name, code) : undefined;
    });
    if (outgoing) await email.send(outgoing);
    return { email: input.email };
  }

  /** Uses up a code and answers its user; undefined when the code does not hold. */
  async function userHoldingCode(
    tx: Tx,
    input: { email: string; token: string },
    purpose: CodePurpose,
    now: Date,
  ) {
    const valid = await checkCode(tx, {
      email: input.email,
      purpose,
      code: input.token,
      now,
      secret,
      consume: true,
    });
    return valid ? repository.findUserByEmail(tx, input.email) : undefined;
  }

  async function confirmAccount(input: { email: string; token: string }) {
    const now = clock.now();
    const signedIn = await database.unitOfWork(async (tx) => {
      const user = await userHoldingCode(tx, input, 'confirm_account', now);
      if (!user) return undefined;
      await repository.markEmailConfirmed(tx, user.id, now);
      const token = await openSession(tx, user.id, now, sessionPolicy);
      return { user: repository.toUser(user), token };
    });
    if (!signedIn) throw invalidCode();
    return signedIn;
  }

  /** Sends a new code when one is due; unknown or confirmed addresses get the same answer. */
  async function sendCode(address: string, purpose: 'confirm_account' | 'password_reset') {
    const now = clock.now();
    const outgoing = await database.unitOfWork(async (tx) => {
      const user = await repository.findUserByEmail(tx, address);
      const eligible =
        user !== undefined &&
        (purpose === 'password_reset'
          ? user.email_confirmed_at !== null
          : user.email_confirmed_at === null);
      const code = await issueCode(tx, { email: address, purpose, now, secret, deliver: eligible });
      if (!code || !user) return undefined;
      return purpose === 'password_reset'
        ? resetCodeEmail(user.email, user.first_name, code)
        : welcomeCodeEmail(user.email, user.first_name, code);
    });
    if (outgoing) await email.send(outgoing);
  }

  async function login(input: {
    email: string;
    password: string;
  }): Promise<{ user: User; token: string }> {
    const user = await repository.findUserByEmail(database.db, input.email);
    const matches = await verifyPassword(
      user?.password_hash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !matches) {
      throw new AppError('invalid_credentials', 'Incorrect email or password', 401);
    }
    if (!user.email_confirmed_at) {
      await sendCode(user.email, 'confirm_account').catch(() => undefined);
      throw new AppError(
        'account_not_confirmed',
        `Confirm your email before signing in; we have sent a new code to ${user.email}`,
        403,
      );
    }
    const now = clock.now();
    const token = await database.unitOfWork((tx) => openSession(tx, user.id, now, sessionPolicy));
    return { user: repository.toUser(user), token };
  }

  async function confirmReset(input: { email: string; token: string }) {
    const now = clock.now();
    const valid = await database.unitOfWork((tx) =>
      checkCode(tx, {
        email: input.email,
        purpose: 'password_reset',
        code: input.token,
        now,
        secret,
        consume: false,
      }),
    );
    if (!valid) throw invalidCode();
  }

  /** Changes the password with a verified code and signs every session out. */
  async function changePassword(input: { email: string; token: string; new_password: string }) {
    const passwordHash = await hashPassword(input.new_password);
    const now = clock.now();
    const changed = await database.unitOfWork(async (tx) => {
      const user = await userHoldingCode(tx, input, 'password_reset', now);
      if (!user) return false;
      await repository.updatePasswordHash(tx, user.id, passwordHash, now);
      await revokeAllSessions(tx, user.id, now);
      return true;
    });
    if (!changed) throw invalidCode();
  }

  /** A signed-in password change: every other session ends, this one stays. */
  async function changeOwnPassword(
    userId: string,
    currentSessionId: string,
    input: { current_password: string; new_password: string },
  ) {
    const user = await repository.findUserById(database.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      throw new AppError('invalid_credentials', 'Your current password is not correct', 400, [
        { path: 'current_password', message: 'Your current password is not correct' },
      ]);
    }
    const passwordHash = await hashPassword(input.new_password);
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      await repository.updatePasswordHash(tx, userId, passwordHash, now);
      await revokeAllSessions(tx, userId, now, currentSessionId);
    });
  }

  return {
    register,
    confirmAccount,
    sendCode,
    login,
    confirmReset,
    changePassword,
    changeOwnPassword,
  };
}

export type AuthService = ReturnType<typeof authService>;
