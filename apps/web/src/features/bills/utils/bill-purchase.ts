import type {
  AirtimeBody,
  BettingBody,
  Biller,
  DataBundleBody,
  DataPlan,
  ElectricityBody,
  MeterType,
} from '@ajo/contracts/bills';
import { normalizeNigerianPhone } from '@ajo/contracts/phone';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { readablePhone } from './phone-network.ts';

/** Who the biller said owns a meter or betting account. */
export interface VerifiedCustomer {
  name: string;
  /** The meter's address; null for betting accounts. */
  address: string | null;
}

/** What the person is about to pay for, as the confirmation shows it and the API takes it. */
export type BillPurchase =
  /** `ported`: the person said the number moved to this network (it keeps another's prefix). */
  | { kind: 'airtime'; biller: Biller; phone: string; ported?: boolean; amountMinor: bigint }
  | { kind: 'data'; biller: Biller; phone: string; ported?: boolean; plan: DataPlan }
  | {
      kind: 'electricity';
      biller: Biller;
      meterNumber: string;
      meterType: MeterType;
      customer: VerifiedCustomer;
      amountMinor: bigint;
    }
  | {
      kind: 'betting';
      biller: Biller;
      customerId: string;
      customer: VerifiedCustomer;
      amountMinor: bigint;
    };

/** The phone as the API takes it: the 10 digits after +234 (the contract accepts any form). */
const apiPhone = (typed: string) => normalizeNigerianPhone(typed) ?? typed;

/** The purchase's endpoint and body (the contract's shapes). */
export function purchaseRequest(
  purchase: BillPurchase,
):
  | { path: '/bill_payments/airtime'; body: AirtimeBody }
  | { path: '/bill_payments/data-bundle'; body: DataBundleBody }
  | { path: '/bill_payments/electricity'; body: ElectricityBody }
  | { path: '/bill_payments/betting'; body: BettingBody } {
  switch (purchase.kind) {
    case 'airtime':
      return {
        path: '/bill_payments/airtime',
        body: {
          biller_id: purchase.biller.id,
          phone: apiPhone(purchase.phone),
          amount: formatMinorAsDecimal(purchase.amountMinor),
          ...(purchase.ported === true ? { ported_number: true } : {}),
        },
      };
    case 'data':
      return {
        path: '/bill_payments/data-bundle',
        body: {
          biller_id: purchase.biller.id,
          phone: apiPhone(purchase.phone),
          plan_code: purchase.plan.code,
          ...(purchase.ported === true ? { ported_number: true } : {}),
        },
      };
    case 'electricity':
      return {
        path: '/bill_payments/electricity',
        body: {
          biller_id: purchase.biller.id,
          meter_number: purchase.meterNumber,
          meter_type: purchase.meterType,
          amount: formatMinorAsDecimal(purchase.amountMinor),
        },
      };
    case 'betting':
      return {
        path: '/bill_payments/betting',
        body: {
          biller_id: purchase.biller.id,
          customer_id: purchase.customerId,
          amount: formatMinorAsDecimal(purchase.amountMinor),
        },
      };
  }
}

export interface SummaryRow {
  label: string;
  value: string;
}

const meterTypeLabels: Record<MeterType, string> = { prepaid: 'Prepaid', postpaid: 'Postpaid' };

/** "0805 123 4567", and "(moved to MTN)" after a number the person said was ported. */
const phoneLine = (purchase: { biller: Biller; phone: string; ported?: boolean }) =>
  purchase.ported === true
    ? `${readablePhone(purchase.phone)} (moved to ${purchase.biller.short_name})`
    : readablePhone(purchase.phone);

/** The confirmation's lines above the money: what is bought, and for whom. */
export function purchaseSummaryRows(purchase: BillPurchase): SummaryRow[] {
  switch (purchase.kind) {
    case 'airtime':
      return [
        { label: 'Service', value: `${purchase.biller.short_name} airtime` },
        { label: 'Phone number', value: phoneLine(purchase) },
      ];
    case 'data':
      return [
        { label: 'Service', value: `${purchase.biller.short_name} data` },
        { label: 'Plan', value: `${purchase.plan.name} · ${purchase.plan.validity}` },
        { label: 'Phone number', value: phoneLine(purchase) },
      ];
    case 'electricity':
      return [
        {
          label: 'Service',
          value: `${purchase.biller.short_name} · ${meterTypeLabels[purchase.meterType]}`,
        },
        { label: 'Meter number', value: purchase.meterNumber },
        { label: 'Name', value: purchase.customer.name },
        ...(purchase.customer.address === null
          ? []
          : [{ label: 'Address', value: purchase.customer.address }]),
      ];
    case 'betting':
      return [
        { label: 'Service', value: `${purchase.biller.short_name} top-up` },
        { label: 'Account ID', value: purchase.customerId },
        { label: 'Name', value: purchase.customer.name },
      ];
  }
}

/** The amount the purchase pays the biller (a data plan's price), before any fee. */
export function purchaseAmountMinor(purchase: BillPurchase): bigint {
  return purchase.kind === 'data' ? parseAmount(purchase.plan.amount) : purchase.amountMinor;
}

/** "Pay ₦1,000.00 for MTN airtime?": the confirmation's question, without the amount. */
export function purchaseHeadline(purchase: BillPurchase): string {
  switch (purchase.kind) {
    case 'airtime':
      return `${purchase.biller.short_name} airtime for ${readablePhone(purchase.phone)}`;
    case 'data':
      return `${purchase.plan.name} for ${readablePhone(purchase.phone)}`;
    case 'electricity':
      return `${purchase.biller.short_name} ${purchase.meterType} meter ${purchase.meterNumber}`;
    case 'betting':
      return `${purchase.biller.short_name} account ${purchase.customerId}`;
  }
}
