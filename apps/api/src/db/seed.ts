import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { billers, dataPlans } from './bill-catalogue.ts';
import { bannerAdverts, catalogue } from './catalogue.ts';
import { seedInvestmentCatalogue } from './investment-catalogue.ts';
import { predefinedTargetSeeds, savingsProductSeeds } from './savings-catalogue.ts';
import { systemAccountNames } from '../money/ledger/account-codes.ts';
import { insertActivity } from '../money/activity.ts';
import { openWallet, systemAccount, transfer } from '../money/ledger/ledger.service.ts';
import type { Clock } from '../platform/clock.ts';
import { rows, type Database, type Tx } from '../platform/db.ts';
import { fieldCrypto } from '../platform/field-crypto.ts';
import { hashPassword } from '../platform/passwords.ts';
import { pinHasher } from '../platform/pin-hash.ts';
import { sandboxBank } from '../providers/payments/sandbox.ts';
import { buildNuban } from '../providers/virtual-accounts/nuban.ts';

export const demoUser = {
  email: 'demo@ajo.test',
  password: 'AjoDemo2026!',
  /** The transaction PIN asked for on every money-out action (1234 would be refused as weak). */
  transactionPin: '2580',
  firstName: 'Ada',
  lastName: 'Okafor',
  phone: '8031234567',
  referralCode: 'ADAOKA01',
  openingBalanceMinor: 250_000_00n,
  /** In the sandbox's "matches any name" family, leaving 22222222222 free for new users. */
  bvn: '22000000001',
  /** Far from the sandbox's own serials (which start at 1), so new accounts never collide. */
  accountSerial: '900000001',
};

/**
 * Two operators for trying the console in the sandbox (two, so a money correction one proposes
 * the other can approve). The TOTP secrets are public, so any authenticator app (or the sandbox
 * mailbox page, which shows their current codes) gives the code. Never seeded in production.
 */
