import { useState } from 'react';
import type { Biller, MeterType } from '@ajo/contracts/bills';
import { useBillers } from '../api/get-billers.ts';
import type { VerifiedCustomer } from '../utils/bill-purchase.ts';
import type { BillQuote } from '../utils/bill-quote.ts';
import { useCustomerVerification } from './use-customer-verification.ts';
import { useQuotedBillAmount } from './use-quoted-bill-amount.ts';

/** How the customer's number (a meter number, a betting account ID) is typed and checked. */
export interface CustomerNumberRule {
  /** A whole number, once trimmed. */
  pattern: RegExp;
  /** Characters dropped as they are typed. */
  dropped: RegExp;
  /** Shown once the number has been left or submitted without fitting `pattern`. */
  message: string;
}

/** A verified customer at a biller, ready to be paid this amount at this quote. */
export interface VerifiedPayment {
  biller: Biller;
  customer: VerifiedCustomer;
  amountMinor: bigint;
  quote: BillQuote;
}

/**
 * A bill paid to a customer the biller confirms first (electricity, betting): a biller, the
 * customer's number, Verify, and only then an amount. The first submit verifies; once the biller
 * has named the customer and the quote is for the amount in the box, the next one pays. A meter's
 * type is part of what is verified, so electricity passes it in.
 */
export function useVerifiedBillForm(type: 4 | 5, rule: CustomerNumberRule, meterType?: MeterType) {
  const billers = useBillers(type);
  const [billerId, setBillerId] = useState<string | undefined>(undefined);
  const biller = billers.data?.find((candidate) => candidate.id === billerId) ?? billers.data?.[0];
  const [customerId, setCustomerId] = useState('');
  const [touched, setTouched] = useState(false);
  const isWhole = rule.pattern.test(customerId.trim());
  const verification = useCustomerVerification(
    type,
    biller ? { billerId: biller.id, customerId, meterType } : undefined,
  );
  const quoted = useQuotedBillAmount(type);
  const { customer } = verification;

  return {
    billers,
    biller,
    customerId,
    /** The biller's answer for the details now in the form, or undefined. */
    customer,
    quoted,
    isVerifying: verification.isVerifying,
    customerError: touched && !isWhole ? rule.message : verification.error,
    pickBiller: (id: string) => {
      setBillerId(id);
    },
    typeCustomerId: (typed: string) => {
      setCustomerId(typed.replace(rule.dropped, ''));
    },
    /** Leaving the box with something in it shows whether the number fits. */
    leaveCustomerId: () => {
      if (customerId !== '') setTouched(true);
    },
    /** A repeat payment: the biller and number paid before, verified again at once. */
    fill: (picked: { billerId: string; customerId: string; meterType?: MeterType }) => {
      setBillerId(picked.billerId);
      setCustomerId(picked.customerId);
      verification.start(picked);
    },
    /** Verifies the customer, or, once verified and quoted, hands the payment to `pay`. */
    submit: (pay: (payment: VerifiedPayment) => void) => {
      setTouched(true);
      if (!biller || !isWhole) return;
      if (!customer) {
        verification.start({ billerId: biller.id, customerId, meterType });
        return;
      }
      const quote = quoted.currentQuote;
      if (!quote || quoted.amountMinor === null) return;
      pay({ biller, customer, amountMinor: quoted.amountMinor, quote });
    },
  };
}

export type VerifiedBillForm = ReturnType<typeof useVerifiedBillForm>;
