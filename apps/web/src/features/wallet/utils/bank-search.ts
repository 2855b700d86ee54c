import type { Bank } from '@ajo/contracts/banks';

/*
 * The names people type for their bank are rarely the registered ones: "GTB" for Guaranty Trust
 * Bank, "FBN" for First Bank of Nigeria. The bank list from the API carries the registered names,
 * so the search box also knows the common short and former names, keyed by the bank's code (the
 * same codes whichever payout partner lists the banks).
 */
const aliasesByCode: Readonly<Record<string, readonly string[]>> = {
  '044': ['Access', 'Diamond Bank'],
  '023': ['Citi'],
  '050': ['Eco'],
  '070': ['Fidelity'],
  '011': ['FBN', 'FirstBank', 'First Bank'],
  '214': ['FCMB'],
  '058': ['GTB', 'GTBank', 'GTCO', 'Guaranty Trust'],
  '50515': ['Moniepoint', 'TeamApt'],
  '999992': ['OPay', 'Paycom'],
  '999991': ['PalmPay'],
  '076': ['Polaris', 'Skye Bank'],
  '221': ['Stanbic', 'IBTC'],
  '068': ['StanChart', 'SCB'],
  '232': ['Sterling'],
  '102': ['Titan', 'TTB'],
  '032': ['Union', 'UBN'],
  '033': ['UBA'],
  '566': ['VFD', 'VBank', 'V Bank'],
  '035': ['Wema', 'ALAT'],
  '057': ['Zenith'],
};

/** Lower case, letters and digits only: "G.T. Bank" and "gtbank" compare equal. */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** "First City Monument Bank" → "fcmb": initials catch short names the list does not hold. */
function initials(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0] ?? '')
    .join('')
    .toLowerCase();
}

/** Whether a bank answers to what was typed: its name, slug, code, initials or a known alias. */
export function bankMatches(bank: Bank, search: string): boolean {
  const term = compact(search);
  if (term === '') return true;
  if (/^\d+$/.test(term) && bank.code.startsWith(term)) return true;
  const names = [bank.name, bank.slug, initials(bank.name), ...(aliasesByCode[bank.code] ?? [])];
  return names.some((name) => compact(name).includes(term));
}

/** The banks matching the search, in the list's order. */
export function searchBanks(banks: readonly Bank[], search: string): Bank[] {
  return banks.filter((bank) => bankMatches(bank, search));
}
