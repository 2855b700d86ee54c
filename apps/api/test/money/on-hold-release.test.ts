import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseOnHoldWhereRoom } from '../../src/money/credits.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import {
  anyBvnIdentity,
  fundByTransfer,
  listTransactions,
  notificationsOf,
  upgradeToTier2,
  wallets,
  type TransactionView,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import {
  newWithdrawer,
  settlePayoutVia,
  spendFromWallet,
  withdrawVia,
  type WithdrawAnswer,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';

/*
 * Money held above a tier's caps (decision 0008) is released by what caused it: the part above
 * the balance cap when the wallet has room again, the part above the single-deposit cap only by
 * an upgrade. Tier 1: single deposit ₦50,000, balance ₦300,000; tier 2: ₦100,000 and ₦500,000.
 */
describe(`money on hold, released (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  interface Holder extends Withdrawer {
    virtualAccount: string;
  }

  async function holder(label: string): Promise<Holder> {
    const user = await newWithdrawer(call, context.database, { label });
    const [account] = await rows<{ account_number: string }>(
      context.database.db,
      sql`select account_number from virtual_accounts where user_id = ${user.userId}`,
    );
    if (!account) throw new Error('no virtual account');
    return { ...user, virtualAccount: account.account_number };
  }

  /** A bank transfer in, a second after the one before: "oldest first" has an order to keep. */
  async function send(user: Holder, amount: number, reference?: string) {
    context.clock.advance(1_000);
    await fundByTransfer(context.app, { accountNumber: user.virtualAccount }, amount, reference);
  }

  /** Brings a tier-1 wallet to its ₦300,000 balance cap with credits under the deposit cap. */
  async function fillToCap(user: Holder) {
    for (let index = 0; index < 6; index += 1) await send(user, 50_000);
  }

  /** A paid withdrawal: the wallet loses amount + ₦50 fee. */
  async function paidWithdrawal(user: Holder, amount: string) {
    const answer = await withdrawVia(call, user.token, {
      amount,
      bank_account_id: user.bankAccountId,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { reference } = answer.json<WithdrawAnswer>().data.transaction;
    const settled = await settlePayoutVia(call, reference, 'success');
    expect(settled.statusCode, settled.body).toBe(200);
  }

  const spend = (user: Holder, amountMinor: bigint) =>
    spendFromWallet(context.database, user.userId, amountMinor, context.clock.now());

  const creditOf = async (user: Holder, providerReference: string): Promise<TransactionView> => {
    const found = (await listTransactions(context.app, user.token, '?size=100')).find(
      (credit) => credit.provider_reference === providerReference,
    );
    if (!found) throw new Error(`no credit ${providerReference}`);
    return found;
  };

  it('when a tier-1 deposit is above the single-deposit cap, then spending does not release that part; only the upgrade does', async () => {
    const user = await holder('above.cap');
    await send(user, 60_000, 'SBX-HOLD-CAP');
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '50000.00', on_hold_amount: '10000.00' },
    });
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.find((notice) => notice.title === 'Part of a deposit is on hold')?.body).toBe(
      "₦10,000.00 of your ₦60,000.00 deposit is above your account's limits and is on hold. Verify your identity to raise your limits and receive it.",
    );

    // A paid withdrawal and a payment elsewhere leave plenty of room under the balance cap.
    await paidWithdrawal(user, '10000');
    await spend(user, 5_000_00n);
    context.clock.advance(6 * 60_000);
    await context.app.jobs.tick();
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '34950.00', on_hold_amount: '10000.00' },
    });
    expect(await creditOf(user, 'SBX-HOLD-CAP')).toMatchObject({
      on_hold_amount: '10000.00',
      on_hold_released_amount: '0.00',
      on_hold_released_at: null,
    });

    // Tier 2 lets a single deposit bring in ₦100,000: the ₦10,000 is released.
    await upgradeToTier2(context, user);
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '44950.00', on_hold_amount: '0.00' },
    });
    const released = await creditOf(user, 'SBX-HOLD-CAP');
    expect(released).toMatchObject({ on_hold_released_amount: '10000.00' });
    expect(released.on_hold_released_at).toBeTruthy();
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a paid withdrawal makes room, then only the part held for the balance cap is released, oldest credit first and part of a credit at a time', async () => {
    const user = await holder('room');
    await fillToCap(user);
    // At the cap: all of ₦60,000 is held, ₦50,000 of it for the balance cap and ₦10,000 above
    // the single-deposit cap.
    await send(user, 60_000, 'SBX-HOLD-ROOM');
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '60000.00' },
    });
    // All of it is held, and the notice says so rather than "part of".
    const held = (await notificationsOf(context.app, user.token)).find(
      (notice) => notice.title === 'A deposit is on hold',
    );
    expect(held?.body).toBe(
      "Your ₦60,000.00 deposit is above your account's limits and is on hold. Verify your identity to raise your limits and receive it.",
    );
    const received = (await notificationsOf(context.app, user.token)).find(
      (notice) => notice.title === 'Money received' && notice.body.includes('60,000'),
    );
    expect(received?.body).toMatch(/^₦60,000\.00 from .+ arrived and is on hold\.$/);

    // ₦30,050 leaves (₦30,000 and the fee): ₦30,050 of the held part fits again.
    await paidWithdrawal(user, '30000');
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '29950.00' },
    });
    expect(await creditOf(user, 'SBX-HOLD-ROOM')).toMatchObject({
      on_hold_amount: '60000.00',
      on_hold_released_amount: '30050.00',
      on_hold_released_at: null,
    });
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.find((notice) => notice.title === 'On-hold money released')?.body).toBe(
      '₦30,050.00 that was on hold is now in your wallet.',
    );

    // Another ₦30,050 leaves, but the credit may bring in only ₦19,950 more (₦50,000 in all).
    await paidWithdrawal(user, '30000');
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '289900.00', on_hold_amount: '10000.00' },
    });
    expect(await creditOf(user, 'SBX-HOLD-ROOM')).toMatchObject({
      on_hold_released_amount: '50000.00',
      on_hold_released_at: null,
    });
    const releases = await rows<{ description: string }>(
      context.database.db,
      sql`select e.description from journal_entries e
            join postings p on p.entry_id = e.id
            join ledger_accounts a on a.id = p.account_id
           where e.kind = 'release_on_hold' and a.owner_user_id = ${user.userId}
             and a.kind = 'user_wallet'
           order by e.created_at, e.id`,
    );
    expect(releases.map((entry) => entry.description)).toEqual([
      'On-hold deposit released: your balance is under its limit again',
      'On-hold deposit released: your balance is under its limit again',
    ]);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a payment other than a withdrawal makes room, then the release job moves what fits, oldest credit first', async () => {
    const user = await holder('job');
    await fillToCap(user);
    await send(user, 20_000, 'SBX-HOLD-OLD'); // all held for the balance cap
    await send(user, 30_000, 'SBX-HOLD-NEW'); // all held for the balance cap
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.find((notice) => notice.title === 'A deposit is on hold')?.body).toMatch(
      /It moves to your wallet when your balance has room for it, or as soon as you verify your identity\.$/,
    );

    await spend(user, 25_000_00n);
    context.clock.advance(6 * 60_000);
    await context.app.jobs.tick();
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '25000.00' },
    });
    const older = await creditOf(user, 'SBX-HOLD-OLD');
    expect(older).toMatchObject({ on_hold_released_amount: '20000.00' });
    expect(older.on_hold_released_at).toBeTruthy();
    expect(await creditOf(user, 'SBX-HOLD-NEW')).toMatchObject({
      on_hold_released_amount: '5000.00',
      on_hold_released_at: null,
    });

    // The next run finds no room and moves nothing.
    context.clock.advance(6 * 60_000);
    await context.app.jobs.tick();
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '25000.00' },
    });
    const releases = (await notificationsOf(context.app, user.token)).filter(
      (notice) => notice.title === 'On-hold money released',
    );
    expect(releases).toHaveLength(1);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it("when two workers release one user's held money at once, then the room is filled once and no more", async () => {
    const user = await holder('race');
    await fillToCap(user);
    await send(user, 40_000, 'SBX-HOLD-RACE'); // all held for the balance cap
    await spend(user, 15_000_00n);
    const released = await Promise.all([
      releaseOnHoldWhereRoom(context.database, context.clock.now()),
      releaseOnHoldWhereRoom(context.database, context.clock.now()),
      releaseOnHoldWhereRoom(context.database, context.clock.now()),
    ]);
    // Each worker takes the user's lock in turn: the first moves the money, the rest find no room.
    expect(released.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await wallets(context.app, user.token)).toMatchObject({
      NGN: { amount: '300000.00', on_hold_amount: '25000.00' },
    });
    expect(await creditOf(user, 'SBX-HOLD-RACE')).toMatchObject({
      on_hold_released_amount: '15000.00',
      on_hold_released_at: null,
    });
    const notices = (await notificationsOf(context.app, user.token)).filter(
      (notice) => notice.title === 'On-hold money released',
    );
    expect(notices).toHaveLength(1);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a tier-2 deposit is held for the balance cap, then its notice says room releases it', async () => {
    const user = await holder('tier.two');
    await upgradeToTier2(context, user);
    for (let index = 0; index < 5; index += 1) await send(user, 100_000);
    await send(user, 40_000);
    await send(user, 120_000);
    const bodies = (await notificationsOf(context.app, user.token))
      .filter((notice) => notice.title === 'A deposit is on hold')
      .map((notice) => notice.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        "Your ₦40,000.00 deposit is above your account's limits and is on hold. It moves to your wallet when your balance has room for it.",
        "Your ₦120,000.00 deposit is above your account's limits and is on hold. It is released when your account moves to a higher level.",
      ]),
    );
  });
});
