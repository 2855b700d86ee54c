import { describe, expect, it } from 'vitest';
import { holdPageLoader, isPageLoaderOn } from './page-loader.ts';

describe('page-loader flag', () => {
  it('when nobody holds it, then it is off', () => {
    expect(isPageLoaderOn()).toBe(false);
  });

  it('when two hold it, then it stays on until both let go', () => {
    const releaseFirst = holdPageLoader();
    const releaseSecond = holdPageLoader();
    expect(isPageLoaderOn()).toBe(true);
    releaseFirst();
    expect(isPageLoaderOn()).toBe(true);
    releaseSecond();
    expect(isPageLoaderOn()).toBe(false);
  });

  it('when one holder lets go twice, then it does not release another holder', () => {
    const release = holdPageLoader();
    const other = holdPageLoader();
    release();
    release();
    expect(isPageLoaderOn()).toBe(true);
    other();
    expect(isPageLoaderOn()).toBe(false);
  });
});
