import type { BillPayment, BillType } from '@ajo/contracts/bills';
import { readablePhone } from './phone-network.ts';

/**
 * A prepaid token as it is keyed into a meter, in groups of four: "1234 5678 9012 3456 7890".
 * Anything that is not only digits (a vendor's own layout) is left as it came.
 */
export function groupToken(token: string): string {
  const digits = token.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return token.trim();
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const kindNames: Record<number, string> = {
  1: 'airtime',
  2: 'data',
  4: 'electricity',
  5: 'top-up',
};

/** The history's first line: "MTN airtime", "MTN 1GB", "Ikeja Electric token", "Bet9ja top-up". */
export function paymentTitle(payment: BillPayment): string {
  if (payment.type === 2 && payment.plan) return payment.plan.name;
  const billerName = payment.biller_name.replace(/\s*\(.*\)$/, '');
  if (payment.type === 4) {
    return `${billerName} ${payment.meter_type === 'postpaid' ? 'bill' : 'token'}`;
  }
  return `${billerName} ${kindNames[payment.type] ?? 'bill'}`;
}

/** What was bought, on the receipt: "MTN airtime", "Eko Electricity · prepaid", "Bet9ja top-up". */
export function paymentService(payment: BillPayment): string {
  const billerName = payment.biller_name.replace(/\s*\(.*\)$/, '');
  switch (payment.type as BillType) {
    case 1:
      return `${billerName} airtime`;
    case 2:
      return `${billerName} data`;
    case 4:
      return payment.meter_type === null
        ? billerName
        : `${billerName} · ${payment.meter_type === 'prepaid' ? 'Prepaid' : 'Postpaid'}`;
    case 5:
      return `${billerName} top-up`;
    default:
      return billerName;
  }
}

/** The history's second line: who or what was paid for. */
export function paymentRecipient(payment: BillPayment): string {
  switch (payment.type as BillType) {
    case 1:
    case 2:
      return readablePhone(payment.customer_id);
    case 4:
      return `Meter ${payment.customer_id}`;
    case 5:
      return `Account ${payment.customer_id}`;
    default:
      return payment.customer_id;
  }
}

/** The receipt's heading for each outcome, in the words of the kind of bill. */
export function receiptHeadline(payment: Pick<BillPayment, 'type' | 'status' | 'token'>): string {
  if (payment.status === 'pending') return 'Payment processing';
  if (payment.status === 'failed') return 'Payment failed';
  if (payment.status === 'reversed') return 'Payment reversed';
  if (payment.status === 'cancelled') return 'Payment cancelled';
  switch (payment.type as BillType) {
    case 1:
      return 'Airtime sent';
    case 2:
      return 'Data bundle sent';
    case 4:
      return payment.token === null ? 'Electricity bill paid' : 'Your token is ready';
    case 5:
      return 'Betting account funded';
    default:
      return 'Payment successful';
  }
}

/** What the receipt says under its heading while waiting, or after money went back. */
export function receiptExplanation(
  payment: Pick<BillPayment, 'status' | 'biller_name'>,
): string | undefined {
  const biller = payment.biller_name.replace(/\s*\(.*\)$/, '');
  switch (payment.status) {
    case 'pending':
      return `Waiting for ${biller} to confirm. This page updates by itself; you can also close it and we will notify you.`;
    case 'failed':
      return `${biller} could not complete this payment. The money is back in your wallet.`;
    case 'reversed':
      return `${biller} reversed this payment. The money is back in your wallet.`;
    case 'cancelled':
      return 'This payment was cancelled. Nothing left your wallet.';
    case 'successful':
      return undefined;
  }
}
