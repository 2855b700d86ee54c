import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './current-user.ts';

describe('safeRedirectPath', () => {
  it('when the redirect is a same-site path, then it is kept with its query', () => {
    expect(safeRedirectPath('/wallet')).toBe('/wallet');
    expect(safeRedirectPath('/savings?a=notification')).toBe('/savings?a=notification');
  });

  it('when the redirect is missing, then Home is used', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
  });

  it('when the redirect points off-site, then Home is used', () => {
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example/path')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/');
  });
});
