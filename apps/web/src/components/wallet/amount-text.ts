import { groupThousands } from '@ajo/money/format';

/** Far above any deposit limit; stops a stuck key from filling the box. */
export const MAX_WHOLE_DIGITS = 12;

/** "1234567.5" → "1,234,567.5": the normalised text with thousands grouping for display. */
export function groupAmountText(normalized: string): string {
  if (normalized === '') return '';
  const pointIndex = normalized.indexOf('.');
  const wholeDigits = pointIndex === -1 ? normalized : normalized.slice(0, pointIndex);
  const fraction = pointIndex === -1 ? '' : normalized.slice(pointIndex);
  return `${wholeDigits === '' ? '0' : groupThousands(wholeDigits)}${fraction}`;
}

/** Where the caret goes so that `significantCount` digits and points stay before it. */
export function caretAfterSignificant(display: string, significantCount: number): number {
  let seen = 0;
  for (let index = 0; index < display.length; index += 1) {
    if (seen === significantCount) return index;
    if (/[\d.]/.test(display.charAt(index))) seen += 1;
  }
  return display.length;
}
