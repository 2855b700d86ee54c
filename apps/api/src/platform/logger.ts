import type { LoggerOptions } from 'pino';

/**
 * Paths that must never reach a log line: credentials, session tokens, one-time codes, BVN,
 * identity documents and card data (NDPA 2023, PCI DSS).
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-paystack-signature"]',
  'req.headers["x-transaction-pin"]',
  'headers["x-transaction-pin"]',
  '*.headers["x-transaction-pin"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.token',
  '*.otp',
  '*.code',
  '*.bvn',
  '*.Bvn',
  '*.nin',
  '*.pan',
  '*.card_number',
  '*.cvv',
  '*.pin',
  '*.documents',
  '*.selfie',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: 'ajo-api' },
  };
}
