import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { prepareSelfie, selfieLimits } from './selfie-image.ts';

// The real sharp, wrapped so a test can tell whether the module handed bytes to it.
vi.mock('sharp', async (importOriginal) => {
  const actual = await importOriginal<typeof import('sharp')>();
  return { default: vi.fn(actual.default) };
});

const grey = { r: 128, g: 128, b: 128 };

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: grey } })
    .jpeg()
    .toBuffer();
}

/** A real JPEG whose SOF0 header is patched to claim other dimensions. */
function withClaimedSize(image: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(image);
  const sof0 = patched.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof0).toBeGreaterThan(0);
  // FF C0, segment length (2), precision (1), height (2), width (2).
  patched.writeUInt16BE(height, sof0 + 5);
  patched.writeUInt16BE(width, sof0 + 7);
  return patched;
}

async function refusal(content: string): Promise<AppError> {
  const error: unknown = await prepareSelfie(content).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(422);
  expect(appError.errors).toEqual([{ path: 'documents.0.content', message: appError.message }]);
  return appError;
}

const startsLikeJpeg = (bytes: Buffer) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

describe('selfie image check', () => {
  let selfie: Buffer;

  beforeAll(async () => {
    selfie = await sharp({ create: { width: 400, height: 300, channels: 3, background: grey } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', ImageDescription: 'gps 6.5244,3.3792' } })
      .toBuffer();
  });

  it('when a valid JPEG with EXIF is sent, then it is re-encoded as JPEG without metadata', async () => {
    expect((await sharp(selfie).metadata()).exif).toBeDefined();

    const out = await prepareSelfie(selfie.toString('base64'));

    expect(startsLikeJpeg(out.jpeg)).toBe(true);
    expect(out).toMatchObject({ width: 400, height: 300 });
    const metadata = await sharp(out.jpeg).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(out.jpeg.includes('secret')).toBe(false);
  });

  it('when the text has a data-URL prefix and line breaks, then it is accepted', async () => {
    const wrapped = selfie.toString('base64').replace(/.{76}/g, '$&\r\n');
    const out = await prepareSelfie(`data:image/jpeg;base64,${wrapped}\n`);
    expect(startsLikeJpeg(out.jpeg)).toBe(true);
  });

  it('when the photo carries an EXIF orientation, then the orientation is applied', async () => {
    const rotated = await sharp({
      create: { width: 400, height: 300, channels: 3, background: grey },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await prepareSelfie(rotated.toString('base64'));
    expect(out).toMatchObject({ width: 300, height: 400 });
    expect((await sharp(out.jpeg).metadata()).orientation).toBeUndefined();
  });

  it('when a large photo is sent, then it is downscaled to fit the output bounds', async () => {
    const out = await prepareSelfie((await jpeg(2000, 1500)).toString('base64'));
    expect(out).toMatchObject({ width: selfieLimits.outputMaxSide, height: 960 });
    const metadata = await sharp(out.jpeg).metadata();
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(
      selfieLimits.outputMaxSide,
    );
  });

  it('when a PNG is sent, then it is refused as not a JPEG', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: grey } })
      .png()
      .toBuffer();
    const error = await refusal(png.toString('base64'));
    expect(error.code).toBe('selfie_not_jpeg');
    expect(error.message).toBe('The selfie must be a JPEG photo');
  });

  it('when random bytes follow the JPEG magic bytes, then it is refused as unreadable', async () => {
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4096, 0x07)]);
    const error = await refusal(junk.toString('base64'));
    expect(error.code).toBe('selfie_unreadable');
  });

  it('when the JPEG is truncated, then it is refused as unreadable', async () => {
    const truncated = selfie.subarray(0, Math.floor(selfie.length / 2));
    const error = await refusal(truncated.toString('base64'));
    expect(error.code).toBe('selfie_unreadable');
    expect(error.message).toBe('The selfie could not be read; take it again');
  });

  it.each([
    ['characters outside the alphabet', '/9j/4AAQSkZJRgABAQ*!'],
    ['URL-safe characters', '-_-_'],
    ['a length that is not a multiple of 4', 'QUJDRA'],
    ['padding in the middle', 'QQ==QUJD'],
    ['too much padding', 'Q==='],
    ['an empty string', ''],
    ['only whitespace', ' \n\t '],
  ])('when the text has %s, then it is refused as not base64', async (_name, content) => {
    const error = await refusal(content);
    expect(error.code).toBe('selfie_not_base64');
  });

  it('when the decoded photo is over the byte cap, then it is refused without calling sharp', async () => {
    const oversize = Buffer.alloc(selfieLimits.maxBytes + 1, 0x41);
    oversize.set([0xff, 0xd8, 0xff], 0);
    vi.mocked(sharp).mockClear();

    const error = await refusal(oversize.toString('base64'));

    expect(error.code).toBe('selfie_too_large');
    expect(error.message).toBe(
      'The selfie is larger than 5 MB; take it again at a lower resolution',
    );
    expect(sharp).not.toHaveBeenCalled();
  });

  it('when the text is far larger than the cap, then it is refused cheaply without calling sharp', async () => {
    vi.mocked(sharp).mockClear();
    const error = await refusal('A'.repeat(50 * 1024 * 1024));
    expect(error.code).toBe('selfie_too_large');
    expect(sharp).not.toHaveBeenCalled();
  });

  it('when the photo is exactly at the byte cap, then the size check lets it through to decoding', async () => {
    const atCap = Buffer.alloc(selfieLimits.maxBytes, 0x07);
    atCap.set([0xff, 0xd8, 0xff], 0);
    const error = await refusal(atCap.toString('base64'));
    expect(error.code).toBe('selfie_unreadable');
  });

  it('when the header claims 30000×30000 pixels, then it is refused as too large in pixels', async () => {
    const huge = withClaimedSize(await jpeg(300, 300), 30_000, 30_000);
    const error = await refusal(huge.toString('base64'));
    expect(error.code).toBe('selfie_too_large');
    expect(error.message).toMatch(/^The selfie is too large in pixels/);
  });

  it('when the photo is smaller than the minimum side, then it is refused as too small', async () => {
    const error = await refusal((await jpeg(640, selfieLimits.minSide - 1)).toString('base64'));
    expect(error.code).toBe('selfie_too_small');
    expect(error.message).toMatch(/^The selfie is too small; make sure your face fills the frame/);
  });

  it('when the photo is exactly the minimum side, then it is accepted', async () => {
    const side = selfieLimits.minSide;
    const out = await prepareSelfie((await jpeg(side, side)).toString('base64'));
    expect(out).toMatchObject({ width: side, height: side });
  });

  it('when any text at all is sent, then it is accepted or refused with a 422 AppError', async () => {
    const magic = Buffer.from([0xff, 0xd8, 0xff]);
    const small = await jpeg(240, 240);
    const content = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes).toString('base64')),
      fc
        .uint8Array({ maxLength: 4096 })
        .map((bytes) => Buffer.concat([magic, bytes]).toString('base64')),
      // A real JPEG with random bytes overwritten, so the decoder itself is exercised.
      fc
        .array(fc.tuple(fc.nat({ max: small.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 16,
        })
        .map((edits) => {
          const mutated = Buffer.from(small);
          for (const [at, value] of edits) mutated[at] = value;
          return mutated.toString('base64');
        }),
      // The same JPEG cut short at a random point.
      fc.nat({ max: small.length }).map((end) => small.subarray(0, end).toString('base64')),
    );

    await fc.assert(
      fc.asyncProperty(content, async (text) => {
        const outcome = await prepareSelfie(text).then(
          (out) => ({ out }),
          (error: unknown) => ({ error }),
        );
        if ('out' in outcome) {
          expect(startsLikeJpeg(outcome.out.jpeg)).toBe(true);
        } else {
          expect(outcome.error).toBeInstanceOf(AppError);
          expect((outcome.error as AppError).statusCode).toBe(422);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
