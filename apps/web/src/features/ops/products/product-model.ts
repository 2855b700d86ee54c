import type { OpsCatalogue, ProductChange, ProductKind } from '@ajo/contracts/ops-products';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';

/*
 * What product management edits, kind by kind: each item's editable fields and current values,
 * what a form turns into (`changes` with only the fields that differ), and the summary an
 * operator confirms ("Fixed: 30 days rate 6.50% → 7.75% from 28 Nov 2026, 09:00; …").
 */

export type FieldType =
  'text' | 'textarea' | 'money' | 'money-or-none' | 'percent' | 'int' | 'bool' | 'select';

export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  options?: readonly { value: string; label: string }[];
}

export interface Duration {
  id: string;
  label: string;
  days: number;
  rate: number;
}

export interface Tier {
  tier: number;
  per_transaction: string | null;
  daily: string | null;
}

/** One thing an operator can change: a product, a fee, a limit, the rate or an advert. */
export interface EditableItem {
  kind: ProductKind;
  id: string;
  title: string;
  /** Current values, named as the change's fields. */
  values: Record<string, unknown>;
  fields: readonly FieldSpec[];
  scheduled: readonly ProductChange[];
  /** What stays as it was (said in the summary). */
  keeps: string;
  /** The currency its amounts are in (NGN unless said). */
  currency?: 'NGN' | 'USD';
}

/** What describes a real-estate listing, on a new one and in a change to one. */
export const listingFields: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'location', label: 'Location', type: 'text' },
  { key: 'description', label: 'Description', type: 'textarea' },
  { key: 'price_per_unit', label: 'Price per unit (NGN)', type: 'money' },
  { key: 'rental_yield', label: 'Rental yield (% p.a.)', type: 'percent' },
];

/** What an advert says and where its button leads, on a new one and in a change to one. */
export const advertFields: readonly FieldSpec[] = [
  { key: 'title', label: 'Title', type: 'text' },
  { key: 'body', label: 'Text', type: 'textarea' },
  { key: 'cta_label', label: 'Button label', type: 'text' },
  { key: 'cta_path', label: 'Button opens (app path)', type: 'text' },
];

export const kindLabels: Record<ProductKind, string> = {
  savings_product: 'Savings',
  commodity: 'Commodities',
  fixed_income_product: 'Fixed income',
  real_estate_listing: 'Real estate',
  fee: 'Fees',
  limit: 'Limits',
  exchange_rate: 'Exchange rate',
  advert: 'Adverts',
};

const keeps: Record<ProductKind, string> = {
  savings_product: 'plans already open keep their rate',
  commodity: 'holdings and live market prices are not affected',
  fixed_income_product: 'orders already made keep their terms',
  real_estate_listing: 'units already bought keep their price',
  fee: 'operations already made keep their fee',
  limit: 'applies to new operations only',
  exchange_rate: 'conversions already made keep their rate',
  advert: 'shown on Home from then on',
};

const activeField: FieldSpec = { key: 'active', label: 'On sale', type: 'bool' };
const positionField: FieldSpec = { key: 'position', label: 'Display order', type: 'int' };

