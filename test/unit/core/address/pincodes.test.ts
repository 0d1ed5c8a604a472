import { beforeAll, describe, expect, it } from 'vitest';
import { getPincodeData, lookupPincode, setPincodeSource, stateKeyOf } from '#core/address/pincodes.ts';
import { STATES } from '#core/address/vocab.ts';
import { pincodeFile } from '#adapters/pincodeFile.ts';

beforeAll(() => setPincodeSource(pincodeFile()));

describe('pincode reference data', () => {
  it('loads the committed file with every Indian pincode region', () => {
    const data = getPincodeData();
    expect(data.pins.size).toBeGreaterThan(19_000);
    expect(lookupPincode('560034')).toEqual({ states: ['karnataka'], districts: ['bengaluru'] });
    expect(lookupPincode('500081')?.states).toEqual(['telangana']);
    expect(lookupPincode('000000')).toBeNull();
    expect(lookupPincode(null)).toBeNull();
  });

  it('knows every state of the data under our state vocabulary', () => {
    for (const [key, name] of getPincodeData().stateNames) {
      expect(STATES.get(key), name).toBe(key);
    }
    expect(stateKeyOf('Jammu & Kashmir')).toBe('jammu and kashmir');
    expect(stateKeyOf('Orissa')).toBe('odisha');
  });

  it('carries word frequencies for token rarity', () => {
    const df = getPincodeData().df;
    expect(df.get('nagar')).toBeGreaterThan(500);
    expect(df.get('koramangala')).toBeUndefined();
  });
});
