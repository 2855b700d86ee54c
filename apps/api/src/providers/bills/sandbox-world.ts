/**
 * The sandbox bills vendor's world, shaped like VTpass's: its service ids, the data plans each
 * network sells (service-variations), and the meters and betting accounts merchant-verify knows.
 * Ajo's own catalogue (`db/bill-catalogue.ts`) names these services and seeds these plans.
 */

export interface SandboxPlan {
  code: string;
  name: string;
  /** Kobo. */
  amountMinor: bigint;
  validity: string;
}

const plan = (code: string, name: string, naira: number, validity: string): SandboxPlan => ({
  code,
  name,
  amountMinor: BigInt(naira) * 100n,
  validity,
});

/** Data plans per data service id (VTpass's `variation_code`, name and `variation_amount`). */
export const sandboxDataPlans: Record<string, SandboxPlan[]> = {
  'mtn-data': [
    plan('mtn-100mb-1d', 'MTN 100MB', 100, '1 day'),
    plan('mtn-1gb-7d', 'MTN 1GB', 800, '7 days'),
    plan('mtn-2gb-30d', 'MTN 2GB', 1_500, '30 days'),
    plan('mtn-5gb-30d', 'MTN 5GB', 3_500, '30 days'),
    plan('mtn-10gb-30d', 'MTN 10GB', 4_500, '30 days'),
  ],
  'airtel-data': [
    plan('airtel-100mb-1d', 'Airtel 100MB', 100, '1 day'),
    plan('airtel-1gb-7d', 'Airtel 1GB', 800, '7 days'),
    plan('airtel-2gb-30d', 'Airtel 2GB', 1_500, '30 days'),
    plan('airtel-6gb-30d', 'Airtel 6GB', 3_000, '30 days'),
    plan('airtel-10gb-30d', 'Airtel 10GB', 4_000, '30 days'),
  ],
  'glo-data': [
    plan('glo-105mb-1d', 'Glo 105MB', 100, '1 day'),
    plan('glo-1gb-7d', 'Glo 1GB', 500, '7 days'),
    plan('glo-2-9gb-30d', 'Glo 2.9GB', 1_000, '30 days'),
    plan('glo-5-8gb-30d', 'Glo 5.8GB', 2_000, '30 days'),
    plan('glo-10gb-30d', 'Glo 10GB', 3_000, '30 days'),
  ],
  'etisalat-data': [
    plan('9mobile-100mb-1d', '9mobile 100MB', 100, '1 day'),
    plan('9mobile-1gb-7d', '9mobile 1GB', 600, '7 days'),
    plan('9mobile-2gb-30d', '9mobile 2GB', 1_200, '30 days'),
    plan('9mobile-4-5gb-30d', '9mobile 4.5GB', 2_000, '30 days'),
    plan('9mobile-11gb-30d', '9mobile 11GB', 4_000, '30 days'),
  ],
};

export const sandboxAirtimeServices = ['mtn', 'airtel', 'glo', 'etisalat'] as const;

export const sandboxElectricityServices = [
  'ikeja-electric',
  'eko-electric',
  'abuja-electric',
  'ibadan-electric',
  'enugu-electric',
  'portharcourt-electric',
  'benin-electric',
  'kano-electric',
  'kaduna-electric',
  'jos-electric',
  'yola-electric',
  'aba-electric',
] as const;

export const sandboxBettingServices = ['bet9ja', 'sportybet', 'betking', 'nairabet'] as const;

/**
 * Test values (README, "Sandbox"): the meters merchant-verify finds (VTpass's own sandbox meters,
 * at every DisCo), the betting account it does not find, and the magic kobo parts of an amount.
 */
export const sandboxBillMagic = {
  prepaidMeter: '1111111111111',
  postpaidMeter: '1010101010101',
  meterCustomer: { name: 'Adebayo Ogunleye', address: '12 Allen Avenue, Ikeja, Lagos' },
  /** Any other betting account id verifies, with a name made from it. */
  unknownBettingAccount: '99999999',
  /** ₦….21: the biller is slow; the purchase stays pending until it is requeried. */
  pendingKobo: 21n,
  /** ₦….22: the vendor takes it but the answer is lost (timeout); a requery finds it delivered. */
  lostAnswerKobo: 22n,
  /** ₦….23: accepted as pending, then the biller fails to deliver and the vendor reverses it. */
  reversedKobo: 23n,
  /** ₦….24: refused at once ("TRANSACTION FAILED"). */
  failKobo: 24n,
  /** Naira per kWh of the sandbox's single tariff, in kobo. */
  tariffMinorPerKwh: 6_845n,
} as const;

export const isSandboxService = (serviceId: string) =>
  (sandboxAirtimeServices as readonly string[]).includes(serviceId) ||
  serviceId in sandboxDataPlans ||
  (sandboxElectricityServices as readonly string[]).includes(serviceId) ||
  (sandboxBettingServices as readonly string[]).includes(serviceId);
