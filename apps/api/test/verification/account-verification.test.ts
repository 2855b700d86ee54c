import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages } from '@ajo/contracts/verification';
import { selfieLimits } from '../../src/modules/verification/selfie-image.ts';
import { rows } from '../../src/platform/db.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { sandboxBvns, sandboxIdentityProvider } from '../../src/providers/identity/sandbox.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  countRows,
  me,
  notificationTitles,
  selfieBase64,
  selfieJpeg,
  submitVerification,
  verificationBody,
  verificationFingerprint,
  verifyBvn,
  verifyBvnAndCreateAccount,
} from '../support/verification-helpers.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { freshBvn, signUp } from '../support/people.ts';

interface StoredVerification {
  id: string;
  user_id: string;
  status: string;
  address_ciphertext: string;
  date_of_birth_ciphertext: string;
  phone_ciphertext: string;
  country_alpha_2_code: string;
  country_alpha_3_code: string;
  country_dial_code: string;
  country_of_residence: string;
  ip_address: string;
  selfie_ciphertext: string;
  face_confidence: number | null;
  submitted_at: string | Date;
  decided_at: string | Date | null;
}

async function storedVerifications(context: TestContext, userId: string) {
  return rows<StoredVerification>(
    context.database.db,
    sql`select * from identity_verifications where user_id = ${userId} order by submitted_at, id`,
  );
}

const verifiedTitle = 'Identity verified';
const rejectedTitle = 'We could not verify your identity';

/** The submission answer: `{message, data: {id, status, submitted_at, decided_at}}`. */
interface VerificationAnswer {
  message: string;
  data: { id: string; status: string; submitted_at: string; decided_at: string | null };
}