/** Every editable item of the catalogue, by kind, in the order the console shows them. */
export function editableItems(catalogue: OpsCatalogue): Record<ProductKind, EditableItem[]> {
  const categoryOptions = catalogue.commodity_categories.map((category) => ({
    value: category.id,
    label: category.name,
  }));
  return {
    savings_product: catalogue.savings_products.map((product) => ({
      kind: 'savings_product',
      id: product.id,
      title: product.name,
      values: {
        name: product.name,
        description: product.description,
        minimum: product.minimum,
        active: product.active,
        durations: product.durations,
      },
      fields: [
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'description', label: 'Description', type: 'textarea' },
        { key: 'minimum', label: `Minimum (${product.currency})`, type: 'money' },
        activeField,
      ],
      scheduled: product.scheduled,
      keeps: keeps.savings_product,
      currency: product.currency === 'USD' ? 'USD' : 'NGN',
    })),
    commodity: catalogue.commodities.map((commodity) => ({
      kind: 'commodity',
      id: commodity.id,
      title: commodity.name,
      values: {
        name: commodity.name,
        description: commodity.description,
        unit: commodity.unit,
        category_id: commodity.category_id,
        position: commodity.position,
      },
      fields: [
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'description', label: 'Description', type: 'textarea' },
        { key: 'unit', label: 'Unit', type: 'text' },
        { key: 'category_id', label: 'Category', type: 'select', options: categoryOptions },
        positionField,
      ],
      scheduled: commodity.scheduled,
      keeps: keeps.commodity,
    })),
    fixed_income_product: catalogue.fixed_income_products.map((product) => ({
      kind: 'fixed_income_product',
      id: product.id,
      title: product.name,
      values: {
        name: product.name,
        description: product.description,
        rate: product.rate,
        minimum: product.minimum,
        maximum: product.maximum,
        active: product.active,
        position: product.position,
      },
      fields: [
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'description', label: 'Description', type: 'textarea' },
        { key: 'rate', label: 'Rate (% p.a.)', type: 'percent' },
        { key: 'minimum', label: 'Minimum (NGN)', type: 'money' },
        { key: 'maximum', label: 'Maximum (NGN)', type: 'money' },
        activeField,
        positionField,
      ],
      scheduled: product.scheduled,
      keeps: keeps.fixed_income_product,
    })),
    real_estate_listing: catalogue.real_estate_listings.map((listing) => ({
      kind: 'real_estate_listing',
      id: listing.id,
      title: listing.name,
      values: {
        name: listing.name,
        location: listing.location,
        description: listing.description,
        price_per_unit: listing.price_per_unit,
        rental_yield: listing.rental_yield,
        active: listing.active,
        position: listing.position,
      },
      fields: [...listingFields, activeField, positionField],
      scheduled: listing.scheduled,
      keeps: keeps.real_estate_listing,
    })),
    fee: catalogue.fees.map((fee) => ({
      kind: 'fee',
      id: fee.id,
      title: `Fee: ${operationLabel(fee.id)}`,
      values: { rate: fee.rate, flat: fee.flat, cap: fee.cap },
      fields: [
        { key: 'rate', label: 'Rate (% of the amount)', type: 'percent' },
        { key: 'flat', label: `Flat (${fee.currency})`, type: 'money' },
        { key: 'cap', label: `Cap (${fee.currency}, blank for none)`, type: 'money-or-none' },
      ],
      scheduled: fee.scheduled,
      keeps: keeps.fee,
    })),
    limit: catalogue.limits.map((limit) => ({
      kind: 'limit',
      id: limit.id,
      title: `Limit: ${operationLabel(limit.id)}`,
      values: { minimum: limit.minimum, tiers: limit.tiers },
      fields: [{ key: 'minimum', label: `Minimum (${limit.currency})`, type: 'money' }],
      scheduled: limit.scheduled,
      keeps: keeps.limit,
    })),
    exchange_rate: catalogue.exchange_rate.map((rate) => ({
      kind: 'exchange_rate',
      id: rate.id,
      title: `Exchange rate ${rate.base}/${rate.quote}`,
      values: { buy: rate.buy, sell: rate.sell },
      fields: [
        {
          key: 'buy',
          label: `Buy (${rate.quote} a customer pays for 1 ${rate.base})`,
          type: 'money',
        },
        {
          key: 'sell',
          label: `Sell (${rate.quote} a customer gets for 1 ${rate.base})`,
          type: 'money',
        },
      ],
      scheduled: rate.scheduled,
      keeps: keeps.exchange_rate,
    })),
    advert: catalogue.adverts.map((advert) => ({
      kind: 'advert',
      id: advert.id,
      title: advert.title,
      values: {
        title: advert.title,
        body: advert.body,
        cta_label: advert.cta_label,
        cta_path: advert.cta_path,
        position: advert.position,
        active: advert.active,
      },
      fields: [...advertFields, positionField, { key: 'active', label: 'Shown', type: 'bool' }],
      scheduled: advert.scheduled,
      keeps: keeps.advert,
    })),
  };
}

/** "buy_commodity:wallet" → "Buy commodity (wallet)". */
export function operationLabel(id: string): string {
  const [operation = id, method] = id.split(':');
  const words = operation.replaceAll('_', ' ');
  const label = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return method === undefined ? label : `${label} (${method})`;
}

// --- the form ----------------------------------------------------------------------------------

export interface FormState {
  fields: Record<string, string | boolean>;
  durations: { id: string; label: string; days: string; rate: string }[];
  tiers: { tier: number; per_transaction: string; daily: string }[];
}

/** Any value as text: strings as they are, numbers and flags printed, anything else as JSON. */
export const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === null || value === undefined
        ? ''
        : JSON.stringify(value);

export const rateText = (rate: number) => rate.toFixed(2);

/** A savings product's durations, as its current values hold them. */
export const durationsOf = (item: EditableItem) =>
  (item.values.durations as Duration[] | undefined) ?? [];

/** A limit's per-tier amounts, as its current values hold them. */
export const tiersOf = (item: EditableItem) => (item.values.tiers as Tier[] | undefined) ?? [];

