import type { Page } from '@playwright/test';

const EXPECTED_HTTP_FAILURE =
  /^Failed to load resource: the server responded with a status of (400|401|403|404|409|422|429)\b/;

/**
 * Collects console errors and uncaught exceptions for the page's lifetime. Content-Security-Policy
 * violations are reported as console errors, so an empty list also means nothing was refused.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A 4xx answer the app handles (wrong code, signed out, endpoint not deployed yet) is shown in
    // the UI, yet the browser still logs it. CSP violations and script errors read differently.
    if (EXPECTED_HTTP_FAILURE.test(message.text())) return;
    errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`page error: ${error.message}`);
  });
  return errors;
}
