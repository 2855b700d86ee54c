/** The part of `Storage` the app's small stores use (the signed-in hint, money-attempt keys). */
export type SmallStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's local or session storage, or undefined where there is none (tests) or it is
 * switched off: reading `window.localStorage` then throws, and callers fall back to memory.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): SmallStorage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}
