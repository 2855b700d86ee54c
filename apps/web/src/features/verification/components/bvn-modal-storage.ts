import type { User } from '@ajo/contracts/auth';

/** Session storage: the person closed the BVN modal in this tab, so it stops opening by itself. */
export const BVN_MODAL_DISMISSED_KEY = 'ajo.bvn-modal-dismissed';

/** Local storage: the created account answer (`data`, which holds `data`), as the spec keeps it. */
export const CREATED_ACCOUNT_STORAGE_KEY = 'modal';

/** The fund-account panel that Done opens (`?a=fund account`). */
export const FUND_ACCOUNT_PANEL_ID = 'fund account';

export const BVN_LENGTH = 11;

/** A user without a funding account yet: both the id and the reference are empty. */
export function needsVirtualAccount(user: Pick<User, 'virtual_account'> | null | undefined) {
  if (!user) return false;
  return user.virtual_account.id === '' && user.virtual_account.account_reference === '';
}

/** Digits only, at most `maxLength` of them: what the numeric fields accept as people type. */
export function keepDigits(text: string, maxLength: number): string {
  return text.replace(/\D/g, '').slice(0, maxLength);
}

/** The modal's own check (spec section 5): more than 10 characters. */
export function isBvnLongEnough(bvn: string): boolean {
  return bvn.length > BVN_LENGTH - 1;
}

/** Storage can be switched off or full; the modal still works, it only forgets sooner. */
function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Nothing to do: remembering is a convenience.
  }
}

export function readBvnModalDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(BVN_MODAL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberBvnModalDismissed(): void {
  safely(() => {
    window.sessionStorage.setItem(BVN_MODAL_DISMISSED_KEY, '1');
  });
}

export function storeCreatedAccount(created: unknown): void {
  safely(() => {
    window.localStorage.setItem(CREATED_ACCOUNT_STORAGE_KEY, JSON.stringify(created));
  });
}

export function forgetCreatedAccount(): void {
  safely(() => {
    window.localStorage.removeItem(CREATED_ACCOUNT_STORAGE_KEY);
  });
}