export const sandboxOperators = [
  {
    email: 'ops@ajo.test',
    name: 'Tunde Bakare',
    password: 'AjoOperator2026!',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  {
    email: 'checker@ajo.test',
    name: 'Ngozi Eze',
    password: 'AjoChecker2026!',
    totpSecret: 'KRUGS4ZANFZSAYJAONSWG4TFOQQGC3TE',
  },
] as const;

export interface SeedResult {
  demoUser?: { email: string; password: string };
}

/**
 * Idempotent: configurations are inserted when missing (an operator's later change is kept),
 * system ledger accounts are opened, and outside production a demo user with a funded wallet.
 */
export async function seed(
  database: Database,
  options: { demo: boolean; clock: Clock; appSecret?: string },
): Promise<SeedResult> {
  await seedCatalogueOnly(database);
  if (!options.demo) return {};
  const appSecret = options.appSecret ?? 'ajo-development-secret-not-for-production-use';
  await seedSandboxOperators(database, appSecret);
  return seedDemoUser(database, options.clock, appSecret);
}

/** The sandbox's operators, when missing (their passwords and secrets are documented). */
export async function seedSandboxOperators(database: Database, appSecret: string): Promise<void> {
  const crypto = fieldCrypto(appSecret);
  for (const operator of sandboxOperators) {
    await database.db.execute(sql`insert into operators (email, name, password_hash,
        totp_secret_ciphertext)
      values (${operator.email}, ${operator.name}, ${await hashPassword(operator.password)},
        ${crypto.encrypt(operator.totpSecret)})
      on conflict (email) do nothing`);
  }
}

/** Configurations, adverts and system accounts: what every deployment needs. */
export async function seedCatalogueOnly(database: Database): Promise<void> {
  await database.unitOfWork(async (tx) => {
    for (const configuration of catalogue) {
      await tx.execute(sql`insert into configurations (name, value)
        values (${configuration.name}, ${JSON.stringify(configuration.value)}::jsonb)
        on conflict (name) do nothing`);
      // Items added since the configuration was first written (a new product's limits and
      // fees) are appended; items already there keep the operator's values.
      await tx.execute(sql`update configurations c
          set value = c.value || coalesce((
            select jsonb_agg(item) from jsonb_array_elements(${JSON.stringify(configuration.value)}::jsonb) item
             where not exists (select 1 from jsonb_array_elements(c.value) existing
                                where existing->>'id' = item->>'id')), '[]'::jsonb)
        where c.name = ${configuration.name} and jsonb_typeof(c.value) = 'array'`);
    }
    await seedBillCatalogue(tx);
    await seedInvestmentCatalogue(tx);
    // Inserted when missing only: the operator's rates are kept (plans keep their own anyway).
    for (const [position, product] of savingsProductSeeds.entries()) {
      await tx.execute(sql`insert into savings_products (slug, name, description, currency,
            minimum_minor, position, meta)
          values (${product.slug}, ${product.name}, ${product.description}, ${product.currency},
                  ${product.minimumMinor.toString()}, ${position}, ${JSON.stringify(product.meta)}::jsonb)
          on conflict (slug) do nothing`);
    }
    // The challenge's group targets, dated from the first start (an operator's changes are kept).
    for (const [position, target] of predefinedTargetSeeds.entries()) {
      await tx.execute(sql`insert into savings_predefined_targets (product_id, slug, name,
            amount_minor, start_on, end_on, meta, position)
          select p.id, ${target.slug}, ${target.name}, ${target.amountMinor.toString()},
                 current_date + ${target.startsInDays}::int,
                 current_date + ${target.startsInDays + target.lastsDays}::int,
                 ${JSON.stringify(target.meta)}::jsonb, ${position}
            from savings_products p where p.slug = 'olympic_challenge'
          on conflict (slug) do nothing`);
    }
    // Adverts missing are added; existing ones keep what an operator changed (the console).
    for (const advert of bannerAdverts) {
      await tx.execute(sql`insert into adverts (slug, title, body, cta_label, cta_path, position)
        values (${advert.slug}, ${advert.title}, ${advert.body}, ${advert.ctaLabel},
                ${advert.ctaPath}, ${advert.position})
        on conflict (slug) do nothing`);
    }
    for (const name of systemAccountNames) {
      await systemAccount(tx, name, 'NGN');
      await systemAccount(tx, name, 'USD');
    }
  });
}

/** Billers and data plans, upserted by id (a later change of name, colour or price lands). */
async function seedBillCatalogue(tx: Tx): Promise<void> {
  for (const [position, biller] of billers.entries()) {
    await tx.execute(sql`insert into bill_billers (id, type, name, short_name, service_id,
          prefixes, colour, position)
        values (${biller.id}, ${biller.type}, ${biller.name}, ${biller.shortName},
                ${biller.serviceId}, ${JSON.stringify(biller.prefixes)}::jsonb, ${biller.colour},
                ${position})
        on conflict (id) do update set type = excluded.type, name = excluded.name,
          short_name = excluded.short_name, service_id = excluded.service_id,
          prefixes = excluded.prefixes, colour = excluded.colour, position = excluded.position`);
  }
  for (const plan of dataPlans) {
    await tx.execute(sql`insert into bill_plans (biller_id, code, name, amount_minor, validity,
          position)
        values (${plan.billerId}, ${plan.code}, ${plan.name}, ${plan.amountMinor.toString()},
                ${plan.validity}, ${plan.position})
        on conflict (biller_id, code) do update set name = excluded.name,
          amount_minor = excluded.amount_minor, validity = excluded.validity,
          position = excluded.position`);
  }
}

/**
 * The demo user: identity verified (tier 2), a sandbox virtual account, and an opening balance
 * that shows in the history like any transfer in.
 */
async function seedDemoUser(
  database: Database,
  clock: Clock,
  appSecret: string,
): Promise<SeedResult> {
  const passwordHash = await hashPassword(demoUser.password);
  const crypto = fieldCrypto(appSecret);
  const options = { clock };
  // The demo's identity check, decided at once: a plain square stands for its selfie.
  const selfie = await sharp({
    create: { width: 96, height: 96, channels: 3, background: '#cbd5e1' },
  })
    .jpeg()
    .toBuffer();
  await database.unitOfWork(async (tx) => {
    const [user] = await rows<{ id: string }>(
      tx,
      sql`insert into users (email, password_hash, first_name, last_name, phone, status, tier,
                             referral_code, email_confirmed_at)
          values (${demoUser.email}, ${passwordHash}, ${demoUser.firstName}, ${demoUser.lastName},
                  ${demoUser.phone}, 'ACTIVE', 2, ${demoUser.referralCode},
                  ${options.clock.now().toISOString()})
          on conflict (email) do update set email = excluded.email
          returning id`,
    );
    if (!user) throw new Error('the demo user could not be created');
    const now = options.clock.now().toISOString();
    const pinHash = pinHasher(appSecret).hash(user.id, demoUser.transactionPin);
    await tx.execute(sql`insert into transaction_pins (user_id, pin_hash, set_at)
        values (${user.id}, ${pinHash}, ${now}) on conflict (user_id) do nothing`);
    await tx.execute(sql`insert into identity_verifications (user_id, status, address_ciphertext,
          date_of_birth_ciphertext, phone_ciphertext, country_alpha_2_code, country_alpha_3_code,
          country_dial_code, country_of_residence, ip_address, selfie_ciphertext, face_confidence,
          submitted_at, decided_at)
        select ${user.id}, 'ACTIVE', ${crypto.encrypt('12 Admiralty Way, Lekki, Lagos')},
          ${crypto.encrypt('1994-06-15')}, ${crypto.encrypt(demoUser.phone)}, 'NG', 'NGA', '+234',
          'Nigeria', '127.0.0.1', ${crypto.encrypt(selfie)}, 99, ${now}, ${now}
        where not exists (select 1 from identity_verifications where user_id = ${user.id})`);
    await tx.execute(sql`insert into bvn_records (user_id, bvn_ciphertext, bvn_index, first_name,
          last_name, date_of_birth_ciphertext, phone_ciphertext, verified_at)
        values (${user.id}, ${crypto.encrypt(demoUser.bvn)}, ${crypto.blindIndex(demoUser.bvn)},
          ${demoUser.firstName}, ${demoUser.lastName}, ${crypto.encrypt('1994-06-15')},
          ${crypto.encrypt(demoUser.phone)}, ${now})
        on conflict do nothing`);
    const accountNumber = buildNuban(sandboxBank.institution, demoUser.accountSerial);
    await tx.execute(sql`insert into sandbox_virtual_accounts (account_number, customer_reference,
          account_name, created_at)
        values (${accountNumber}, ${user.id}, ${`${demoUser.firstName} ${demoUser.lastName}`}, ${now})
        on conflict do nothing`);
    await tx.execute(sql`insert into virtual_accounts (user_id, provider, account_reference,
          provider_reference, account_number, account_name, bank_name, bank_code, created_at)
        values (${user.id}, 'sandbox', 'AJO-VA-DEMO', ${`SBX-DVA-${accountNumber}`},
          ${accountNumber}, ${`${demoUser.firstName} ${demoUser.lastName}`}, ${sandboxBank.name},
          ${sandboxBank.code}, ${now})
        on conflict do nothing`);
    const wallet = await openWallet(tx, user.id, 'NGN');
    await openWallet(tx, user.id, 'USD');
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    // One instant for the activity row and its movement: the statement pairs them by it.
    const openedAt = options.clock.now();
    const opening = await insertActivity(tx, {
      userId: user.id,
      kind: 'deposit',
      status: 'successful',
      direction: 'credit',
      channel: 'bank_transfer',
      currency: 'NGN',
      amountMinor: demoUser.openingBalanceMinor,
      feeMinor: 0n,
      reference: 'AJO-DEMO-OPENING',
      provider: 'sandbox',
      providerReference: 'SBX-DEMO-OPENING',
      description: 'Demo opening balance',
      at: openedAt,
    });
    // Seeded before: its provider reference is recorded, and the money moved then.
    if (!opening) return;
    // The sandbox bank's own record of that transfer, so reconciliation finds both sides.
    await tx.execute(sql`insert into sandbox_payments (reference, kind, status, amount_minor,
        currency, account_number, sender_name, transaction_id, created_at, paid_at)
      values ('SBX-DEMO-OPENING', 'transfer', 'success', ${demoUser.openingBalanceMinor.toString()},
        'NGN', ${accountNumber}, 'Ajo Sandbox Funding', '4000000000', ${now}, ${now})
      on conflict (reference) do nothing`);
    await transfer(tx, {
      idempotencyKey: `seed:demo:${user.id}:opening-balance`,
      kind: 'sandbox_funding',
      description: 'Demo opening balance',
      currency: 'NGN',
      fromAccountId: funding.id,
      toAccountId: wallet.id,
      amountMinor: demoUser.openingBalanceMinor,
      at: openedAt,
    });
  });
  return { demoUser: { email: demoUser.email, password: demoUser.password } };
}
