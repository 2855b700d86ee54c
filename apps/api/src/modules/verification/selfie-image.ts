import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

/**
 * Bounds for a selfie sent for identity verification: the decoded byte cap, the input pixel cap
 * (checked on the header before any pixel is decoded), the smallest accepted width or height, and
 * the longest side of the re-encoded JPEG we keep.
 */
export const selfieLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 24_000_000,
  minSide: 200,
  outputMaxSide: 1280,
} as const;

const fieldPath = 'documents.0.content';

/** Base64 text of exactly `maxBytes` bytes. */
const maxBase64Chars = Math.ceil(selfieLimits.maxBytes / 3) * 4;
/** Raw text allowance: the base64 plus line breaks (MIME wraps at 76) and a data-URL prefix. */
const maxRawChars = maxBase64Chars + Math.ceil(maxBase64Chars / 38) + 64;

const dataUrlPrefix = /^data:image\/jpe?g;base64,/i;
const outsideAlphabet = /[^A-Za-z0-9+/=]/;
const whitespace = /\s+/g;

const messages = {
  notBase64: 'The selfie could not be read; send the photo as base64 JPEG text',
  notJpeg: 'The selfie must be a JPEG photo',
  tooLargeBytes: 'The selfie is larger than 5 MB; take it again at a lower resolution',
  tooLargePixels:
    'The selfie is too large in pixels (more than 24 megapixels); take it again at a lower resolution',
  tooSmall: `The selfie is too small; make sure your face fills the frame (at least ${String(selfieLimits.minSide)} pixels on each side)`,
  unreadable: 'The selfie could not be read; take it again',
} as const;

const refuse = (code: string, message: string) =>
  new AppError(code, message, 422, [{ path: fieldPath, message }]);

const notBase64 = () => refuse('selfie_not_base64', messages.notBase64);
const tooLargeBytes = () => refuse('selfie_too_large', messages.tooLargeBytes);
const tooLargePixels = () => refuse('selfie_too_large', messages.tooLargePixels);

/** Strict base64: the standard alphabet only, a length that is a multiple of 4, padding only at the end. */
function decodeBase64(content: unknown): Buffer {
  if (typeof content !== 'string') throw notBase64();
  // Refuse a huge string before doing any work on it.
  if (content.length > maxRawChars) throw tooLargeBytes();
  const text = content.trim().replace(dataUrlPrefix, '').replace(whitespace, '');
  if (text.length === 0 || text.length % 4 !== 0 || outsideAlphabet.test(text)) throw notBase64();
  const padding = text.indexOf('=');
  if (padding !== -1 && (padding < text.length - 2 || !/^=+$/.test(text.slice(padding)))) {
    throw notBase64();
  }
  if (text.length > maxBase64Chars) throw tooLargeBytes();
  return Buffer.from(text, 'base64');
}

const isJpeg = (bytes: Buffer) =>
  bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Map whatever sharp/libvips threw to a refusal the person can act on. */
function fromSharpError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return tooLargePixels();
  return refuse('selfie_unreadable', messages.unreadable);
}

/**
 * Checks a selfie sent as base64 JPEG text and re-encodes it: metadata (EXIF with GPS, ICC, XMP,
 * comments) is dropped, EXIF orientation is applied, and the image is bounded to
 * `outputMaxSide`. Every refusal is an AppError with status 422 on `documents.0.content`.
 */
export async function prepareSelfie(
  content: string,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const bytes = decodeBase64(content);
  if (bytes.length > selfieLimits.maxBytes) throw tooLargeBytes();
  if (!isJpeg(bytes)) throw refuse('selfie_not_jpeg', messages.notJpeg);

  const options = { limitInputPixels: selfieLimits.maxPixels, failOn: 'error' } as const;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== 'jpeg') throw refuse('selfie_not_jpeg', messages.notJpeg);
    const { width, height } = metadata;
    if (width * height > selfieLimits.maxPixels) throw tooLargePixels();
    if (width < selfieLimits.minSide || height < selfieLimits.minSide) {
      throw refuse('selfie_too_small', messages.tooSmall);
    }

    // No withMetadata()/keepExif(): sharp writes none of the input's metadata.
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({
        width: selfieLimits.outputMaxSide,
        height: selfieLimits.outputMaxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    throw fromSharpError(error);
  }
}
