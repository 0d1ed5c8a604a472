/**
 * The Aadhaar vault: envelope sealing with the record's client and file bound as associated data,
 * a key version in every sealed value, rotation that keeps older values open, the format from
 * before keyrings still opening, and an audit record written for every unseal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

const audits: unknown[] = [];
vi.mock('#adapters/store/audit.ts', () => ({
  recordAudit: vi.fn(async (r: unknown) => {
    audits.push(r);
    return r;
  }),
}));

const { sealAadhaar, openAadhaar, keyVersionOf, parseKeyring, resetVaultKey, VAULT_LOCAL_ENV } = await import('#adapters/aadhaarVault.ts');
const { recordAudit } = await import('#adapters/store/audit.ts');

const NUMBER = '234123412346';
const mine = { clientId: 'cli_a', fileUuid: '11111111-1111-4111-8111-111111111111' };

function useKeyring(value: string) {
  process.env[VAULT_LOCAL_ENV] = value;
  resetVaultKey();
}

/** The vault's sealing before keyrings (v1): AES-256-GCM under sha256("aadhaar-vault:" + secret), no associated data. */
function legacySeal(secret: string, value: string) {
  const key = createHash('sha256').update(`aadhaar-vault:${secret}`).digest();
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(value, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
}

beforeEach(() => {
  audits.length = 0;
  useKeyring('a-local-vault-secret-of-some-length');
});
afterEach(() => {
  delete process.env[VAULT_LOCAL_ENV];
  resetVaultKey();
});

describe('Aadhaar vault', () => {
  it('seals with a fresh data key per value, names the key version, and opens for the same record', async () => {
    const a = await sealAadhaar(NUMBER, mine);
    const b = await sealAadhaar(NUMBER, mine);
    expect(a).toMatch(/^v2\.1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(NUMBER);
    expect(keyVersionOf(a)).toBe('1');
    expect(await openAadhaar(a, mine, 'cli_a')).toBe(NUMBER);
  });

  it('does not open when moved to another client\'s or another file\'s record', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    await expect(openAadhaar(sealed, { ...mine, clientId: 'cli_b' }, 'cli_b')).rejects.toThrow();
    await expect(openAadhaar(sealed, { ...mine, fileUuid: '22222222-2222-4222-8222-222222222222' }, 'cli_a')).rejects.toThrow();
    expect(audits).toEqual([]);
  });

  it('detects a tampered value or wrapped key', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    const parts = sealed.split('.');
    // Change character 5 to something it is not (it was: test character 5, replace character 0, so about
    // one run in 30 "tampered" a value into itself and the open succeeded).
    const flip = (s: string) => s.slice(0, 5) + (s[5] === 'A' ? 'B' : 'A') + s.slice(6);
    await expect(openAadhaar([parts[0], parts[1], flip(parts[2]), parts[3]].join('.'), mine, 'cli_a')).rejects.toThrow();
    await expect(openAadhaar([parts[0], parts[1], parts[2], flip(parts[3])].join('.'), mine, 'cli_a')).rejects.toThrow();
    for (const part of [parts[2], parts[3]]) expect(flip(part)).not.toBe(part);
    await expect(openAadhaar(`v9.1.${parts[2]}.${parts[3]}`, mine, 'cli_a')).rejects.toThrow(/format/);
  });

  it('rotates without data loss: new values take the current version, older versions still open', async () => {
    const secret1 = 'a-local-vault-secret-of-some-length';
    const legacy = legacySeal(secret1, NUMBER);
    const old = await sealAadhaar(NUMBER, mine);
    useKeyring(JSON.stringify({ current: '2', keys: { '1': secret1, '2': 'the-second-key-material-0123456789' } }));
    const fresh = await sealAadhaar(NUMBER, mine);
    expect(keyVersionOf(fresh)).toBe('2');
    expect(await openAadhaar(old, mine, 'cli_a')).toBe(NUMBER);
    expect(await openAadhaar(fresh, mine, 'cli_a')).toBe(NUMBER);
    expect(await openAadhaar(legacy, mine, 'cli_a')).toBe(NUMBER);
    expect(keyVersionOf(legacy)).toBe('1');
    // Retiring version 1 (once nothing sealed under it remains) closes its values, and says why.
    useKeyring(JSON.stringify({ current: '2', keys: { '2': 'the-second-key-material-0123456789' } }));
    await expect(openAadhaar(old, mine, 'cli_a')).rejects.toThrow(/version 1/);
    expect(await openAadhaar(fresh, mine, 'cli_a')).toBe(NUMBER);
  });

  it('writes an audit record for every unseal, naming actor, record and key version but never the number', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    await openAadhaar(sealed, mine, 'cli_a');
    await openAadhaar(sealed, mine, 'cli_a');
    expect(audits).toEqual([
      { action: 'UNSEAL', actor: 'cli_a', clientId: 'cli_a', subject: `file:${mine.fileUuid}`, detail: { keyVersion: '1' } },
      { action: 'UNSEAL', actor: 'cli_a', clientId: 'cli_a', subject: `file:${mine.fileUuid}`, detail: { keyVersion: '1' } },
    ]);
    expect(JSON.stringify(audits)).not.toContain(NUMBER);
  });

  it('returns no number when its audit record cannot be written', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    vi.mocked(recordAudit).mockRejectedValueOnce(new Error('table unavailable'));
    await expect(openAadhaar(sealed, mine, 'cli_a')).rejects.toThrow('table unavailable');
  });

  it('refuses keyrings it cannot use', () => {
    expect(() => parseKeyring('{"current":"3","keys":{"1":"0123456789abcdef"}}')).toThrow(/current/);
    expect(() => parseKeyring('{"current":"1","keys":{"1":"short"}}')).toThrow(/16 characters/);
    expect(() => parseKeyring('{"current":"a.b","keys":{"a.b":"0123456789abcdef"}}')).toThrow(/version/);
    expect(() => parseKeyring('{not json')).toThrow(/JSON/);
    expect(parseKeyring('plain secret').current).toBe('1');
  });
});
