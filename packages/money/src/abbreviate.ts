import { absMinor, divideRounded } from './arithmetic.ts';
import { MINOR_UNITS_PER_MAJOR } from './currency.ts';
import { formatMinorAsDecimal, groupThousands } from './format.ts';

/**
 * Product rule: "abbreviates values from 1,000 with k and from 1,000,000 with m", plus b
 * from 1,000,000,000. Abbreviated values keep at most 2 decimals, rounded half up (half
 * away from zero, on the magnitude) and with trailing zeros trimmed: 1,500 → "1.5k",
 * 2,345,678 → "2.35m". Values that would round to 1000 of a unit move up a unit
 * (999,999 → "1m", not "1000k"). Below 1,000 the value is shown as it is: "999",
 * "999.99", "12.50". Input and thresholds are in major units; the argument is minor units.
 */
const SCALES = [
  { suffix: 'k', majorUnits: 1_000n },
  { suffix: 'm', majorUnits: 1_000_000n },
  { suffix: 'b', majorUnits: 1_000_000_000n },
] as const;

type Scale = (typeof SCALES)[number];

/** 1000.00 expressed in hundredths: the point where a unit hands over to the next. */
const NEXT_SCALE_HUNDREDTHS = 1000n * 100n;

export function abbreviateAmount(amountMinor: bigint): string {
  const sign = amountMinor < 0n ? '-' : '';
  return sign + abbreviateMagnitude(absMinor(amountMinor));
}

function abbreviateMagnitude(magnitudeMinor: bigint): string {
  if (magnitudeMinor < SCALES[0].majorUnits * MINOR_UNITS_PER_MAJOR) {
    return magnitudeMinor % MINOR_UNITS_PER_MAJOR === 0n
      ? (magnitudeMinor / MINOR_UNITS_PER_MAJOR).toString()
      : formatMinorAsDecimal(magnitudeMinor);
  }
  const scale = pickScale(magnitudeMinor);
  const hundredths = scaledHundredths(magnitudeMinor, scale);
  const wholeDigits = groupThousands((hundredths / 100n).toString());
  const fractionDigits = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${wholeDigits}${fractionDigits === '' ? '' : '.'}${fractionDigits}${scale.suffix}`;
}

/** Starts at k and moves up while the rounded value would read 1000 or more. */
function pickScale(magnitudeMinor: bigint): Scale {
  let scale: Scale = SCALES[0];
  for (const next of SCALES.slice(1)) {
    if (scaledHundredths(magnitudeMinor, scale) < NEXT_SCALE_HUNDREDTHS) break;
    scale = next;
  }
  return scale;
}

/**
 * The value in the scale's unit, in hundredths, rounded half up. Minor units are already
 * hundredths of a major unit, so dividing by the scale's major units gives hundredths.
 */
function scaledHundredths(magnitudeMinor: bigint, scale: Scale): bigint {
  return divideRounded(magnitudeMinor, scale.majorUnits, 'half-up');
}
