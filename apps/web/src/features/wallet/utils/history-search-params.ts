import { transactionStatuses, transactionTypes } from '@ajo/contracts/wallet';
import type { TransactionStatus, TransactionType } from '../../../lib/wallet-queries.ts';

/*
 * The history's filters and page live in the wallet page's URL, so a filtered view can be shared
 * and survives a reload: `/wallet?kind=withdrawal&status=pending&page=2`.
 *
 * The type filter is called `kind` (the money core's name for it) because `type` is already the
 * spec's optional panel parameter (`?a=fund account&type=card`): opening or closing a panel sets
 * or clears `type`, which would change or wipe the filter underneath it. The page is counted from
 * 1 as people count (the API's `page` starts at 0); the first page leaves it out.
 */

export const HISTORY_PARAMS = { type: 'kind', status: 'status', page: 'page' } as const;

export interface HistoryView {
  type: TransactionType | undefined;
  status: TransactionStatus | undefined;
  /** From 0, as the API counts. */
  pageIndex: number;
}

/** The API accepts pages up to 100,000; anything past that is treated as the first page. */
const MAX_PAGE_INDEX = 100_000;

function isTransactionType(value: string | null): value is TransactionType {
  return transactionTypes.some((type) => type === value);
}

function isTransactionStatus(value: string | null): value is TransactionStatus {
  return transactionStatuses.some((status) => status === value);
}

/** Reads the view from the URL; an unknown or hand-edited value falls back to "all" or page 1. */
export function readHistoryView(params: URLSearchParams): HistoryView {
  const type = params.get(HISTORY_PARAMS.type);
  const status = params.get(HISTORY_PARAMS.status);
  const pageText = params.get(HISTORY_PARAMS.page) ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const pageIndex = page >= 1 && page - 1 <= MAX_PAGE_INDEX ? page - 1 : 0;
  return {
    type: isTransactionType(type) ? type : undefined,
    status: isTransactionStatus(status) ? status : undefined,
    pageIndex,
  };
}

/** The URL's parameters with the view written in; every other parameter (a panel) stays. */
export function writeHistoryView(params: URLSearchParams, view: HistoryView): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  };
  set(HISTORY_PARAMS.type, view.type);
  set(HISTORY_PARAMS.status, view.status);
  set(HISTORY_PARAMS.page, view.pageIndex > 0 ? String(view.pageIndex + 1) : undefined);
  return next;
}
