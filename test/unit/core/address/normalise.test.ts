import { describe, expect, it } from 'vitest';
import { normaliseAddress, canonicalText, normaliseWords } from '#core/address/normalise.ts';

const text = (raw: string): string => canonicalText(normaliseAddress(raw));

describe('normaliseAddress', () => {
  it('folds case, punctuation and abbreviations', () => {
    expect(text('H.No. 12, M.G. Rd., Nr. Bus Stand, Opp. SBI, Bh. Temple')).toBe(
      'house no 12, m g road, near bus stand, opposite sbi, behind temple',
    );
    expect(text('Flat 4, Sai Apts, Sec-15, Ph-2, Mkt Rd, Shiv Ngr Clny, Dist. Pune, Tal Haveli')).toBe(
      'flat 4, sai apartment, sector 15, phase 2, market road, shiv nagar colony, district pune, taluk haveli',
    );
  });

  it('turns ordinals and number words into digits', () => {
    expect(text('1st Floor, 4th Cross, Second Main, Ground Floor, Koramangala VI Block, Phase II')).toBe(
      '1 floor, 4 cross, 2 main, 0 floor, koramangala 6 block, phase 2',
    );
  });

  it('folds transliteration variants of common words', () => {
    expect(text('Mohala Qazi, Galli No 3, Gandhi Chauk, Ram Nager, Nehru Colani, Tilak Marga')).toBe(
      'mohalla qazi, gali no 3, gandhi chowk, ram nagar, nehru colony, tilak marg',
    );
  });

  it('finds the 6-digit pincode written plainly, spaced or labelled', () => {
    expect(normaliseAddress('Koramangala, Bengaluru 560034').pincode).toBe('560034');
    expect(normaliseAddress('Koramangala, Bengaluru - 560 034').pincode).toBe('560034');
    expect(normaliseAddress('Dadar, Mumbai, PIN: 400014, India').pincode).toBe('400014');
    expect(normaliseAddress('House 12, Sector 5').pincode).toBeNull();
    // A 7-digit number or a phone number is not a pincode.
    expect(normaliseAddress('Plot 1234567, Ring Road').pincode).toBeNull();
  });

  it('splits glued markers and keeps house identifiers whole', () => {
    expect(text('HNO-A15A, KH NO3/9, STREET NO3, RZ93/42')).toBe('house no a15a, kh no 3/9, street no 3, rz93/42');
    expect(text('#302, Flat No.0045')).toBe('no 302, flat no 45');
  });

  it('strips diacritics and survives scripts it does not know', () => {
    expect(text('Café Road, Bengalūru')).toBe('cafe road, bengaluru');
    expect(normaliseAddress('मुंबई 400014').pincode).toBe('400014');
  });

  it('normalises short names with the same rules', () => {
    expect(normaliseWords('Jammu & Kashmir')).toEqual(['jammu', 'and', 'kashmir']);
  });
});
