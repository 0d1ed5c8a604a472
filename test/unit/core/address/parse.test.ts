import { describe, expect, it } from 'vitest';
import { parseAddress, formatAddress } from '../../../../functions/app/addressMatching.ts';

describe('parseAddress', () => {
  it('parses a fully written Bengaluru flat', () => {
    const p = parseAddress('Flat No. 302, Sai Krupa Apartments, 4th Cross, Koramangala 5th Block, Near Forum Mall, Bengaluru, Karnataka 560095');
    expect(p).toMatchObject({
      house: '302',
      building: 'sai krupa apartment',
      street: '4 cross',
      locality: 'koramangala 5 block',
      landmark: 'forum mall',
      city: 'bengaluru',
      state: 'Karnataka',
      pincode: '560095',
      pincode_valid: true,
      pincode_consistent: true,
    });
  });

  it('parses an address written without commas', () => {
    const p = parseAddress('F-302 Saikrupa Apts 4th Crs Koramangala 5th Blk Bangalore 560095');
    expect(p).toMatchObject({ house: 'f-302', building: 'saikrupa apartment', street: '4 cross', locality: 'koramangala 5 block', city: 'bangalore', pincode: '560095' });
  });

  it('keeps a Hyderabad-style house number and reads "road no 5" as the street', () => {
    const p = parseAddress('H.No 12-3-45/A, Road No. 5, Banjara Hills, Opp. KBR Park, Hyderabad, Telangana - 500034');
    expect(p).toMatchObject({ house: '12-3-45/a', street: 'road 5', locality: 'banjara hills', landmark: 'kbr park', city: 'hyderabad', state: 'Telangana' });
  });

  it('reads floor, gali and khasra numbers in a Delhi address apart from the house number', () => {
    const p = parseAddress('WZ-486A/2, KH NO 602 FIRST FLOOR GALI NO 21, SADH NAGAR PART 2, PALAM COLONY, NEW DELHI 110045');
    expect(p.house).toBe('wz-486-a/2');
    expect(p.floor).toBe('1');
    expect(p.street).toBe('gali 21');
    expect(p.locality).toContain('sadh nagar part 2');
    expect(p.city).toBe('new delhi');
    expect(p.state).toBe('Delhi');
    expect(p.building).toContain('kh 602');
  });

  it('reads district, taluk and village of a rural address', () => {
    const p = parseAddress('Village Rampur, Post Khurd, Tal. Haveli, Dist. Pune, Maharashtra 412110');
    expect(p).toMatchObject({ house: null, district: 'pune', state: 'Maharashtra', pincode: '412110' });
    expect(p.locality).toContain('village rampur');
  });

  it('does not take a street or sector number for the house number', () => {
    expect(parseAddress('4th Cross, Malleshwaram, Bengaluru 560003').house).toBeNull();
    expect(parseAddress('Sector 15, Noida 201301').house).toBeNull();
    expect(parseAddress('100 Feet Road, Indiranagar, Bengaluru 560038').house).toBeNull();
  });

  it('takes a two-letter state code only at the end', () => {
    expect(parseAddress('B-12, Sector 15, Noida, UP 201301')).toMatchObject({ state: 'Uttar Pradesh', city: 'noida' });
  });

  it('flags a pincode that disagrees with the state or city written', () => {
    expect(parseAddress('12 MG Road, Bengaluru, Karnataka 400014').pincode_consistent).toBe(false);
    expect(parseAddress('12 MG Road, Pune, Maharashtra 560034').pincode_consistent).toBe(false);
    expect(parseAddress('12 MG Road, Mumbai, Maharashtra 400014').pincode_consistent).toBe(true);
    expect(parseAddress('12 MG Road, Somewhere 999999').pincode_valid).toBe(false);
    expect(parseAddress('12 MG Road, Indiranagar').pincode_valid).toBeNull();
  });

  it('never throws on odd input', () => {
    for (const raw of ['', ',,,', '560034', '////', 'near', 'x'.repeat(5000)]) expect(() => parseAddress(raw)).not.toThrow();
  });
});

describe('formatAddress', () => {
  it('lays out the formatted_address lines', () => {
    expect(formatAddress('flat no. 302, sai krupa apts, 4th cross, koramangala 5th block, nr forum mall, bangalore 560095')).toEqual({
      address_line_1: '302, Sai Krupa Apartment, 4th Cross',
      address_line_2: 'Koramangala 5th Block, Near Forum Mall',
      city: 'Bangalore',
      state: 'Karnataka',
      postcode: '560095',
    });
  });

  it('fills city from the pincode when it is not written', () => {
    expect(formatAddress('House 7, Station Road, Dadar 400014')).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', postcode: '400014' });
  });
});
