import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  addressEngineReady,
  AddressEngineUnavailableError,
  loadPincodeFile as loadPincodeData,
  matchAddresses,
  addressSimilarity,
  parseAddress,
  resetPincodeData,
} from '../../../../functions/app/addressMatching.ts';

const dir = mkdtempSync(join(tmpdir(), 'address-engine-'));

describe('engine availability', () => {
  afterAll(() => {
    resetPincodeData();
    loadPincodeData();
  });

  it('is ready with the committed reference data', () => {
    loadPincodeData();
    expect(addressEngineReady()).toBe(true);
  });

  it('reports unavailable when the reference data is missing', () => {
    expect(() => loadPincodeData(join(dir, 'missing.json.gz'))).toThrow(AddressEngineUnavailableError);
    expect(addressEngineReady()).toBe(false);
    expect(() => matchAddresses('12 MG Road, Pune 411001', [{ address: '12 MG Road, Pune', index: 0 }])).toThrow(AddressEngineUnavailableError);
    expect(() => addressSimilarity('12 MG Road, Pune 411001', '12 MG Road, Pune')).toThrow(AddressEngineUnavailableError);
    expect(() => parseAddress('12 MG Road, Pune 411001')).toThrow(AddressEngineUnavailableError);
  });

  it('reports unavailable when the reference data is corrupt', () => {
    const bad = join(dir, 'bad.json.gz');
    writeFileSync(bad, gzipSync(Buffer.from('{"v":1,"states":[],"districts":[],"pins":{}}')));
    expect(() => loadPincodeData(bad)).toThrow(/only 0 pincodes/);
    const notGzip = join(dir, 'plain.json.gz');
    writeFileSync(notGzip, 'not gzip');
    expect(() => loadPincodeData(notGzip)).toThrow(AddressEngineUnavailableError);
    expect(addressEngineReady()).toBe(false);
  });

  it('serves again after a successful load', () => {
    loadPincodeData();
    expect(addressEngineReady()).toBe(true);
    expect(matchAddresses('12 MG Road, Pune 411001', [{ address: '12 MG Road, Pune', index: 0 }])[0].error_code).toBeNull();
  });
});
