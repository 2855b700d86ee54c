import { describe, expect, it } from 'vitest';
import { transactionLocation } from './transaction-location.ts';

const id = '6f1c2f7e-6c1a-4d7e-9a51-0d3f3c1b2a10';

describe('transactionLocation', () => {
  it('when opened from the filtered wallet page, then the filters stay under the receipt panel', () => {
    expect(transactionLocation(id, '/wallet', '?kind=deposit&status=successful&page=2')).toEqual({
      pathname: '/wallet',
      search: `?kind=deposit&status=successful&page=2&a=transaction&id=${id}`,
    });
  });

  it('when opened from another page, then it leads to the wallet page with only the panel', () => {
    expect(transactionLocation(id, '/', '?a=notification&type=all')).toEqual({
      pathname: '/wallet',
      search: `?a=transaction&id=${id}`,
    });
  });

  it('when another panel is open on the wallet page, then the receipt replaces it and its type', () => {
    expect(transactionLocation(id, '/wallet', '?a=notification&type=all')).toEqual({
      pathname: '/wallet',
      search: `?a=transaction&id=${id}`,
    });
  });
});
