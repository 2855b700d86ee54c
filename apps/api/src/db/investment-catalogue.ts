import { sql } from 'drizzle-orm';
import { propertyArt, type PropertyArt } from '@ajo/contracts/real-estate';
import type { Tx } from '../platform/db.ts';

/**
 * The fixed-income products and real-estate properties as first seeded (issue 19, decision
 * 0023). A product or property is inserted only when its slug is missing, so an operator's later
 * change of rate, limit or units is kept; an order copies its terms when it is made.
 */
export interface FixedIncomeSeed {
  slug: string;
  name: string;
  kind: 'treasury_bill' | 'fgn_bond' | 'commercial_paper' | 'corporate_bond';
  issuer: string;
  description: string;
  tenor: number;
  tenorUnit: 'days' | 'months';
  rateBps: number;
  /** 6: a coupon every six months; null: interest paid with the principal at maturity. */
  couponMonths: number | null;
  /** Government securities are exempt from withholding tax; corporate debt is not. */
  withholdingTax: boolean;
  minimumMinor: bigint;
  maximumMinor: bigint;
}

const treasuryBill = (days: number, rateBps: number): FixedIncomeSeed => ({
  slug: `ntb-${String(days)}`,
  name: `${String(days)}-day Treasury Bill`,
  kind: 'treasury_bill',
  issuer: 'Federal Government of Nigeria (CBN auction)',
  description: `Short-term Federal Government debt: your money and its interest come back together after ${String(days)} days. Free of withholding tax.`,
  tenor: days,
  tenorUnit: 'days',
  rateBps,
  couponMonths: null,
  withholdingTax: false,
  minimumMinor: 10_000_00n,
  maximumMinor: 50_000_000_00n,
});

export const fixedIncomeSeeds: readonly FixedIncomeSeed[] = [
  treasuryBill(91, 17_50),
  treasuryBill(182, 18_50),
  treasuryBill(364, 21_00),
  {
    slug: 'fgn-bond-2y',
    name: 'FGN Bond (2 years)',
    kind: 'fgn_bond',
    issuer: 'Federal Government of Nigeria (DMO)',
    description:
      'A Federal Government bond paying a coupon every six months and your principal back after two years. Free of withholding tax.',
    tenor: 24,
    tenorUnit: 'months',
    rateBps: 19_00,
    couponMonths: 6,
    withholdingTax: false,
    minimumMinor: 50_000_00n,
    maximumMinor: 100_000_000_00n,
  },
  {
    slug: 'fgn-bond-5y',
    name: 'FGN Bond (5 years)',
    kind: 'fgn_bond',
    issuer: 'Federal Government of Nigeria (DMO)',
    description:
      'A longer Federal Government bond: ten semi-annual coupons, then your principal back. Free of withholding tax.',
    tenor: 60,
    tenorUnit: 'months',
    rateBps: 19_75,
    couponMonths: 6,
    withholdingTax: false,
    minimumMinor: 50_000_00n,
    maximumMinor: 100_000_000_00n,
  },
  {
    slug: 'cp-eko-foods-270',
    name: 'Eko Foods Commercial Paper (270 days)',
    kind: 'commercial_paper',
    issuer: 'Eko Foods Plc (rated A by Agusto)',
    description:
      'Short-term debt of a rated company, paid with its interest at maturity. 10% withholding tax is kept from the interest.',
    tenor: 270,
    tenorUnit: 'days',
    rateBps: 22_50,
    couponMonths: null,
    withholdingTax: true,
    minimumMinor: 100_000_00n,
    maximumMinor: 50_000_000_00n,
  },
  {
    slug: 'bond-delta-power-3y',
    name: 'Delta Power Corporate Bond (3 years)',
    kind: 'corporate_bond',
    issuer: 'Delta Power Plc (rated A- by GCR)',
    description:
      'A corporate bond paying a coupon every six months for three years. 10% withholding tax is kept from each coupon.',
    tenor: 36,
    tenorUnit: 'months',
    rateBps: 20_50,
    couponMonths: 6,
    withholdingTax: true,
    minimumMinor: 100_000_00n,
    maximumMinor: 50_000_000_00n,
  },
];

export interface PropertySeed {
  slug: string;
  name: string;
  location: string;
  description: string;
  pricePerUnitMinor: bigint;
  unitsTotal: number;
  rentalYieldBps: number;
  art: PropertyArt;
}

export const propertySeeds: readonly PropertySeed[] = [
  {
    slug: 'lekki-palm-residences',
    name: 'Lekki Palm Residences',
    location: 'Lekki Phase 1, Lagos',
    description:
      'Twenty serviced two-bedroom flats let on one-year leases to young professionals, a short walk from the Admiralty Way offices.',
    pricePerUnitMinor: 50_000_00n,
    unitsTotal: 2_000,
    rentalYieldBps: 9_50,
    art: propertyArt('tower'),
  },
  {
    slug: 'maitama-court',
    name: 'Maitama Court Terraces',
    location: 'Maitama, Abuja',
    description:
      'Eight four-bedroom terraces let to embassies and their staff on two-year leases, with a waiting list.',
    pricePerUnitMinor: 100_000_00n,
    unitsTotal: 1_000,
    rentalYieldBps: 8_00,
    art: propertyArt('terrace'),
  },
  {
    slug: 'gra-garden-villas',
    name: 'GRA Garden Villas',
    location: 'Old GRA, Port Harcourt',
    description:
      'Six detached villas in a gated close let to energy-sector families on corporate leases.',
    pricePerUnitMinor: 25_000_00n,
    unitsTotal: 4_000,
    rentalYieldBps: 10_00,
    art: propertyArt('villa'),
  },
  {
    slug: 'agbara-logistics-hub',
    name: 'Agbara Logistics Hub',
    location: 'Agbara, Ogun',
    description:
      'A 6,000 m² warehouse on the Lagos–Badagry corridor let to a consumer-goods distributor on a five-year lease.',
    pricePerUnitMinor: 20_000_00n,
    unitsTotal: 5_000,
    rentalYieldBps: 11_50,
    art: propertyArt('warehouse'),
  },
];

/** Inserts every product and property whose slug is missing (an operator's changes are kept). */
export async function seedInvestmentCatalogue(tx: Tx): Promise<void> {
  for (const [position, product] of fixedIncomeSeeds.entries()) {
    await tx.execute(sql`insert into fixed_income_products (slug, name, kind, issuer, description,
          tenor, tenor_unit, rate_bps, coupon_months, withholding_tax, minimum_minor,
          maximum_minor, position)
        values (${product.slug}, ${product.name}, ${product.kind}, ${product.issuer},
                ${product.description}, ${product.tenor}, ${product.tenorUnit}, ${product.rateBps},
                ${product.couponMonths}, ${product.withholdingTax},
                ${product.minimumMinor.toString()}, ${product.maximumMinor.toString()}, ${position})
        on conflict (slug) do nothing`);
  }
  for (const [position, property] of propertySeeds.entries()) {
    await tx.execute(sql`insert into real_estate_properties (slug, name, location, description,
          price_per_unit_minor, units_total, units_available, rental_yield_bps, art, position)
        values (${property.slug}, ${property.name}, ${property.location}, ${property.description},
                ${property.pricePerUnitMinor.toString()}, ${property.unitsTotal},
                ${property.unitsTotal}, ${property.rentalYieldBps},
                ${JSON.stringify(property.art)}::jsonb, ${position})
        on conflict (slug) do nothing`);
  }
}
