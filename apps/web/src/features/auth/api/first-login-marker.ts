/** The spec's local-storage marker: set to "0" on the first sign-in on this device, if absent. */
const FIRST_LOGIN_KEY = 'firstLogin';

export function markFirstLogin(): void {
  try {
    if (localStorage.getItem(FIRST_LOGIN_KEY) === null) localStorage.setItem(FIRST_LOGIN_KEY, '0');
  } catch {
    // Storage can be blocked (private mode); the marker is only a hint.
  }
}
