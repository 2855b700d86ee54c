import { describe, expect, it } from 'vitest';
import { IdentityProviderError } from './identity.port.ts';
import { sandboxBvns, sandboxIdentityProvider } from './sandbox.ts';

const customer = { firstName: 'Chiamaka', lastName: 'Eze' };
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);

describe('sandbox identity provider', () => {
  const provider = sandboxIdentityProvider();

  it('when the matching test BVN is looked up, then the record carries the registered name', async () => {
    const record = await provider.lookupBvn({ bvn: sandboxBvns.matchesAnyName, customer });
    expect(record).toMatchObject({ bvn: '22222222222', firstName: 'Chiamaka', lastName: 'Eze' });
    expect(record.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.phone).toMatch(/^\d{10}$/);
  });

  it('when another BVN of a family is looked up, then it behaves like its family', async () => {
    const record = await provider.lookupBvn({ bvn: '22000000007', customer });
    expect(record).toMatchObject({ firstName: 'Chiamaka', lastName: 'Eze' });
    expect((await provider.lookupBvn({ bvn: '33000000007', customer })).firstName).not.toBe(
      'Chiamaka',
    );
    await expect(provider.lookupBvn({ bvn: '44000000007', customer })).rejects.toMatchObject({
      reason: 'unavailable',
    });
  });

  it('when the mismatching test BVN is looked up, then the record holds another name', async () => {
    const record = await provider.lookupBvn({ bvn: sandboxBvns.neverMatches, customer });
    expect(record.firstName).not.toBe(customer.firstName);
    expect(record.lastName).not.toBe(customer.lastName);
  });

  it('when the failing test BVN is looked up, then the registry is unavailable', async () => {
    await expect(
      provider.lookupBvn({ bvn: sandboxBvns.lookupFails, customer }),
    ).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('when any other BVN is looked up, then no record is found', async () => {
    const lookup = provider.lookupBvn({ bvn: '12345678901', customer });
    await expect(lookup).rejects.toBeInstanceOf(IdentityProviderError);
    await expect(lookup).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('when a JPEG selfie is matched on the matching BVN, then it matches with high confidence', async () => {
    expect(await provider.matchFace({ bvn: sandboxBvns.matchesAnyName, selfieJpeg: jpeg })).toEqual(
      {
        outcome: 'match',
        matched: true,
        confidencePercent: 92,
      },
    );
  });

  it('when the inconclusive test BVN family is looked up, then the record carries the registered name', async () => {
    const record = await provider.lookupBvn({ bvn: sandboxBvns.faceInconclusive, customer });
    expect(record).toMatchObject({ bvn: '23232323232', firstName: 'Chiamaka', lastName: 'Eze' });
    expect((await provider.lookupBvn({ bvn: '23000000007', customer })).lastName).toBe('Eze');
  });

  it('when a JPEG selfie is matched on the inconclusive BVN family, then the outcome is inconclusive', async () => {
    expect(await provider.matchFace({ bvn: '23000000007', selfieJpeg: jpeg })).toEqual({
      outcome: 'inconclusive',
      matched: false,
      confidencePercent: 74,
    });
  });

  it('when the selfie is not a JPEG or the BVN never matches, then the face does not match', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect(
      (await provider.matchFace({ bvn: sandboxBvns.matchesAnyName, selfieJpeg: png })).matched,
    ).toBe(false);
    expect(
      (await provider.matchFace({ bvn: sandboxBvns.neverMatches, selfieJpeg: jpeg })).matched,
    ).toBe(false);
  });
});
