import { describe, expect, it } from 'vitest';
import { referenceForKey } from './idempotency.ts';

describe('the reference an Idempotency-Key names', () => {
  const userId = '6f1c2d3e-0000-4000-8000-000000000001';

  it('when a product names its movements by the user and the key, then the reference is what it always was', () => {
    // Pinned: a retry after a crash must find the movement its first try made under this name.
    expect(referenceForKey('AJO-WDR', userId, 'key-1')).toBe('AJO-WDR-C5C83DA5242336446CEF777A');
  });

  it('when a product also names the prefix, then the reference is what it always was', () => {
    expect(referenceForKey('AJO-SAV', 'AJO-SAV', userId, 'key-1')).toBe(
      'AJO-SAV-6A049A03954CF6993CE73733',
    );
  });

  it('when the user or the key differs, then so does the reference', () => {
    const one = referenceForKey('AJO-WDR', userId, 'key-1');
    expect(referenceForKey('AJO-WDR', userId, 'key-2')).not.toBe(one);
    expect(referenceForKey('AJO-WDR', userId.replace('1', '2'), 'key-1')).not.toBe(one);
  });
});
