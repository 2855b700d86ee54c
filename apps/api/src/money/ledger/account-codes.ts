import type { Currency } from '@ajo/money/currency';

/** System accounts: the other side of users' money. They may go negative. */
export const systemAccountNames = [
  'provider_settlement',
  'fees_revenue',
  'interest_expense',
  /** Interest accrued to savers and not yet paid: a liability, per plan in savings_accruals. */
  'accrued_interest',
  /** 10% withholding tax kept from interest paid to savers, owed to the tax authority. */
  'withholding_tax_payable',
  'fx',
  /** The house's side of commodity trades: naira paid for units bought, paid out for units sold. */
  'commodity_trading',
  'suspense',
  'sandbox_funding',
] as const;

export type SystemAccountName = (typeof systemAccountNames)[number];

export const systemAccountCode = (name: SystemAccountName, currency: Currency) =>
  `system:${name}:${currency}`;

export const walletAccountCode = (userId: string, currency: Currency) =>
  `user:${userId}:wallet:${currency}`;

/** Deposits above the KYC tier's caps wait here until the user upgrades (DOMAIN.md). */
export const onHoldAccountCode = (userId: string, currency: Currency) =>
  `user:${userId}:on_hold:${currency}`;

/** A user's product account: one savings plan or one holding (ARCHITECTURE.md, Ledger). */
export const productAccountCode = (
  userId: string,
  product: string,
  productId: string,
  currency: Currency,
) => `user:${userId}:${product}:${productId}:${currency}`;
