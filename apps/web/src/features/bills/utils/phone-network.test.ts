import { describe, expect, it } from 'vitest';
import { networkOfPhone, readablePhone } from './phone-network.ts';

const networks = [
  { id: 'mtn', prefixes: ['0803', '0806', '0703', '07025'] },
  { id: 'airtel', prefixes: ['0802', '0808', '0701'] },
  { id: 'visafone-rest', prefixes: ['0702'] },
  { id: 'glo', prefixes: ['0805'] },
];

describe('networkOfPhone', () => {
  it('when a whole number is typed in any usual form, then its network is found', () => {
    expect(networkOfPhone('08031234567', networks)?.id).toBe('mtn');
    expect(networkOfPhone('8021234567', networks)?.id).toBe('airtel');
    expect(networkOfPhone('+234 805 123 4567', networks)?.id).toBe('glo');
    expect(networkOfPhone('234-803-123-4567', networks)?.id).toBe('mtn');
  });

  it('when two prefixes match, then the longer one wins', () => {
    expect(networkOfPhone('07025123456', networks)?.id).toBe('mtn');
    expect(networkOfPhone('07021234567', networks)?.id).toBe('visafone-rest');
  });

  it('when the number is not whole or no network claims it, then there is none', () => {
    expect(networkOfPhone('0803', networks)).toBeUndefined();
    expect(networkOfPhone('080312345678', networks)).toBeUndefined();
    expect(networkOfPhone('08011234567', networks)).toBeUndefined();
    expect(networkOfPhone('', networks)).toBeUndefined();
    const noNetworks: typeof networks = [];
    expect(networkOfPhone('08031234567', noNetworks)).toBeUndefined();
  });
});

describe('readablePhone', () => {
  it('when a number is whole, then it reads as people write it', () => {
    expect(readablePhone('8031234567')).toBe('0803 123 4567');
    expect(readablePhone('08031234567')).toBe('0803 123 4567');
    expect(readablePhone('+2348031234567')).toBe('0803 123 4567');
  });

  it('when the text is not a whole number, then it is left as it is', () => {
    expect(readablePhone('0803')).toBe('0803');
  });
});
