import type { BillType } from '@ajo/contracts/bills';

/** The four kinds of bill, in the order the page shows them, and how the URL names each. */
export const billTabs = [
  { id: 'airtime', type: 1, label: 'Airtime', description: 'Top up any network' },
  { id: 'data', type: 2, label: 'Data', description: 'Bundles for every network' },
  { id: 'electricity', type: 4, label: 'Electricity', description: 'Prepaid tokens and bills' },
  { id: 'betting', type: 5, label: 'Betting', description: 'Fund your betting wallet' },
] as const satisfies readonly { id: string; type: BillType; label: string; description: string }[];

export type BillTab = (typeof billTabs)[number];
export type BillTabId = BillTab['id'];

/** The search parameter that holds the chosen kind: `/bills-payment?type=electricity`. */
export const BILL_TAB_PARAM = 'type';

const [defaultTab] = billTabs;

/**
 * The kind the URL asks for: its name (`electricity`) or the API's number (`4`), so a link made
 * from either works. Anything else, or nothing, is airtime.
 */
export function readBillTab(searchParams: URLSearchParams): BillTab {
  const wanted = searchParams.get(BILL_TAB_PARAM)?.trim().toLowerCase() ?? '';
  return billTabs.find((tab) => tab.id === wanted || String(tab.type) === wanted) ?? defaultTab;
}

/** The search parameters with `tab` chosen; other parameters are kept. */
export function writeBillTab(current: URLSearchParams, tab: BillTabId): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(BILL_TAB_PARAM, tab);
  return next;
}

/** The tab of an API bill type (1, 2, 4, 5); airtime for anything else. */
export function tabOfType(type: number): BillTabId {
  return billTabs.find((tab) => tab.type === type)?.id ?? 'airtime';
}
