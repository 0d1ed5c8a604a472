import { describe, expect, it } from 'vitest';
import { parseAddress, scoreAddressPair, SAME_PERSON_THRESHOLD } from '../../../../functions/app/addressMatching.ts';
import { canonicalText, normaliseAddress } from '#core/address/normalise.ts';
import { closestName, nameIndex, typoDistance, withinTypos } from '#core/address/fuzzy.ts';
import { skeleton } from '#core/address/phonetic.ts';

const text = (raw: string): string => canonicalText(normaliseAddress(raw));
const same = (a: string, b: string): number => scoreAddressPair(a, b)!.samePerson;

describe('fuzzy name matching', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(typoDistance('maharahstra', 'maharashtra', 2)).toBe(1);
    expect(withinTypos('uttarpardesh', 'uttarpradesh', 1)).toBe(true);
    expect(withinTypos('gujarat', 'punjab', 2)).toBe(false);
  });

  it('takes the closest name, and none when two places are equally close', () => {
    const keys = new Map([['karnataka', 'karnataka'], ['karnatak', 'karnataka'], ['kerala', 'kerala'], ['bihar', 'bihar'], ['bihor', 'x']]);
    const index = nameIndex(keys.keys());
    // Two spellings of one place within one slip are no ambiguity.
    expect(closestName('karnatka', index, keys)).toBe('karnatak');
    expect(closestName('keralaa', index, keys)).toBe('kerala');
    expect(closestName('bihir', index, keys)).toBeNull(); // bihar and bihor, one edit each
    expect(closestName('goa', index, keys)).toBeNull(); // short names are exact only
  });
});

describe('transliteration-tolerant skeleton', () => {
  it('folds x/ksh and b/v', () => {
    expect(skeleton('laxmi')).toBe(skeleton('lakshmi'));
    expect(skeleton('bishnu')).toBe(skeleton('vishnu'));
    expect(skeleton('bhubaneshwar')).toBe(skeleton('bhubaneswar'));
    expect(skeleton('ganesh')).not.toBe(skeleton('mahesh'));
  });
});

describe('normalisation of hard variants', () => {
  it('finds a PIN written 570 023 or 570-023 before the state and country', () => {
    expect(normaliseAddress('Kuvempunagar, Mysuru - 570 023, Karnataka').pincode).toBe('570023');
    expect(normaliseAddress('Dwaraka Nagar, Vizag - 530-016, Andhra Pradesh, India').pincode).toBe('530016');
    expect(normaliseAddress('Bhopal MP 462 042 IN DIA').pincode).toBe('462042');
    // Labelled, it may stand anywhere.
    expect(normaliseAddress('PIN-380 015, 12 Satellite Road, Ahmedabad').pincode).toBe('380015');
    expect(normaliseAddress('pinto road 570 023 12 main').pincode).toBeNull();
  });

  it('does not read a house number or flat as a spaced PIN', () => {
    expect(normaliseAddress('Door 12-570 023').pincode).toBeNull();
    expect(normaliseAddress('Flat 302 104 MG Road').pincode).toBeNull();
  });

  it('folds keywords written another way, but not names near a keyword', () => {
    expect(text('Sai Reshidency, Lotus Enclawe, Arera Collony')).toBe('sai residency, lotus enclave, arera colony');
    expect(text('Tilak Marg')).toBe('tilak marg'); // not "taluk"
  });
});

