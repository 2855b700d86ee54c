/**
 * NUBAN (CBN's Nigerian Uniform Bank Account Number): a 9-digit serial and a check digit computed
 * over the 6-digit institution code followed by the serial (DOMAIN.md).
 */
const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** Banks pad their 3-digit code with "000"; other institutions use "9" and a 5-digit code. */
export function institutionCode(code: string): string {
  if (/^\d{3}$/.test(code)) return `000${code}`;
  if (/^\d{5}$/.test(code)) return `9${code}`;
  if (/^\d{6}$/.test(code)) return code;
  throw new RangeError('an institution code has 3, 5 or 6 digits');
}

export function nubanCheckDigit(code: string, serial: string): number {
  if (!/^\d{9}$/.test(serial)) throw new RangeError('a NUBAN serial has 9 digits');
  const digits = `${institutionCode(code)}${serial}`;
  let sum = 0;
  for (const [index, weight] of weights.entries()) sum += Number(digits[index]) * weight;
  return (10 - (sum % 10)) % 10;
}

export function buildNuban(code: string, serial: string): string {
  return `${serial}${String(nubanCheckDigit(code, serial))}`;
}

export function isValidNuban(code: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(code, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