/** The form as it opens: every field filled with its current value. */
export function initialForm(item: EditableItem): FormState {
  const fields: Record<string, string | boolean> = {};
  for (const field of item.fields) {
    const value = item.values[field.key];
    if (field.type === 'bool') fields[field.key] = value === true;
    else if (field.type === 'percent') fields[field.key] = rateText(Number(value));
    else fields[field.key] = value === null || value === undefined ? '' : textOf(value);
  }
  return {
    fields,
    durations: durationsOf(item).map((duration) => ({
      id: duration.id,
      label: duration.label,
      days: String(duration.days),
      rate: rateText(duration.rate),
    })),
    tiers: tiersOf(item).map((tier) => ({
      tier: tier.tier,
      per_transaction: tier.per_transaction ?? '',
      daily: tier.daily ?? '',
    })),
  };
}

export const moneyPattern = /^\d{1,13}(\.\d{1,2})?$/;
const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;

/** A rate as an operator may type it: 0 to 100, at most 2 decimals. */
export const isRateText = (text: string) => percentPattern.test(text) && Number(text) <= 100;
export const rateTextError = 'Enter a rate from 0 to 100, at most 2 decimals';

const sameMoney = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

export interface Built {
  changes: Record<string, unknown>;
  errors: Record<string, string>;
  /** "30 days rate 6.50% → 7.75%", one per changed field. */
  lines: string[];
}

const show = (type: FieldType, value: unknown, currency: 'NGN' | 'USD' = 'NGN'): string => {
  if (value === null || value === undefined || value === '') return 'none';
  if (type === 'money' || type === 'money-or-none') {
    return formatMoneyText(textOf(value), currency);
  }
  if (type === 'percent') return `${rateText(Number(value))}%`;
  if (type === 'bool') return value === true ? 'yes' : 'no';
  return textOf(value);
};

/** The form read back: only what differs from the current values, checked, with its summary. */
export function buildChanges(item: EditableItem, form: FormState): Built {
  const changes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const lines: string[] = [];
  for (const field of item.fields) {
    const raw = form.fields[field.key];
    const current = item.values[field.key];
    let next: unknown;
    if (field.type === 'bool') next = raw === true;
    else {
      const text = String(raw ?? '').trim();
      if (field.type === 'money' || field.type === 'money-or-none') {
        if (text === '' && field.type === 'money-or-none') next = null;
        else if (!moneyPattern.test(text)) {
          errors[field.key] = 'Enter an amount like 5000.00';
          continue;
        } else next = text;
        if (sameMoney(next as string | null, (current as string | null) ?? null)) continue;
      } else if (field.type === 'percent') {
        if (!isRateText(text)) {
          errors[field.key] = rateTextError;
          continue;
        }
        next = Number(text);
      } else if (field.type === 'int') {
        if (!/^\d{1,4}$/.test(text)) {
          errors[field.key] = 'Enter a whole number';
          continue;
        }
        next = Number(text);
      } else {
        if (text === '') {
          errors[field.key] = `Enter the ${field.label.toLowerCase()}`;
          continue;
        }
        next = text;
      }
    }
    if (next === current) continue;
    changes[field.key] = next;
    const label =
      field.type === 'select'
        ? `${field.label} ${optionLabel(field, current)} → ${optionLabel(field, next)}`
        : field.type === 'text' || field.type === 'textarea'
          ? `${field.label} changed`
          : `${field.label} ${show(field.type, current, item.currency)} → ${show(field.type, next, item.currency)}`;
    lines.push(label);
  }
  if (item.kind === 'savings_product') buildDurations(item, form, changes, errors, lines);
  if (item.kind === 'limit') buildTiers(item, form, changes, errors, lines);
  if (item.kind === 'exchange_rate' && Object.keys(changes).length > 0) {
    // The exchange rate always moves as a pair.
    changes.buy = String(form.fields.buy).trim();
    changes.sell = String(form.fields.sell).trim();
    if (!errors.sell && Number(changes.sell) >= Number(changes.buy)) {
      errors.sell = 'The sell rate must be below the buy rate';
    }
  }
  return { changes, errors, lines };
}

function optionLabel(field: FieldSpec, value: unknown): string {
  return field.options?.find((option) => option.value === value)?.label ?? textOf(value);
}

