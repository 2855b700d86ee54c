import { sql } from 'drizzle-orm';
import { bannerAdverts, catalogue } from './catalogue.ts';
import { systemAccountNames } from '../ledger/account-codes.ts';
import { openWallet, systemAccount, transfer } from '../ledger/ledger.service.ts';
import type { Clock } from '../platform/clock.ts';
import { rows, type Database } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';

export const demoUser = {
  email: 'demo@ajo.test',
  password: 'AjoDemo2026!',
  firstName: 'Ada',
  lastName: 'Okafor',
  phone: '8031234567',
  referralCode: 'ADAOKA01',
  openingBalanceMinor: 250_000_00n,
};

export interface SeedResult {
  demoUser?: { email: string; password: string };
}

/**
 * Idempotent: configurations are inserted when missing (an operator's later change is kept),
 * system ledger accounts are opened, and outside production a demo user with a funded wallet.
 */
export async function seed(
  database: Database,
  options: { demo: boolean; clock: Clock },
): Promise<SeedResult> {
  await database.unitOfWork(async (tx) => {
    for (const configuration of catalogue) {
      await tx.execute(sql`insert into configurations (name, value)
        values (${configuration.name}, ${JSON.stringify(configuration.value)}::jsonb)
        on conflict (name) do nothing`);
    }
    for (const advert of bannerAdverts) {
      await tx.execute(sql`insert into adverts (slug, title, body, cta_label, cta_path, position)
        values (${advert.slug}, ${advert.title}, ${advert.body}, ${advert.ctaLabel},
                ${advert.ctaPath}, ${advert.position})
        on conflict (slug) do update set title = excluded.title, body = excluded.body,
          cta_label = excluded.cta_label, cta_path = excluded.cta_path,
          position = excluded.position`);
    }
    for (const name of systemAccountNames) {
      await systemAccount(tx, name, 'NGN');
      await systemAccount(tx, name, 'USD');
    }
  });
  if (!options.demo) return {};
  const passwordHash = await hashPassword(demoUser.password);
  await database.unitOfWork(async (tx) => {
    const [user] = await rows<{ id: string }>(
      tx,
      sql`insert into users (email, password_hash, first_name, last_name, phone, status, tier,
                             referral_code, email_confirmed_at)
          values (${demoUser.email}, ${passwordHash}, ${demoUser.firstName}, ${demoUser.lastName},
                  ${demoUser.phone}, 'ACTIVE', 1, ${demoUser.referralCode},
                  ${options.clock.now().toISOString()})
          on conflict (email) do update set email = excluded.email
          returning id`,
    );
    if (!user) throw new Error('the demo user could not be created');
    const wallet = await openWallet(tx, user.id, 'NGN');
    await openWallet(tx, user.id, 'USD');
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    await transfer(tx, {
      idempotencyKey: `seed:demo:${user.id}:opening-balance`,
      kind: 'sandbox_funding',
      description: 'Demo opening balance',
      currency: 'NGN',
      fromAccountId: funding.id,
      toAccountId: wallet.id,
      amountMinor: demoUser.openingBalanceMinor,
      at: options.clock.now(),
    });
  });
  return { demoUser: { email: demoUser.email, password: demoUser.password } };
}
