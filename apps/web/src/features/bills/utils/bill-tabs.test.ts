import { describe, expect, it } from 'vitest';
import { readBillTab, tabOfType, writeBillTab } from './bill-tabs.ts';

describe('readBillTab', () => {
  it('when the URL names a kind, then that kind is chosen', () => {
    expect(readBillTab(new URLSearchParams('type=electricity')).id).toBe('electricity');
    expect(readBillTab(new URLSearchParams('type=Betting')).id).toBe('betting');
  });

  it("when the URL carries the API's number, then the same kind is chosen", () => {
    expect(readBillTab(new URLSearchParams('type=2')).id).toBe('data');
    expect(readBillTab(new URLSearchParams('type=4')).type).toBe(4);
  });

  it('when the URL has no kind or an unknown one, then airtime is chosen', () => {
    expect(readBillTab(new URLSearchParams('')).id).toBe('airtime');
    expect(readBillTab(new URLSearchParams('type=3')).id).toBe('airtime');
    expect(readBillTab(new URLSearchParams('type=<script>')).id).toBe('airtime');
  });
});

describe('writeBillTab', () => {
  it('when a kind is chosen, then it replaces the old one and other parameters stay', () => {
    const next = writeBillTab(new URLSearchParams('type=data&a=fund account'), 'betting');
    expect(next.get('type')).toBe('betting');
    expect(next.get('a')).toBe('fund account');
  });
});

describe('tabOfType', () => {
  it('when a payment has a bill type, then its tab is found', () => {
    expect(tabOfType(1)).toBe('airtime');
    expect(tabOfType(5)).toBe('betting');
    expect(tabOfType(99)).toBe('airtime');
  });
});
