import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from '@ajo/contracts/auth';
import type { z } from 'zod';
import type { registerBodySchema } from '@ajo/contracts/auth';
import { openWallet } from '../../money/ledger/ledger.service.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { openSession, revokeAllSessions, type SessionPolicy } from '../../platform/sessions.ts';
import { recordSignIn, type SignInDevice } from '../../platform/sign-ins.ts';
import type { EmailOutbox } from '../../platform/email-outbox.ts';
import {
  existingAccountEmail,
  passwordChangedEmail,
  resetCodeEmail,
  signInAttemptsEmail,
  welcomeCodeEmail,
} from './auth.emails.ts';
import { insertNotification } from '../../platform/notifications.ts';
import * as repository from './auth.repository.ts';
import { checkCode, invalidCode, issueCode, type CodePurpose } from './one-time-codes.ts';
import {
  admitAttempt,
  checkPasswordAgain,
  clearFailures,
  failuresBeforeBlock,
  isTrustedDevice,
  trustedDeviceToken,
} from './sign-in-throttle.ts';

/** The emailed one-time codes, for other modules' own codes (the transaction PIN's reset). */
export { checkCode, invalidCode, issueCode } from './one-time-codes.ts';
export { checkPasswordAgain } from './sign-in-throttle.ts';

/** The signed-in user's row and its public shape, for the modules that show it (accounts). */
export { findUserById, toUser } from './auth.repository.ts';

export interface AuthDependencies {
  database: Database;
  clock: Clock;
  outbox: EmailOutbox;
  secret: string;
  sessionPolicy: SessionPolicy;
}

let decoyHash: Promise<string> | undefined;
/** Verifying against a decoy keeps unknown emails as slow as known ones. */
const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy-password-never-matches'));

/** The browser that registered holds this ticket; only its hash is stored (decision 0007). */
const hashTicket = (ticket: string) => hash('sha256', ticket);

const sameHash = (stored: string, ticket: string) =>
  timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hashTicket(ticket), 'hex'));

