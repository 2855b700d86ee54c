import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from './current-user.ts';
import {
  mayBeSignedIn,
  rememberSignedIn,
  SIGNED_IN_HINT_KEY,
  trackSignedInHint,
} from './signed-in-hint.ts';
import { memoryStorage, refusingStorage } from './testing/storage.ts';

describe('signed-in hint', () => {
  it('when nobody ever signed in on this browser, then nobody may be signed in', () => {
    expect(mayBeSignedIn(memoryStorage())).toBe(false);
  });

  it('when someone signed in and later out, then the hint follows', () => {
    const storage = memoryStorage();
    rememberSignedIn(true, storage);
    expect(mayBeSignedIn(storage)).toBe(true);
    rememberSignedIn(false, storage);
    expect(mayBeSignedIn(storage)).toBe(false);
    expect(storage.values.has(SIGNED_IN_HINT_KEY)).toBe(false);
  });

  it('when storage is unavailable or refuses, then the app asks the API as before', () => {
    expect(mayBeSignedIn(undefined)).toBe(true);
    expect(mayBeSignedIn(refusingStorage)).toBe(true);
    expect(() => {
      rememberSignedIn(true, refusingStorage);
    }).not.toThrow();
  });

  it('when the current user is set, then cleared, then the hint is set, then cleared', () => {
    const storage = memoryStorage();
    const queryClient = new QueryClient();
    const stop = trackSignedInHint(queryClient, storage);
    queryClient.setQueryData(currentUserQueryKey, { first_name: 'Ada' });
    expect(mayBeSignedIn(storage)).toBe(true);
    queryClient.setQueryData(currentUserQueryKey, null);
    expect(mayBeSignedIn(storage)).toBe(false);
    stop();
  });

  it('when another query gets an answer, then the hint is left alone', () => {
    const storage = memoryStorage();
    const queryClient = new QueryClient();
    const stop = trackSignedInHint(queryClient, storage);
    queryClient.setQueryData(['wallets'], { items: [] });
    expect(storage.values.size).toBe(0);
    stop();
  });
});
