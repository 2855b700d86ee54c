import type { BillType } from '@ajo/contracts/bills';
import {
  naira,
  raiseLimitHint,
  type LimitWording,
  type LimitedOperation,
} from '../../money/limits.ts';
import type {
  MovementPolicy,
  SettledStatus,
} from '../../money/provider-movements/provider-movement.ts';
import { billDestinationSchema, type BillDestination } from './biller-payments.ts';

/** A phone's 10 digits after +234 as people read it: `0803 123 4567`. */
export const readablePhone = (digits: string) =>
  `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;

interface BillKind {
  /** `provider_movements.product`. */
  product: string;
  /** The `transaction_limits` and `processing_fees` item. */
  operation: LimitedOperation;
  /** The reference's prefix (`AJO-AIR-…`). */
  prefix: string;
  /** "airtime purchase": the noun of "The smallest … is ₦50.00". */
  noun: string;
  /** "Airtime": the start of a notice's title. */
  title: string;
}

export const billKinds: Record<BillType, BillKind> = {
  1: {
    product: 'bill_airtime',
    operation: 'buy_airtime',
    prefix: 'AJO-AIR',
    noun: 'airtime purchase',
    title: 'Airtime',
  },
  2: {
    product: 'bill_data',
    operation: 'buy_data',
    prefix: 'AJO-DAT',
    noun: 'data purchase',
    title: 'Data bundle',
  },
  4: {
    product: 'bill_electricity',
    operation: 'buy_electricity',
    prefix: 'AJO-ELE',
    noun: 'electricity payment',
    title: 'Electricity payment',
  },
  5: {
    product: 'bill_betting',
    operation: 'fund_betting',
    prefix: 'AJO-BET',
    noun: 'betting top-up',
    title: 'Betting top-up',
  },
};

export function billWording(type: BillType): LimitWording {
  const { noun } = billKinds[type];
  return {
    notAllowed: {
      code: 'bills_not_allowed',
      message: 'Verify your BVN before paying bills from your wallet',
    },
    noun,
    aboveMaximum: (maximum, tier) =>
      `Your account can pay at most ${maximum} per ${noun}.${raiseLimitHint(tier)}`,
  };
}

/** The line the history shows, e.g. "MTN airtime · 0803 123 4567". */
export function describeBill(destination: BillDestination): string {
  const name = destination.biller_name;
  switch (destination.type) {
    case 1:
      return `${name} airtime · ${readablePhone(destination.customer_id)}`;
    case 2:
      return `${destination.plan_name ?? `${name} data`} · ${readablePhone(destination.customer_id)}`;
    case 4:
      return `${name} ${destination.meter_type ?? ''} electricity · meter ${destination.customer_id}`;
    case 5:
      return `${name} top-up · account ${destination.customer_id}`;
  }
}

/** Who or what was paid, in a notice: "0803 123 4567", "meter 1111111111111 (Ikeja Electric)". */
function recipient(destination: BillDestination): string {
  switch (destination.type) {
    case 1:
    case 2:
      return readablePhone(destination.customer_id);
    case 4:
      return `meter ${destination.customer_id} (${destination.biller_name})`;
    case 5:
      return `your ${destination.biller_name} account ${destination.customer_id}`;
  }
}

function successNotice(
  destination: BillDestination,
  amount: string,
  delivered: Record<string, string> | undefined,
) {
  const to = recipient(destination);
  switch (destination.type) {
    case 1:
      return {
        title: 'Airtime sent',
        body: `${amount} of ${destination.biller_name} airtime was sent to ${to}.`,
      };
    case 2:
      return {
        title: 'Data bundle sent',
        body: `${destination.plan_name ?? 'Your data bundle'} was sent to ${to}.`,
      };
    case 4:
      if (delivered?.token) {
        const units = delivered.units ? ` for ${delivered.units}` : '';
        return {
          title: 'Electricity token ready',
          body: `Your token for ${to} is ${delivered.token}${units}. It is also kept on the payment's receipt.`,
        };
      }
      return { title: 'Electricity bill paid', body: `${amount} was paid for ${to}.` };
    case 5:
      return { title: 'Betting account funded', body: `${amount} was paid into ${to}.` };
  }
}

/** The policy of one bill type: the money core does the moving, this says how it reads. */
export function billPolicy(type: BillType): MovementPolicy<BillDestination> {
  const kind = billKinds[type];
  return {
    product: kind.product,
    kind: 'bill',
    channel: 'wallet',
    limitedOperation: kind.operation,
    parseDestination: (stored) => billDestinationSchema.parse(stored),
    describe: describeBill,
    notice: (status: SettledStatus, { amountMinor, destination, delivered }) => {
      const amount = naira(amountMinor);
      if (status === 'successful') return successNotice(destination, amount, delivered);
      const to = recipient(destination);
      if (status === 'failed') {
        return {
          title: `${kind.title} failed`,
          body: `Your ${kind.noun} of ${amount} for ${to} failed. The money is back in your wallet.`,
        };
      }
      return {
        title: `${kind.title} reversed`,
        body: `Your ${kind.noun} of ${amount} for ${to} was reversed by the biller. The money is back in your wallet.`,
      };
    },
  };
}