export function authService(deps: AuthDependencies) {
  const { database, clock, outbox, secret, sessionPolicy } = deps;

  /**
   * Registers. Whatever exists, the answer, the hourly code limit and the path of the email
   * are the same: a new or unconfirmed address gets a code (and the newest details replace any
   * pending ones, so whoever confirms holds the only password), a confirmed one tells its owner.
   */
  async function register(
    input: z.infer<typeof registerBodySchema>,
  ): Promise<{ email: string; signupTicket: string }> {
    const passwordHash = await hashPassword(input.password);
    const signupTicket = randomBytes(32).toString('base64url');
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const referredBy = input.referred_by
        ? await repository.findUserIdByReferralCode(tx, input.referred_by)
        : undefined;
      if (input.referred_by && !referredBy) {
        throw new AppError('referral_not_found', 'This referral code does not exist', 400, [
          { path: 'referred_by', message: 'This referral code does not exist' },
        ]);
      }
      const existing = await repository.findUserByEmail(tx, input.email);
      const codeRequest = { email: input.email, purpose: 'confirm_account' as const, now, secret };
      if (existing?.email_confirmed_at) {
        await issueCode(tx, { ...codeRequest, deliver: false });
        await outbox.queue(tx, existingAccountEmail(existing.email, existing.first_name));
        return;
      }
      const details = {
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        countryCode: input.country_code,
        phone: input.phone,
        referredBy,
        signupBindingHash: hashTicket(signupTicket),
        now,
      };
      const user = existing
        ? await repository.replacePendingRegistration(tx, existing.id, details)
        : await openAccount(tx, input.email, details);
      if (existing) await revokeAllSessions(tx, existing.id, now);
      const code = await issueCode(tx, { ...codeRequest, deliver: true });
      if (code) await outbox.queue(tx, welcomeCodeEmail(user.email, user.first_name, code));
    });
    outbox.flush();
    return { email: input.email, signupTicket };
  }

  async function openAccount(tx: Tx, email: string, details: repository.RegistrationDetails) {
    const user = await repository.insertUser(tx, { email, ...details });
    await openWallet(tx, user.id, 'NGN');
    await openWallet(tx, user.id, 'USD');
    await insertNotification(tx, {
      userId: user.id,
      title: 'Welcome to Ajo',
      body: 'Confirm your email, then verify your BVN to get your funding account.',
      now: details.now,
    });
    return user;
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

  /**
   * Confirms the address and signs in, ending every other session. A browser that registered
   * sends its sign-up ticket: a code of a newer registration of the same address (someone
   * else's, since it replaced this one) is refused there, so it cannot hand that person's
   * password to whoever proves the mailbox.
   */
  async function confirmAccount(
    input: { email: string; token: string },
    signupTicket: string | undefined,
    device?: SignInDevice,
  ) {
    const now = clock.now();
    const outcome = await database.unitOfWork(async (tx) => {
      const pending = await repository.findUserByEmail(tx, input.email);
      const binding = pending?.signup_binding_hash;
      if (binding && signupTicket !== undefined && !sameHash(binding, signupTicket)) {
        const valid = await checkCode(tx, {
          email: input.email,
          purpose: 'confirm_account',
          code: input.token,
          now,
          secret,
          consume: false,
        });
        return valid ? 'replaced' : 'invalid';
      }
      const user = await userHoldingCode(tx, input, 'confirm_account', now);
      if (!user) return 'invalid';
      await repository.markEmailConfirmed(tx, user.id, now);
      await revokeAllSessions(tx, user.id, now);
      const token = await openSession(tx, user.id, now, sessionPolicy, device);
      return { user: repository.toUser(user), token };
    });
    if (outcome === 'invalid') throw invalidCode();
    if (outcome === 'replaced') {
      throw new AppError(
        'registration_replaced',
        'This email was registered again after you, so this code is not for your sign-up. Register again to get a new code.',
        409,
      );
    }
    return outcome;
  }

  /** Sends a new code when one is due; unknown or confirmed addresses get the same answer. */
  async function sendCode(address: string, purpose: 'confirm_account' | 'password_reset') {
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const user = await repository.findUserByEmail(tx, address);
      const eligible =
        user !== undefined &&
        (purpose === 'password_reset'
          ? user.email_confirmed_at !== null
          : user.email_confirmed_at === null);
      const code = await issueCode(tx, { email: address, purpose, now, secret, deliver: eligible });
      if (!code || !user) return;
      await outbox.queue(
        tx,
        purpose === 'password_reset'
          ? resetCodeEmail(user.email, user.first_name, code)
          : welcomeCodeEmail(user.email, user.first_name, code),
      );
    });
    outbox.flush();
  }

  /**
   * Signs in. Wrong passwords count against the address (not only the IP) unless this device
   * signed in to it before; see sign-in-throttle.ts.
   */
  async function login(
    input: { email: string; password: string },
    deviceToken: string | undefined,
    device?: SignInDevice,
  ): Promise<{ user: User; token: string; deviceToken: string }> {
    const now = clock.now();
    const user = await repository.findUserByEmail(database.db, input.email);
    const trusted =
      user !== undefined && isTrustedDevice(secret, input.email, user.password_hash, deviceToken);
    // Counted before the password is checked, so guesses sent at once cannot outrun the block.
    const attempts = trusted ? 0 : await admitAttempt(database.db, input.email, now);
    const matches = await verifyPassword(
      user?.password_hash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !matches) {
      if (user && attempts === failuresBeforeBlock) await tellOwnerOfGuesses(user, now);
      if (user && device)
        await recordSignIn(database.db, { userId: user.id, outcome: 'failure', device, now });
      throw new AppError('invalid_credentials', 'Incorrect email or password', 401);
    }
    if (!user.email_confirmed_at) {
      await clearFailures(database.db, input.email);
      await sendCode(user.email, 'confirm_account').catch(() => undefined);
      throw new AppError(
        'account_not_confirmed',
        `Confirm your email before signing in; we have sent a new code to ${user.email}`,
        403,
      );
    }
    const token = await database.unitOfWork(async (tx) => {
      await clearFailures(tx, user.email);
      return openSession(tx, user.id, now, sessionPolicy, device);
    });
    return {
      user: repository.toUser(user),
      token,
      deviceToken:
        trusted && deviceToken
          ? deviceToken
          : trustedDeviceToken(secret, user.email, user.password_hash),
    };
  }

  /** The owner hears of wrong passwords once, when their address gets blocked. */
  async function tellOwnerOfGuesses(user: repository.UserRow, now: Date) {
    await database.unitOfWork(async (tx) => {
      await insertNotification(tx, {
        userId: user.id,
        title: 'Failed sign-in attempts',
        body: 'Someone tried to sign in to your account several times with a wrong password. If it was not you, consider changing your password.',
        now,
      });
      await outbox.queue(tx, signInAttemptsEmail(user.email, user.first_name));
    });
    outbox.flush();
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
      await clearFailures(tx, user.email);
      await outbox.queue(tx, passwordChangedEmail(user.email, user.first_name));
      return true;
    });
    if (!changed) throw invalidCode();
    outbox.flush();
  }

  /** A signed-in password change: every other session ends, this one stays. */
  async function changeOwnPassword(
    userId: string,
    currentSessionId: string,
    input: { current_password: string; new_password: string },
  ) {
    const user = await repository.findUserById(database.db, userId);
    const passwordOk =
      user !== undefined &&
      (await checkPasswordAgain(
        database.db,
        { email: user.email, passwordHash: user.password_hash },
        input.current_password,
        clock.now(),
      ));
    if (!user || !passwordOk) {
      throw new AppError('invalid_credentials', 'Your current password is not correct', 400, [
        { path: 'current_password', message: 'Your current password is not correct' },
      ]);
    }
    if (input.new_password === input.current_password) {
      const message = 'Choose a new password that is different from your current one';
      throw new AppError('password_unchanged', message, 400, [{ path: 'new_password', message }]);
    }
    const passwordHash = await hashPassword(input.new_password);
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      await repository.updatePasswordHash(tx, userId, passwordHash, now);
      await revokeAllSessions(tx, userId, now, currentSessionId);
      await outbox.queue(tx, passwordChangedEmail(user.email, user.first_name));
    });
    outbox.flush();
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
