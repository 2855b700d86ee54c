import { describe, expect, it } from 'vitest';
import { badgeColour, billerMonogram, monogramTone, relativeLuminance } from './biller-look.ts';

describe('billerMonogram', () => {
  it('when a DisCo carries its acronym in brackets, then the acronym is used', () => {
    expect(billerMonogram('Ikeja Electric', 'Ikeja Electric (IKEDC)')).toBe('IKEDC');
    expect(billerMonogram('Abuja Electric', 'Abuja Electricity (AEDC)')).toBe('AEDC');
  });

  it('when a name is short, then it is used whole', () => {
    expect(billerMonogram('MTN')).toBe('MTN');
    expect(billerMonogram('Glo')).toBe('GLO');
  });

  it('when a name has two words or inner capitals, then their initials are used', () => {
    expect(billerMonogram('Eko Electric')).toBe('EE');
    expect(billerMonogram('SportyBet')).toBe('SB');
    expect(billerMonogram('Bet9ja')).toBe('B9');
  });

  it('when a name is one plain word, then its first two letters are used', () => {
    expect(billerMonogram('Airtel')).toBe('Ai');
    expect(billerMonogram('9mobile')).toBe('9m');
  });
});

describe('monogramTone', () => {
  it("when the badge is a light colour such as MTN's yellow, then the letters are dark", () => {
    expect(monogramTone('#FFCC00')).toBe('dark');
    expect(monogramTone('#F5A300')).toBe('dark');
  });

  it('when the badge is a deep colour, then the letters are white', () => {
    expect(monogramTone('#E40000')).toBe('light');
    expect(monogramTone('#006B3E')).toBe('light');
    expect(monogramTone('#0F2B5B')).toBe('light');
  });

  it('when the colour is not #rrggbb, then the letters are dark on the fallback slate', () => {
    expect(relativeLuminance('red')).toBeUndefined();
    expect(monogramTone('nope')).toBe('dark');
    expect(badgeColour('url(x)')).toBe('#475569');
    expect(badgeColour('#0B6FB8')).toBe('#0B6FB8');
  });
});
