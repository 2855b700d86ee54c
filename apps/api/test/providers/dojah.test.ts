import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOJAH_FACE_MATCH_MIN_CONFIDENCE,
  DOJAH_FACE_REVIEW_MIN_CONFIDENCE,
  dojahIdentityProvider,
} from '../../src/providers/identity/dojah.ts';
import { IdentityProviderError } from '../../src/providers/identity/identity.port.ts';
import { startDojahFake, type DojahFake } from '../support/dojah-fake.ts';

const credentials = { appId: 'app_ajo_test', secretKey: 'test_sk_dojah_fake' };
const customer = { firstName: 'Chiamaka', lastName: 'Eze' };
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

const chiamaka = {
  bvn: '22222222222',
  first_name: 'CHIAMAKA',
  last_name: 'EZE',
  date_of_birth: '1994-06-15',
  phone_number1: '08031234567',
};

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

describe('Dojah identity provider', () => {
  let fake: DojahFake;
  const provider = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
    dojahIdentityProvider({ ...credentials, baseUrl: fake.baseUrl, ...overrides });

  beforeAll(async () => {
    fake = await startDojahFake(credentials);
    fake.addRecord(chiamaka);
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  describe('BVN lookup', () => {
    it('when a BVN is looked up, then AppId and Authorization carry our keys and only the BVN is sent', async () => {
      await provider().lookupBvn({ bvn: chiamaka.bvn, customer });

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request?.method).toBe('GET');
      expect(request?.headers.appid).toBe(credentials.appId);
      expect(request?.headers.authorization).toBe(credentials.secretKey);
      const url = new URL(request!.path, fake.baseUrl);
      expect(url.pathname).toBe('/api/v1/kyc/bvn/full');
      expect([...url.searchParams]).toEqual([['bvn', chiamaka.bvn]]);
      expect(request?.path).not.toContain('Chiamaka');
    });

    it('when the record is found, then it maps to the port record', async () => {
      expect(await provider().lookupBvn({ bvn: chiamaka.bvn, customer })).toEqual({
        bvn: '22222222222',
        firstName: 'CHIAMAKA',
        lastName: 'EZE',
        dateOfBirth: '1994-06-15',
        phone: '8031234567',
      });
    });

    it.each([
      ['1994-06-15', '1994-06-15'],
      ['15-Jun-1994', '1994-06-15'],
      ['5-jun-1994', '1994-06-05'],
      ['01-January-1907', '1907-01-01'],
      ['29-Feb-2000', '2000-02-29'],
    ])('when the date of birth arrives as %s, then it reads %s', async (sent, expected) => {
      const bvn = '22200000001';
      fake.addRecord({ ...chiamaka, bvn, date_of_birth: sent });
      const record = await provider().lookupBvn({ bvn, customer });
      expect(record.dateOfBirth).toBe(expected);
    });

    it.each(['+2348031234567', '2348031234567', '08031234567', '8031234567', '0803 123 4567'])(
      'when the phone arrives as %s, then it becomes the 10-digit national number',
      async (sent) => {
        const bvn = '22200000002';
        fake.addRecord({ ...chiamaka, bvn, phone_number1: sent });
        expect((await provider().lookupBvn({ bvn, customer })).phone).toBe('8031234567');
      },
    );

    it('when Dojah holds no record for the BVN, then the lookup fails as not found', async () => {
      const lookup = provider().lookupBvn({ bvn: '12345678901', customer });
      await expect(lookup).rejects.toBeInstanceOf(IdentityProviderError);
      await expect(lookup).rejects.toMatchObject({ reason: 'not_found' });
    });

    it('when Dojah refuses with a 400 that says not found, then the lookup fails as not found', async () => {
      fake.failNext(400, JSON.stringify({ error: 'BVN Not Found' }));
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'not_found',
      });
    });

    it('when the BVN is not 11 digits, then it is not found and Dojah is not called', async () => {
      await expect(provider().lookupBvn({ bvn: '2222222222', customer })).rejects.toMatchObject({
        reason: 'not_found',
      });
      expect(fake.requests).toHaveLength(0);
    });

    it('when Dojah refuses with another 400, then the registry is unavailable', async () => {
      fake.failNext(400, JSON.stringify({ error: 'Insufficient wallet balance' }));
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
        message: expect.stringContaining('Insufficient wallet balance') as unknown,
      });
    });

    it('when our secret key is wrong, then Dojah answers 401 and the registry is unavailable', async () => {
      const lookup = provider({ secretKey: 'test_sk_wrong' }).lookupBvn({
        bvn: chiamaka.bvn,
        customer,
      });
      await expect(lookup).rejects.toMatchObject({ reason: 'unavailable' });
      await expect(lookup).rejects.not.toHaveProperty(
        'message',
        expect.stringContaining('test_sk_wrong'),
      );
    });

    it('when Dojah answers 403, then the registry is unavailable', async () => {
      fake.failNext(403, JSON.stringify({ error: 'Forbidden' }));
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when Dojah answers 500, then the registry is unavailable', async () => {
      fake.failNext(500, '<html>Internal Server Error</html>');
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when Dojah does not answer in time, then the registry is unavailable', async () => {
      fake.stallNext();
      const started = Date.now();
      await expect(
        provider({ timeoutMs: 200 }).lookupBvn({ bvn: chiamaka.bvn, customer }),
      ).rejects.toMatchObject({
        reason: 'unavailable',
        message: expect.stringMatching(/200 ms/) as unknown,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('when Dojah cannot be reached, then the registry is unavailable', async () => {
      const unreachable = dojahIdentityProvider({
        ...credentials,
        baseUrl: `http://127.0.0.1:${String(await closedPort())}`,
      });
      await expect(unreachable.lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when Dojah answers 200 with a body that is not JSON, then the registry is unavailable', async () => {
      fake.failNext(200, '<html>maintenance</html>');
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it.each([
      ['no entity', {}],
      ['no last name', { entity: { ...chiamaka, last_name: undefined } }],
      ['an impossible date', { entity: { ...chiamaka, date_of_birth: '1994-02-30' } }],
      ['an unknown date format', { entity: { ...chiamaka, date_of_birth: '06/15/1994' } }],
      ['a masked phone', { entity: { ...chiamaka, phone_number1: '0803***4567' } }],
      ['another BVN', { entity: { ...chiamaka, bvn: '22299999999' } }],
    ])('when Dojah answers a record with %s, then the registry is unavailable', async (_, body) => {
      fake.failNext(200, JSON.stringify(body));
      await expect(provider().lookupBvn({ bvn: chiamaka.bvn, customer })).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });
  });

  describe('face match', () => {
    it('when a selfie is matched, then it is posted as bare base64 JPEG with our keys', async () => {
      await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg });

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/api/v1/kyc/bvn/verify');
      expect(request?.headers.appid).toBe(credentials.appId);
      expect(request?.headers.authorization).toBe(credentials.secretKey);
      expect(request?.headers['content-type']).toBe('application/json');
      const body = JSON.parse(request!.body) as { bvn: string; selfie_image: string };
      expect(body).toEqual({ bvn: chiamaka.bvn, selfie_image: jpeg.toString('base64') });
      expect(body.selfie_image).toMatch(/^\/9j\//);
      expect(Buffer.from(body.selfie_image, 'base64').equals(jpeg)).toBe(true);
    });

    it('when the confidence is above the threshold, then the face matches', async () => {
      fake.setFaceConfidence(chiamaka.bvn, 97.25);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'match',
        matched: true,
        confidencePercent: 97.25,
      });
    });

    it('when the confidence is exactly the threshold, then the face matches', async () => {
      fake.setFaceConfidence(chiamaka.bvn, DOJAH_FACE_MATCH_MIN_CONFIDENCE);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'match',
        matched: true,
        confidencePercent: DOJAH_FACE_MATCH_MIN_CONFIDENCE,
      });
    });

    it('when the confidence is below the threshold but within the review band, then the match is inconclusive', async () => {
      fake.setFaceConfidence(chiamaka.bvn, 85);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'inconclusive',
        matched: false,
        confidencePercent: 85,
      });
    });

    it('when the confidence is exactly the bottom of the review band, then the match is inconclusive', async () => {
      fake.setFaceConfidence(chiamaka.bvn, DOJAH_FACE_REVIEW_MIN_CONFIDENCE);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'inconclusive',
        matched: false,
        confidencePercent: DOJAH_FACE_REVIEW_MIN_CONFIDENCE,
      });
    });

    it('when the confidence is just under the review band, then the face does not match', async () => {
      fake.setFaceConfidence(chiamaka.bvn, DOJAH_FACE_REVIEW_MIN_CONFIDENCE - 0.5);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'no_match',
        matched: false,
        confidencePercent: DOJAH_FACE_REVIEW_MIN_CONFIDENCE - 0.5,
      });
    });

    it('when the confidence is far below the threshold, then the face does not match', async () => {
      fake.setFaceConfidence(chiamaka.bvn, 12);
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'no_match',
        matched: false,
        confidencePercent: 12,
      });
    });

    it('when Dojah flags a match below the threshold, then the face does not match but is inconclusive', async () => {
      fake.failNext(
        200,
        JSON.stringify({ entity: { selfie_verification: { confidence_value: 85, match: true } } }),
      );
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toEqual({
        outcome: 'inconclusive',
        matched: false,
        confidencePercent: 85,
      });
    });

    it('when Dojah withholds the match flag despite a high confidence, then the face does not match and a person decides', async () => {
      fake.failNext(
        200,
        JSON.stringify({ entity: { selfie_verification: { confidence_value: 95, match: false } } }),
      );
      expect(await provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg })).toMatchObject({
        outcome: 'inconclusive',
        matched: false,
      });
    });

    it('when the BVN has no record, then the face match fails as not found', async () => {
      await expect(
        provider().matchFace({ bvn: '12345678901', selfieJpeg: jpeg }),
      ).rejects.toMatchObject({ reason: 'not_found' });
    });

    it.each([
      ['no selfie verification', { entity: { ...chiamaka } }],
      [
        'a confidence that is a string',
        { entity: { selfie_verification: { confidence_value: '97', match: true } } },
      ],
      [
        'a confidence above 100',
        { entity: { selfie_verification: { confidence_value: 9700, match: true } } },
      ],
    ])('when Dojah answers with %s, then the check is unavailable', async (_, body) => {
      fake.failNext(200, JSON.stringify(body));
      await expect(
        provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg }),
      ).rejects.toMatchObject({ reason: 'unavailable' });
    });

    it('when Dojah answers 502, then the check is unavailable', async () => {
      fake.failNext(502, 'Bad Gateway');
      await expect(
        provider().matchFace({ bvn: chiamaka.bvn, selfieJpeg: jpeg }),
      ).rejects.toMatchObject({ reason: 'unavailable' });
    });
  });
});
