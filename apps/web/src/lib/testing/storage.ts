import type { SmallStorage } from '../browser-storage.ts';

/** A storage in memory, for tests: what it holds is in `values`. */
export function memoryStorage(): SmallStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** A storage that refuses everything, as a browser with storage switched off or full does. */
export const refusingStorage: SmallStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};