describe('parsing of hard variants', () => {
  it('reads misspelt, split and dotted states', () => {
    expect(parseAddress('Flat 4, MG Road, Chennai, Tail Nadu').state).toBe('Tamil Nadu');
    expect(parseAddress('Flat 4, MG Road, Lanka, Varanasi, Uttar Pardesh').state).toBe('Uttar Pradesh');
    expect(parseAddress('Flat 4, MG Road, Kadri, Mangaluru, Karnata ka').state).toBe('Karnataka');
    expect(parseAddress('Flat 4, MG Road, Lanka, Varanasi, U.P.').state).toBe('Uttar Pradesh');
    expect(parseAddress('Flat 4, MG Road, Adajan, Surat, GJ').state).toBe('Gujarat');
  });

  it('reads abbreviated states, and abbreviated cities the pincode confirms', () => {
    expect(parseAddress('Flat 4, Navrangpura, Ahmedabad, Guj 380009').state).toBe('Gujarat');
    expect(parseAddress('Flat 4, Kothrud, Pune, Maha').state).toBe('Maharashtra');
    expect(parseAddress('Flat 4, Kothrud, Pune, Mah').state).toBeNull(); // three letters need the pincode
    expect(parseAddress('Flat 4, Banjara Hills, Hyd 500034')).toMatchObject({ city: 'hyd', pincode_consistent: true });
  });

  it('takes a misspelt state only when the pincode agrees', () => {
    expect(parseAddress('House 5, Kuvempunagar, Karnatka 570023').state).toBe('Karnataka');
    expect(parseAddress('House 5, Kuvempunagar, Karnatka 400014').state).toBeNull();
  });

  it('never takes a locality for a state or a keyword-named district for the city', () => {
    expect(parseAddress('House 5, Lajpat Nagar, Vasant Vihar').state).toBeNull(); // not Bihar
    expect(parseAddress('House 5, Saheed Nagar, Odisah')).toMatchObject({ city: null, state: 'Odisha', locality: 'saheed nagar' });
  });

  it('drops the country misspelt or split, but not a word near it', () => {
    expect(parseAddress('12 MG Road, Kadri, Mangaluru, Karnataka, Indua')).toMatchObject({ city: 'mangaluru', state: 'Karnataka' });
    expect(parseAddress('Flat 4, MG Road, Mysuru, Karnataka IN DIA').state).toBe('Karnataka');
    expect(parseAddress('House 12, Gandhi Road, Indira').normalised).toContain('indira');
  });

  it('reads a misspelt or split city when the pincode confirms it', () => {
    expect(parseAddress('House 5, Arera Colony, Bhopak 462016')).toMatchObject({ city: 'bhopak', pincode_consistent: true });
    expect(parseAddress('House 5, R S Puram, Co imbatore 641002')).toMatchObject({ city: 'co imbatore', pincode_consistent: true });
    expect(parseAddress('House 5, MG Road, Dharampeth, Nagpu').city).toBe('nagpu');
  });

  it('reads no city out of a landmark phrase or a generic word', () => {
    // "bank" is also a district name in the reference data.
    expect(parseAddress('H No 363, Vivekananda Road, Benz Circle, Beside Canara Bank, Andhra Pradesh').city).toBeNull();
    expect(same('H No 363, Vivekananda Road, Benz Circle, Near Canara Bank', 'Hno 363, Vivekananda Road, Benz Circle, Vijayawada 520010')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
  });

  it('reads "flat 608 floor 6" as flat 608 on floor 6', () => {
    expect(parseAddress('Flat 608 Floor 6 Siddhivinayak Complex K K Nagar Madurai')).toMatchObject({ house: '608', floor: '6' });
    expect(parseAddress('Flat 2, 3 Floor, Green Valley Towers')).toMatchObject({ house: '2', floor: '3' });
  });

  it('knows large cities that are not district names', () => {
    expect(parseAddress('Plot 9, Saheed Nagar, Bhubaneswar, Odisha 751007').pincode_consistent).toBe(true);
    expect(parseAddress('Plot 9, Benz Circle, Vijayawada 520010').pincode_consistent).toBe(true);
  });

  it('reads house numbers written other ways', () => {
    expect(parseAddress('Apt 404, Lotus Enclave, Kadri, Mangaluru').house).toBe('404');
    expect(parseAddress('Lotus Enclave, 2nd Cross, Apt 404, Kadri, Mangaluru').house).toBe('404');
    expect(parseAddress('Yasoda Apartment 603 5th Main Road Athwa Lines Surat').house).toBe('603');
    expect(parseAddress('Omkar Niwas #302, Temple Road, Kadri').house).toBe('302');
    expect(parseAddress('Tower No 3, Flat 302, Temple Road, Kadri').house).toBe('302');
    expect(parseAddress('#21 C, Omkar Mansion, Temple Road, Kadri').house).toBe('21-c');
    expect(parseAddress('No 12 A Block, Temple Road, Kadri').house).toBe('12');
  });
});

describe('scoring of hard variants', () => {
  it('matches the same dwelling written with transliterations, another state spelling and no PIN', () => {
    expect(same('Flat 302, Lakshmi Nivas, Saheed Nagar, Bhubaneswar, Odisha 751007', 'Flat No. 302, Laxmi Niwas, Saheed Nagar, Bhubaneshwar, Orissa')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
    expect(same('Plot 7, Vishnu Nilayam, Sigra, Varanasi 221010', 'Plot 7, Bishnu Nilayam, Sigra, Banaras, UP')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
    expect(same('House 14, Anna Nagar, Madurai, Tamil Nadu 625020', '#14, Ana Nagar, Madurai, TN 625 020')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
    expect(same('House No. 541, Arera Colony, Bhopal, Madhya Pradesh 462016', 'H.No. 541, Arera Colony, Bhopal, Madhay Pradesh')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
  });

  it('a city name it does not know never rules the place out', () => {
    expect(same('House 12, R S Puram, Gandhi Road, Kovai', 'House 12, Gandhi Road, R S Puram, Coimbatore, Tamil Nadu 641002')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
  });

  it('another building with the same number, or another locality, is another dwelling', () => {
    expect(same('Flat 302, Lakshmi Nivas, MG Road, Kadri, Mangaluru 575002', 'Flat 302, Gayathri Nivas, MG Road, Kadri, Mangaluru 575002')).toBeLessThanOrEqual(3);
    expect(same('H.No. 464, Yashoda Enclave, K K Nagar, Madurai, Tamil Nadu 625020', '#464, Yashoda Enclave, Anna Nagar, Madurai, Tamil Nadu 625020')).toBeLessThanOrEqual(3);
  });

  it('another numbered or named street is another dwelling', () => {
    expect(same('House 7, Gali 3, Bhajanpura, Delhi 110053', 'H.No. 7, Gali No. 4, Bhajanpura, Delhi 110053')).toBeLessThanOrEqual(3);
    expect(same('House 7, Gandhi Road, Kadri, Mangaluru 575002', 'House 7, Nehru Road, Kadri, Mangaluru 575002')).toBeLessThanOrEqual(3);
  });

  it('a swap of two letters is one typo in words too, and a bare number names nothing', () => {
    expect(same('Door No. 273, Church Street, Boring Road, Patna, Bihar - 800001', 'DOOR NO 273, CHURCH STREET, BORIGN RD, PATNA, 800001')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
    expect(same('Flat 3B, Tower 2, Prestige Shantiniketan, Whitefield, Bangalore 560048', '3B, T2, Prestige Shanthiniketan, ITPL Main Rd, Whitefield, Bengaluru')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
  });

  it('the same locality name with another kind of locality is another place', () => {
    expect(same('House 21, Shivaji Nagar, Pune, Maharashtra 411005', 'House 21, Shivaji Park, Pune, Maharashtra 411005')).toBeLessThanOrEqual(3);
    // "puram" / "pura" are one kind written two ways.
    expect(same('House 21, R S Puram, Coimbatore 641002', 'House 21, R S Pura, Coimbatore 641002')).toBeGreaterThanOrEqual(SAME_PERSON_THRESHOLD);
  });

  it('a locality named only by generic words is still another locality', () => {
    expect(same('Plot 550-C, Jawaharlal Nehru Marg, Lakshmi Nivas, Saheed Nagar, Bhubaneswar 751007', 'Plot 550-C, Jawaharlal Nehru Marg, Lakshmi Niwas, Old Town, Bhubaneswar, Odisha')).toBeLessThanOrEqual(3);
  });

  it('a PIN on one side only is checked against the other side\'s city', () => {
    // house 0.25 + words 0.45 + city 0.10 + one-sided PIN 0.05: the other city costs both.
    expect(scoreAddressPair('House 12, MG Road, Kadri 575002', 'House 12, MG Road, Kadri, Mangaluru')!.similarity).toBe(100);
    expect(scoreAddressPair('House 12, MG Road, Kadri 575002', 'House 12, MG Road, Kadri, Mysuru')!.similarity).toBeCloseTo((100 * 0.7) / 0.85, 1);
  });
});
