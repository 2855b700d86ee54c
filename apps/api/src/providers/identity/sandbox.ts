import {
  IdentityProviderError,
  type BvnRecord,
  type FaceMatch,
  type IdentityProvider,
} from './identity.port.ts';

/**
 * Documented in the README's sandbox section. One BVN belongs to one user, so each behaviour is a
 * family: any BVN starting with `22` behaves like 22222222222, `23…` like 23232323232, `33…` like
 * 33333333333, `44…` like 44444444444; many sandbox users can then each verify their own.
 */
export const sandboxBvns = {
  /** Its record carries whatever name the customer registered with. */
  matchesAnyName: '22222222222',
  /**
   * Its record carries the registered name like the `22` family, but the selfie face match is
   * inconclusive (confidence 74), so the submission waits for a person in the KYC review queue.
   */
  faceInconclusive: '23232323232',
  /** Its record belongs to someone else, so no registered name matches. */
  neverMatches: '33333333333',
  /** The registry lookup fails, as when the vendor is down. */
  lookupFails: '44444444444',
} as const;

const family = (bvn: string) => bvn.slice(0, 2);

const stranger = { firstName: 'Oluwaseun', lastName: 'Bakare-Sandbox' };

/**
 * Behaves like a BVN vendor: a short delay, records for the documented test BVNs, "not found"
 * for any other number. Face match passes for any readable JPEG on a `22` BVN and is inconclusive
 * for one on a `23` BVN.
 */
export function sandboxIdentityProvider(options: { latencyMs?: number } = {}): IdentityProvider {
  const latency = () => new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 0));

  return {
    lookupBvn: async ({ bvn, customer }): Promise<BvnRecord> => {
      await latency();
      const base = { bvn, dateOfBirth: '1994-06-15', phone: '8031234567' };
      if (family(bvn) === '22' || family(bvn) === '23') return { ...base, ...customer };
      if (family(bvn) === '33') return { ...base, ...stranger };
      if (family(bvn) === '44') {
        throw new IdentityProviderError('unavailable', 'The BVN registry did not answer');
      }
      throw new IdentityProviderError('not_found', 'No BVN record was found for this number');
    },
    matchFace: async ({ bvn, selfieJpeg }): Promise<FaceMatch> => {
      await latency();
      const isJpeg = selfieJpeg.length > 3 && selfieJpeg[0] === 0xff && selfieJpeg[1] === 0xd8;
      if (isJpeg && family(bvn) === '22') {
        return { outcome: 'match', matched: true, confidencePercent: 92 };
      }
      if (isJpeg && family(bvn) === '23') {
        return { outcome: 'inconclusive', matched: false, confidencePercent: 74 };
      }
      return { outcome: 'no_match', matched: false, confidencePercent: 18 };
    },
  };
}
