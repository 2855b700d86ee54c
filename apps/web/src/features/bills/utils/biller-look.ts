/*
 * How a biller looks without its logo: a badge in its brand colour holding a short monogram.
 * The monogram's colour is whichever of white or near-black reads better on the brand colour
 * (WCAG contrast), so MTN's yellow gets dark letters and Airtel's red gets white ones.
 */

/**
 * The badge's letters: the acronym a DisCo carries in its name ("Ikeja Electric (IKEDC)" →
 * "IKEDC"), else from the short name: "MTN" → "MTN", "SportyBet" → "SB", "Bet9ja" → "B9",
 * "Airtel" → "Ai", "Eko Electric" → "EE".
 */
export function billerMonogram(shortName: string, name = ''): string {
  const acronym = /\(([A-Z0-9]{2,5})\)\s*$/.exec(name)?.[1];
  if (acronym !== undefined) return acronym;
  const words = shortName.trim().split(/\s+/).filter(Boolean);
  const [first = '', second] = words;
  if (second !== undefined) return `${first.charAt(0)}${second.charAt(0)}`.toUpperCase();
  if (first.length <= 3) return first.toUpperCase();
  const marker = /[A-Z0-9]/.exec(first.slice(1))?.[0];
  return marker === undefined
    ? `${first.charAt(0).toUpperCase()}${first.charAt(1)}`
    : `${first.charAt(0).toUpperCase()}${marker}`;
}

/** The relative luminance of a `#rrggbb` colour (WCAG 2.x), or undefined for other text. */
export function relativeLuminance(hex: string): number | undefined {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return undefined;
  const [red, green, blue] = [match[1], match[2], match[3]].map((pair) => {
    const channel = Number.parseInt(pair ?? '00', 16) / 255;
    return channel <= 0.040_45 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

/** slate-900, the app's darkest text. */
const DARK_TEXT_LUMINANCE = relativeLuminance('#0f172a') ?? 0;

/** Whether white or dark letters contrast more with the badge colour; dark for unknown colours. */
export function monogramTone(background: string): 'light' | 'dark' {
  const luminance = relativeLuminance(background);
  if (luminance === undefined) return 'dark';
  const withWhite = 1.05 / (luminance + 0.05);
  const withDark = (luminance + 0.05) / (DARK_TEXT_LUMINANCE + 0.05);
  return withWhite >= withDark ? 'light' : 'dark';
}

/** The badge colour, or the app's slate when the catalogue's colour is not a `#rrggbb`. */
export function badgeColour(colour: string): string {
  return relativeLuminance(colour) === undefined ? '#475569' : colour;
}
