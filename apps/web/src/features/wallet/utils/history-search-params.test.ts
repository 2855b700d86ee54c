import { describe, expect, it } from 'vitest';
import { readHistoryView, writeHistoryView } from './history-search-params.ts';

const read = (search: string) => readHistoryView(new URLSearchParams(search));

describe('readHistoryView', () => {
  it('when the URL holds a kind, a status and a page, then the view is that filtered page', () => {
    expect(read('?kind=withdrawal&status=pending&page=3')).toEqual({
      type: 'withdrawal',
      status: 'pending',
      pageIndex: 2,
    });
  });

  it('when the URL holds nothing, then it is the first page of everything', () => {
    expect(read('')).toEqual({ type: undefined, status: undefined, pageIndex: 0 });
  });

  it.each(['?kind=loan', '?status=lost', '?page=0', '?page=-2', '?page=two', '?page=9999999'])(
    'when the URL was edited by hand (%s), then the bad part falls back to all or page 1',
    (search) => {
      const view = read(search);
      expect(view.pageIndex).toBe(0);
      if (search.startsWith('?kind')) expect(view.type).toBeUndefined();
      if (search.startsWith('?status')) expect(view.status).toBeUndefined();
    },
  );

  it('when a panel is open, then its `type` is not taken for the filter', () => {
    expect(read('?a=fund+account&type=card').type).toBeUndefined();
  });
});

describe('writeHistoryView', () => {
  it('when a view is written, then the panel parameters stay and page 1 is left out', () => {
    const next = writeHistoryView(new URLSearchParams('a=transaction&id=x&page=4'), {
      type: 'deposit',
      status: undefined,
      pageIndex: 0,
    });
    expect(next.toString()).toBe('a=transaction&id=x&kind=deposit');
  });

  it('when a later page is written, then it is counted from 1 and reads back the same', () => {
    const view = { type: undefined, status: 'successful', pageIndex: 1 } as const;
    const next = writeHistoryView(new URLSearchParams(), view);
    expect(next.toString()).toBe('status=successful&page=2');
    expect(readHistoryView(next)).toEqual(view);
  });
});