function buildDurations(
  item: EditableItem,
  form: FormState,
  changes: Record<string, unknown>,
  errors: Record<string, string>,
  lines: string[],
) {
  const current = durationsOf(item);
  const next: Duration[] = [];
  form.durations.forEach((row, index) => {
    const rate = row.rate.trim();
    const days = row.days.trim();
    if (!isRateText(rate)) {
      errors[`durations.${String(index)}.rate`] = rateTextError;
      return;
    }
    if (!/^\d{1,4}$/.test(days) || Number(days) < 1) {
      errors[`durations.${String(index)}.days`] = 'Enter the number of days';
      return;
    }
    next.push({
      id: row.id,
      label: row.label.trim() || `${days} days`,
      days: Number(days),
      rate: Number(rate),
    });
  });
  if (next.length !== form.durations.length) return;
  let changed = next.length !== current.length;
  next.forEach((duration) => {
    const before = current.find((entry) => entry.id === duration.id);
    if (!before) {
      changed = true;
      lines.push(`new duration ${duration.label} at ${rateText(duration.rate)}%`);
      return;
    }
    if (before.rate !== duration.rate) {
      changed = true;
      lines.push(`${duration.label}: rate ${rateText(before.rate)}% → ${rateText(duration.rate)}%`);
    }
    if (before.days !== duration.days || before.label !== duration.label) {
      changed = true;
      lines.push(`${before.label} → ${duration.label} (${String(duration.days)} days)`);
    }
  });
  for (const before of current) {
    if (!next.some((duration) => duration.id === before.id)) {
      changed = true;
      lines.push(`${before.label} withdrawn`);
    }
  }
  if (changed) changes.durations = next;
}

function buildTiers(
  item: EditableItem,
  form: FormState,
  changes: Record<string, unknown>,
  errors: Record<string, string>,
  lines: string[],
) {
  const current = tiersOf(item);
  const changedTiers: Tier[] = [];
  for (const row of form.tiers) {
    const perTransaction = row.per_transaction.trim();
    const daily = row.daily.trim();
    const tierKey = `tiers.${String(row.tier)}`;
    if (perTransaction !== '' && !moneyPattern.test(perTransaction)) {
      errors[`${tierKey}.per_transaction`] = 'Enter an amount, or leave blank for no limit';
      continue;
    }
    if (daily !== '' && !moneyPattern.test(daily)) {
      errors[`${tierKey}.daily`] = 'Enter an amount, or leave blank for no limit';
      continue;
    }
    const next: Tier = {
      tier: row.tier,
      per_transaction: perTransaction === '' ? null : perTransaction,
      daily: daily === '' ? null : daily,
    };
    const before = current.find((entry) => entry.tier === row.tier);
    const samePer = sameMoney(next.per_transaction, before?.per_transaction ?? null);
    const sameDaily = sameMoney(next.daily, before?.daily ?? null);
    if (samePer && sameDaily) continue;
    changedTiers.push(next);
    if (!samePer) {
      lines.push(
        `Tier ${String(row.tier)} per transaction ${show('money-or-none', before?.per_transaction)} → ${show('money-or-none', next.per_transaction)}`,
      );
    }
    if (!sameDaily) {
      lines.push(
        `Tier ${String(row.tier)} daily ${show('money-or-none', before?.daily)} → ${show('money-or-none', next.daily)}`,
      );
    }
  }
  if (changedTiers.length > 0) changes.tiers = changedTiers;
}

/**
 * "Fixed: 30 days: rate 6.50% → 7.75% from 28 Nov 2026, 09:00; plans already open keep their
 * rate" (or "now").
 */
export function changeSummary(item: EditableItem, lines: readonly string[], from: Date | 'now') {
  const when = from === 'now' ? 'now' : `from ${formatLagosDateTime(from)}`;
  return `${item.title}: ${lines.join('; ')} ${when}; ${item.keeps}`;
}

/** A scheduled change in a line: "rate 12.00% · min ₦1,000.00 from 28 Nov 2026, 09:00". */
export function describeChange(change: ProductChange): string {
  return Object.entries(change.changes)
    .map(([field, value]) => {
      if (field === 'durations' && Array.isArray(value)) {
        return (value as Duration[])
          .map((duration) => `${duration.label} ${rateText(duration.rate)}%`)
          .join(', ');
      }
      if (field === 'tiers' && Array.isArray(value)) {
        return (value as Tier[])
          .map(
            (tier) =>
              `tier ${String(tier.tier)} ${show('money-or-none', tier.per_transaction)}/${show('money-or-none', tier.daily)}`,
          )
          .join(', ');
      }
      const type: FieldType =
        typeof value === 'boolean'
          ? 'bool'
          : ['rate', 'rental_yield'].includes(field)
            ? 'percent'
            : ['minimum', 'maximum', 'price_per_unit', 'flat', 'cap', 'buy', 'sell'].includes(field)
              ? 'money-or-none'
              : 'text';
      return `${field.replaceAll('_', ' ')} ${show(type, value)}`;
    })
    .join(' · ');
}