describe(`identity verification, approved (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  let userId: string;
  let selfie: Buffer;
  const address = '12 Adeola Odeku Street, Victoria Island, Lagos';
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    token = await signUp(context.app, 'chiamaka.verify@example.com');
    userId = (await me(context.app, token)).id;
    await verifyBvnAndCreateAccount(context.app, token);
    selfie = await selfieJpeg();
  });
  afterAll(() => context.close());

  it('when the selfie carries EXIF, then the fixture really has it (sanity)', async () => {
    const metadata = await sharp(selfie).metadata();
    expect(metadata.exif).toBeDefined();
    expect(selfie.includes('exif-secret-marker')).toBe(true);
  });

  it('when a tier-1 user submits valid details and a selfie, then the answer is SUBMITTED and so is the user', async () => {
    expect(await me(context.app, token)).toMatchObject({ status: 'PENDING', tier: 1 });
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/accounts/verify',
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '6.6.6.6',
      },
      payload: verificationBody(sandboxBvns.matchesAnyName, selfie.toString('base64'), {
        ip_address: '1.2.3.4',
        // Pasted as people write it: stored as the 10 digits after +234.
        phone: '+234 803 123 4567',
      }),
      remoteAddress: '198.51.100.23',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<VerificationAnswer>();
    expect(answer.message).toBe('operation was successful');
    expect(answer.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.data).toEqual({
      id: answer.data.id,
      status: 'SUBMITTED',
      submitted_at: context.clock.now().toISOString(),
      decided_at: null,
    });
    expect(response.body).not.toContain(sandboxBvns.matchesAnyName);
    expect(response.body).not.toContain('Adeola');
    expect(await me(context.app, token)).toMatchObject({ status: 'SUBMITTED', tier: 1 });
  });

  it('when the submission is stored, then the IP is the request address, the defaults apply and personal data is encrypted', async () => {
    const crypto = fieldCrypto(context.config.appSecret);
    const [stored] = await storedVerifications(context, userId);
    if (!stored) throw new Error('no verification stored');
    expect(stored).toMatchObject({
      status: 'SUBMITTED',
      ip_address: '198.51.100.23',
      country_alpha_2_code: 'NG',
      country_alpha_3_code: 'NGA',
      country_dial_code: '+234',
      country_of_residence: 'Nigeria',
      face_confidence: null,
      decided_at: null,
    });
    const raw = JSON.stringify(stored);
    for (const secret of ['Adeola', '1994-06-15', '8031234567', sandboxBvns.matchesAnyName]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toContain(selfie.toString('base64').slice(0, 200));
    expect(crypto.decrypt(stored.address_ciphertext).toString('utf8')).toBe(address);
    expect(crypto.decrypt(stored.date_of_birth_ciphertext).toString('utf8')).toBe('1994-06-15');
    expect(crypto.decrypt(stored.phone_ciphertext).toString('utf8')).toBe('8031234567');
  });

  it('when the stored selfie is decrypted, then it is a re-encoded JPEG without EXIF', async () => {
    const crypto = fieldCrypto(context.config.appSecret);
    const [stored] = await storedVerifications(context, userId);
    if (!stored) throw new Error('no verification stored');
    expect(stored.selfie_ciphertext.startsWith('v1:')).toBe(true);
    const jpeg = crypto.decrypt(stored.selfie_ciphertext);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.equals(selfie)).toBe(false);
    const metadata = await sharp(jpeg).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(jpeg.includes('exif-secret-marker')).toBe(false);
    expect(jpeg.includes('AjoTestPhone')).toBe(false);
  });

  it('when the user submits again while in review, then 409 and nothing more is stored', async () => {
    const response = await submitVerification(
      context.app,
      token,
      verificationBody(sandboxBvns.matchesAnyName, selfie.toString('base64')),
    );
    expect(response.statusCode).toBe(409);
    expect(expectErrorShape(response).code).toBe('verification_in_review');
    expect(await countRows(context.database, 'identity_verifications', userId)).toBe(1);
  });

  it('when the face-match job runs, then the user is ACTIVE on tier 2 and told "Identity verified"', async () => {
    context.clock.advance(5_000);
    expect(await context.app.jobs.tick()).toBeGreaterThanOrEqual(1);
    expect(await me(context.app, token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    const [stored] = await storedVerifications(context, userId);
    expect(stored).toMatchObject({ status: 'ACTIVE', face_confidence: 92 });
    expect(new Date(stored?.decided_at ?? 0).toISOString()).toBe(context.clock.now().toISOString());
    const titles = await notificationTitles(context.app, token);
    expect(titles.filter((title) => title === verifiedTitle)).toHaveLength(1);
  });

  it('when the jobs run again, then the decision is not repeated', async () => {
    await context.app.jobs.tick();
    const titles = await notificationTitles(context.app, token);
    expect(titles.filter((title) => title === verifiedTitle)).toHaveLength(1);
    expect(await me(context.app, token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
  });

  it('when an ACTIVE user submits again, then 409 and nothing is stored', async () => {
    const before = await verificationFingerprint(context.database);
    const response = await submitVerification(
      context.app,
      token,
      verificationBody(sandboxBvns.matchesAnyName, selfie.toString('base64')),
    );
    expect(response.statusCode).toBe(409);
    expect(expectErrorShape(response).code).toBe('already_verified');
    expect(await verificationFingerprint(context.database)).toBe(before);
  });
});

describe(`identity verification, rejected (${databaseKind})`, () => {
  let context: TestContext;
  let token: string;
  let userId: string;
  const faces: Buffer[] = [];
  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      identity: {
        ...sandboxIdentityProvider(),
        matchFace: ({ selfieJpeg: face }) => {
          faces.push(face);
          return Promise.resolve({ outcome: 'no_match', matched: false, confidencePercent: 10 });
        },
      },
    });
    token = await signUp(context.app, 'chiamaka.rejected@example.com');
    userId = (await me(context.app, token)).id;
    await verifyBvnAndCreateAccount(context.app, token);
  });
  afterAll(() => context.close());

  it('when the face does not match, then the user is REJECTED, stays on tier 1 and is told', async () => {
    const submitted = await submitVerification(
      context.app,
      token,
      verificationBody(sandboxBvns.matchesAnyName, await selfieBase64()),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<VerificationAnswer>().data.status).toBe('SUBMITTED');
    await context.app.jobs.tick();

    expect(await me(context.app, token)).toMatchObject({ status: 'REJECTED', tier: 1 });
    const [stored] = await storedVerifications(context, userId);
    expect(stored).toMatchObject({ status: 'REJECTED', face_confidence: 10 });
    expect(stored?.decided_at).not.toBeNull();
    expect(await notificationTitles(context.app, token)).toContain(rejectedTitle);
  });

  it('when the identity vendor is asked to match, then it receives the re-encoded selfie without EXIF', async () => {
    expect(faces).toHaveLength(1);
    const [face] = faces;
    if (!face) throw new Error('no face was sent');
    expect((await sharp(face).metadata()).exif).toBeUndefined();
    expect(face.includes('exif-secret-marker')).toBe(false);
  });

  it('when a rejected user submits again (data-URL prefix, explicit country), then a new submission is accepted', async () => {
    context.clock.advance(60_000);
    const submitted = await submitVerification(
      context.app,
      token,
      verificationBody(
        sandboxBvns.matchesAnyName,
        `data:image/jpeg;base64,${await selfieBase64({ exif: false })}`,
        {
          country_alpha_2_code: 'GH',
          country_alpha_3_code: 'GHA',
          country_dial_code: '+233',
          country_of_residence: 'Ghana',
        },
      ),
      '2001:db8::7',
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await me(context.app, token)).toMatchObject({ status: 'SUBMITTED' });
    const stored = await storedVerifications(context, userId);
    expect(stored.map((row) => row.status)).toEqual(['REJECTED', 'SUBMITTED']);
    expect(stored[1]).toMatchObject({
      country_alpha_2_code: 'GH',
      country_alpha_3_code: 'GHA',
      country_dial_code: '+233',
      country_of_residence: 'Ghana',
      ip_address: '2001:db8::7',
    });

    await context.app.jobs.tick();
    expect(await me(context.app, token)).toMatchObject({ status: 'REJECTED', tier: 1 });
    const titles = await notificationTitles(context.app, token);
    expect(titles.filter((title) => title === rejectedTitle)).toHaveLength(2);
  });
});

describe(`identity verification, refusals (${databaseKind})`, () => {
  let context: TestContext;
  let verified: { token: string; userId: string; bvn: string };
  let selfie: string;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    const token = await signUp(context.app, 'refusals@example.com');
    const bvn = freshBvn();
    expect((await verifyBvn(context.app, token, bvn)).statusCode).toBe(200);
    verified = { token, userId: (await me(context.app, token)).id, bvn };
    selfie = await selfieBase64();
  });
  afterAll(() => context.close());

  /** Sends `body`, expects `status` in the error shape, and that nothing changed. */
  const refused = async (token: string | undefined, body: unknown, status: number) => {
    const before = await verificationFingerprint(context.database);
    const statusBefore = token ? (await me(context.app, token)).status : undefined;
    const response = await submitVerification(context.app, token, body);
    expect(response.statusCode, response.body).toBe(status);
    const error = expectErrorShape(response);
    expect(await verificationFingerprint(context.database)).toBe(before);
    if (token) expect((await me(context.app, token)).status).toBe(statusBefore);
    return error;
  };

  it('when nobody is signed in, then 401 before the body is read (even an oversized or broken one)', async () => {
    const body = verificationBody(verified.bvn, selfie);
    expect((await refused(undefined, body, 401)).code).toBe('unauthenticated');
    expect((await refused(undefined, '{"address": ', 401)).code).toBe('unauthenticated');
    const oversized = verificationBody(verified.bvn, 'A'.repeat(9 * 1024 * 1024));
    expect((await refused(undefined, oversized, 401)).code).toBe('unauthenticated');
  });

  it('when the BVN step was not done, then 422 and the user is unchanged', async () => {
    const token = await signUp(context.app, 'no.bvn@example.com');
    const error = await refused(token, verificationBody(freshBvn(), selfie), 422);
    expect(error.code).toBe('bvn_not_verified');
    expect((await me(context.app, token)).status).toBe('PENDING');
  });

  it('when the bvn differs from the verified one, then 422 on the bvn field', async () => {
    const error = await refused(verified.token, verificationBody(freshBvn(), selfie), 422);
    expect(error).toMatchObject({
      code: 'bvn_differs',
      errors: [{ path: 'bvn' }],
    });
  });

  it.each([
    ['10 digits', '5000000001'],
    ['12 digits', '500000000011'],
    ['letters', '5000000000x'],
  ])('when the bvn has %s, then 400 "Invalid BVN"', async (_, bvn) => {
    const error = await refused(verified.token, verificationBody(bvn, selfie), 400);
    expect(error.errors).toContainEqual({ path: 'bvn', message: verificationMessages.invalidBvn });
    expect(error.message).toContain(verificationMessages.invalidBvn);
  });

  it.each([
    ['9 digits', '803123456'],
    ['12 digits after the 0', '080312345678'],
    ['letters', '0803CALLME1'],
    ['+234 and then a 0', '+2340803123456'],
  ])('when the phone has %s, then 400 "Invalid phone number"', async (_, phone) => {
    const error = await refused(
      verified.token,
      verificationBody(verified.bvn, selfie, { phone }),
      400,
    );
    expect(error.errors).toContainEqual({
      path: 'phone',
      message: verificationMessages.invalidPhone,
    });
  });

  it.each([
    ['in the future', '2099-01-01', verificationMessages.birthDateInFuture],
    ['of someone who is 17', '2010-01-01', verificationMessages.underEighteen],
  ])(
    'when the date of birth is %s, then 422 with the reason on the field and nothing is stored',
    async (_, dateOfBirth, message) => {
      const error = await refused(
        verified.token,
        verificationBody(verified.bvn, selfie, { date_of_birth: dateOfBirth }),
        422,
      );
      expect(error.errors).toContainEqual({ path: 'date_of_birth', message });
    },
  );

  it.each([
    ['an empty address', { address: '   ' }],
    ['no address', { address: undefined }],
    ['a date of birth that is no date', { date_of_birth: '1994-13-45' }],
    ['a lower-case country code', { country_alpha_2_code: 'ng' }],
    ['a dial code without +', { country_dial_code: '234' }],
    ['an extra field', { is_admin: true }],
    ['no documents', { documents: [] }],
    [
      'a document of another type',
      {
        documents: [
          {
            content: 'abcd',
            document_sub_type: 'passport',
            document_type: 'identity_verification',
            mime_type: 'image/jpeg',
          },
        ],
      },
    ],
    [
      'a PNG mime type',
      {
        documents: [
          {
            content: 'abcd',
            document_sub_type: 'selfie',
            document_type: 'identity_verification',
            mime_type: 'image/png',
          },
        ],
      },
    ],
    [
      'an empty selfie',
      {
        documents: [
          {
            content: '',
            document_sub_type: 'selfie',
            document_type: 'identity_verification',
            mime_type: 'image/jpeg',
          },
        ],
      },
    ],
    [
      'a selfie that is a number',
      {
        documents: [
          {
            content: 12345,
            document_sub_type: 'selfie',
            document_type: 'identity_verification',
            mime_type: 'image/jpeg',
          },
        ],
      },
    ],
  ])('when the body has %s, then 400 in the error shape', async (_, overrides) => {
    const error = await refused(
      verified.token,
      verificationBody(verified.bvn, selfie, overrides),
      400,
    );
    expect(error.code).toBe('validation_failed');
  });

  it('when two selfies are sent, then 400', async () => {
    const body = verificationBody(verified.bvn, selfie);
    const [document] = body.documents;
    const error = await refused(verified.token, { ...body, documents: [document, document] }, 400);
    expect(error.code).toBe('validation_failed');
  });

  describe('selfie images', () => {
    let jpeg: Buffer;
    beforeAll(async () => {
      jpeg = await selfieJpeg({ exif: false });
    });

    const withClaimedSize = (image: Buffer, width: number, height: number) => {
      const patched = Buffer.from(image);
      const sof0 = patched.indexOf(Buffer.from([0xff, 0xc0]));
      expect(sof0).toBeGreaterThan(0);
      patched.writeUInt16BE(height, sof0 + 5);
      patched.writeUInt16BE(width, sof0 + 7);
      return patched;
    };

    const cases: [string, () => Promise<string>, string][] = [
      [
        'a PNG sent as JPEG',
        async () =>
          (
            await sharp({ create: { width: 480, height: 640, channels: 3, background: 'red' } })
              .png()
              .toBuffer()
          ).toString('base64'),
        'selfie_not_jpeg',
      ],
      [
        'a WebP sent as JPEG',
        async () =>
          (
            await sharp({ create: { width: 480, height: 640, channels: 3, background: 'red' } })
              .webp()
              .toBuffer()
          ).toString('base64'),
        'selfie_not_jpeg',
      ],
      [
        'a header patched to 30000×30000',
        () => Promise.resolve(withClaimedSize(jpeg, 30_000, 30_000).toString('base64')),
        'selfie_too_large',
      ],
      [
        'a header patched to 0×0',
        () => Promise.resolve(withClaimedSize(jpeg, 0, 0).toString('base64')),
        'selfie_unreadable',
      ],
      [
        'a photo smaller than 200 pixels',
        () => selfieBase64({ width: 120, height: 160 }),
        'selfie_too_small',
      ],
      [
        'a truncated JPEG',
        () => Promise.resolve(jpeg.subarray(0, Math.floor(jpeg.length / 2)).toString('base64')),
        'selfie_unreadable',
      ],
      [
        'JPEG magic bytes followed by noise',
        () =>
          Promise.resolve(
            Buffer.concat([
              Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
              Buffer.alloc(4096, 0x5a),
            ]).toString('base64'),
          ),
        'selfie_unreadable',
      ],
      [
        'garbage that is not base64',
        () => Promise.resolve('!!this is not base64 at all!!'),
        'selfie_not_base64',
      ],
      ['base64 with broken padding', () => Promise.resolve('/9j/4A=A'), 'selfie_not_base64'],
      ['base64url text', () => Promise.resolve(jpeg.toString('base64url')), 'selfie_not_base64'],
      [
        'a PNG data URL',
        () => Promise.resolve(`data:image/png;base64,${jpeg.toString('base64')}`),
        'selfie_not_base64',
      ],
      [
        'more than 5 MB once decoded (within the body limit)',
        () =>
          Promise.resolve(
            Buffer.concat([
              jpeg,
              Buffer.alloc(selfieLimits.maxBytes + 3 - jpeg.length, 0),
            ]).toString('base64'),
          ),
        'selfie_too_large',
      ],
    ];

    it.each(cases)(
      'when the selfie is %s, then 422 and nothing is stored',
      async (_, content, code) => {
        const text = await content();
        const error = await refused(verified.token, verificationBody(verified.bvn, text), 422);
        expect(error.code).toBe(code);
        expect(error.errors).toEqual([{ path: 'documents.0.content', message: error.message }]);
      },
    );

    it('when the body is larger than the body limit, then 413 in the error shape', async () => {
      const content = 'A'.repeat(8 * 1024 * 1024);
      const error = await refused(verified.token, verificationBody(verified.bvn, content), 413);
      expect(error.code).toBe('payload_too_large');
    });

    it('when all of those were refused, then the user can still submit a good selfie', async () => {
      expect(await countRows(context.database, 'identity_verifications')).toBe(0);
      const response = await submitVerification(
        context.app,
        verified.token,
        verificationBody(verified.bvn, jpeg.toString('base64')),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((await me(context.app, verified.token)).status).toBe('SUBMITTED');
    });
  });
});

describe(`identity verification while the face-match vendor is down (${databaseKind})`, () => {
  let context: TestContext;
  let failuresLeft = 0;
  const identity = sandboxIdentityProvider();
  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      identity: {
        ...identity,
        matchFace: (request) => {
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            return Promise.reject(new Error('the face-match vendor did not answer'));
          }
          return identity.matchFace(request);
        },
      },
    });
  });
  afterAll(() => context.close());

  const submitted = async (email: string) => {
    const token = await signUp(context.app, email);
    const bvn = freshBvn();
    expect((await verifyBvn(context.app, token, bvn)).statusCode).toBe(200);
    const response = await submitVerification(
      context.app,
      token,
      verificationBody(bvn, await selfieBase64()),
    );
    expect(response.statusCode, response.body).toBe(200);
    return { token, bvn };
  };

  /** Runs the jobs the way the worker would, moving the clock past each retry's backoff. */
  const runJobsFor = async (minutes: number) => {
    for (let step = 0; step < minutes * 2; step += 1) {
      await context.app.jobs.tick();
      context.clock.advance(30_000);
    }
    await context.app.jobs.tick();
  };

  it('when the vendor fails a few times and then answers, then the retry decides ACTIVE', async () => {
    const { token } = await submitted('face.retry@example.com');
    failuresLeft = 2;
    await runJobsFor(2);
    expect(await me(context.app, token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    expect(await notificationTitles(context.app, token)).toContain(verifiedTitle);
  });

  it('when the vendor never answers, then the user is not left SUBMITTED for ever: they are told and may submit again', async () => {
    const { token, bvn } = await submitted('face.down@example.com');
    failuresLeft = Number.MAX_SAFE_INTEGER;
    // Eight attempts, 2 s to 128 s apart: the queue gives up after about four minutes.
    await runJobsFor(10);
    failuresLeft = 0;
    const user = await me(context.app, token);
    expect(user.status).toBe('REJECTED');
    expect(await notificationTitles(context.app, token)).toContain(rejectedTitle);
    const [closed] = await storedVerifications(context, user.id);
    expect(closed).toMatchObject({ status: 'REJECTED', face_confidence: null });
    expect(closed?.decided_at).not.toBeNull();
    const again = await submitVerification(
      context.app,
      token,
      verificationBody(bvn, await selfieBase64()),
    );
    expect(again.statusCode, again.body).toBe(200);
    await context.app.jobs.tick();
    expect(await me(context.app, token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
  });
});
