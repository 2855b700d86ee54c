/**
 * The verified email and code travel from the code step to the change-password screen in
 * sessionStorage: gone when the tab closes, never in the URL or history.
 */
const STORAGE_KEY = 'ajo.password-reset';

export interface PasswordResetTicket {
  email: string;
  token: string;
}

export function savePasswordResetTicket(ticket: PasswordResetTicket): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ticket));
}

export function readPasswordResetTicket(): PasswordResetTicket | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { email, token } = parsed as Record<string, unknown>;
    if (typeof email !== 'string' || typeof token !== 'string' || !email || !token) return null;
    return { email, token };
  } catch {
    return null;
  }
}

export function clearPasswordResetTicket(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
