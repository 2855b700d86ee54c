/**
 * JSON escapes that are valid JSON but that PostgreSQL cannot keep in `jsonb` or `text`: NUL
 * (`\u0000`) and UTF-16 surrogates (which may be unpaired).
 */
const unstorableEscape = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

const storableText = (text: string) => text.replaceAll('\u0000', '\uFFFD').toWellFormed();

function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storable(item)]),
    );
  }
  return value;
}

/**
 * A signed webhook body as we keep and read it: unchanged, unless its JSON carries a NUL or an
 * unpaired surrogate (a sender name from a bank can), which become U+FFFD so the event can still
 * be stored and acted on instead of failing with a 500 that the vendor would retry forever.
 * Call only after the signature was checked over the raw bytes.
 */
export function storableBody(rawBody: Buffer): Buffer {
  const text = rawBody.toString('utf8');
  if (!unstorableEscape.test(text)) return rawBody;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return rawBody;
  }
  return Buffer.from(JSON.stringify(storable(parsed)));
}
