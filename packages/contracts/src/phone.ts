import { z } from 'zod';

/**
 * Nigerian mobile numbers as people type or paste them: `8031234567`, `08031234567`,
 * `+2348031234567`, `2348031234567`, with spaces, dashes, dots or brackets anywhere. Stored and
 * sent as the 10 digits after +234 (the spec's phone field), so every form of one number is the
 * same number.
 */
export function normalizeNigerianPhone(typed: string): string | undefined {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  const digits = /^(?:\+?234|0)?([1-9]\d{9})$/.exec(compact)?.[1];
  return digits;
}

/** A phone field that accepts every usual form and answers the 10 digits, or `message`. */
export const nigerianPhoneField = (message: string) =>
  z
    .string({ error: message })
    .max(20, message)
    .transform((typed, context) => {
      const normalized = normalizeNigerianPhone(typed);
      if (normalized === undefined) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return normalized;
    });
