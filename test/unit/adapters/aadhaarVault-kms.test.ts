/**
 * The Aadhaar vault in AWS: data keys from KMS GenerateDataKey, opened by KMS Decrypt, the record's
 * client and file bound as the encryption context; values sealed before KMS (keyring) still open.
 * KMS is played by aws-sdk-client-mock with its documented behaviour: Decrypt refuses a blob whose
 * encryption context or key differs from the one it was generated under.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, IncorrectKeyException, KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

const audits: unknown[] = [];
vi.mock('#adapters/store/audit.ts', () => ({
  recordAudit: vi.fn(async (r: unknown) => {
    audits.push(r);
    return r;
  }),
}));

const { sealAadhaar, openAadhaar, keyVersionOf, resetVaultKey, VAULT_LOCAL_ENV, VAULT_KMS_KEY_ENV, VAULT_SECRET_ENV } = await import(
  '#adapters/aadhaarVault.ts'
);

const NUMBER = '234123412346';
const KEY_ARN = 'arn:aws:kms:ap-south-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const SECRET_ARN = 'arn:aws:secretsmanager:ap-south-1:111122223333:secret:AadhaarVaultKey-abc';
const KEYRING_SECRET = 'the-keyring-secret-from-before-kms';
const mine = { clientId: 'cli_a', fileUuid: '11111111-1111-4111-8111-111111111111' };

/** The vault's sealing before keyrings (v1): AES-256-GCM under sha256("aadhaar-vault:" + secret), no associated data. */
function legacySeal(secret: string, value: string) {
  const key = createHash('sha256').update(`aadhaar-vault:${secret}`).digest();
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(value, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
}

const kms = mockClient(KMSClient);
const secrets = mockClient(SecretsManagerClient);
/** What KMS remembers about each blob it handed out. */
const issued = new Map<string, { plaintext: Uint8Array; keyId: string; context: Record<string, string> | undefined }>();

beforeEach(() => {
  audits.length = 0;
  issued.clear();
  kms.reset();
  secrets.reset();
  kms.on(GenerateDataKeyCommand).callsFake((input) => {
    const plaintext = randomBytes(32);
    const blob = randomBytes(48);
    issued.set(blob.toString('hex'), { plaintext: Uint8Array.from(plaintext), keyId: input.KeyId, context: input.EncryptionContext });
    return { KeyId: input.KeyId, Plaintext: Uint8Array.from(plaintext), CiphertextBlob: Uint8Array.from(blob) };
  });
  kms.on(DecryptCommand).callsFake((input) => {
    const found = issued.get(Buffer.from(input.CiphertextBlob).toString('hex'));
    if (!found || !isDeepStrictEqual(found.context, input.EncryptionContext)) {
      throw new InvalidCiphertextException({ message: 'invalid ciphertext', $metadata: {} });
    }
    if (input.KeyId && input.KeyId !== found.keyId) throw new IncorrectKeyException({ message: 'incorrect key', $metadata: {} });
    return { KeyId: found.keyId, Plaintext: Uint8Array.from(found.plaintext) };
  });
  secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: KEYRING_SECRET });
  // As in a Lambda of the stack: the KMS key and the old keyring's secret, no local key.
  delete process.env[VAULT_LOCAL_ENV];
  process.env[VAULT_KMS_KEY_ENV] = KEY_ARN;
  process.env[VAULT_SECRET_ENV] = SECRET_ARN;
  resetVaultKey();
});
afterEach(() => {
  delete process.env[VAULT_KMS_KEY_ENV];
  delete process.env[VAULT_SECRET_ENV];
  delete process.env[VAULT_LOCAL_ENV];
  resetVaultKey();
});

describe('Aadhaar vault with KMS', () => {
  it('seals with a KMS data key per value, bound to client and file, and opens for the same record', async () => {
    const a = await sealAadhaar(NUMBER, mine);
    const b = await sealAadhaar(NUMBER, mine);
    expect(a).toMatch(/^v3\.kms\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(NUMBER);
    expect(keyVersionOf(a)).toBe('kms');

    const generated = kms.commandCalls(GenerateDataKeyCommand).map((c) => c.args[0].input);
    expect(generated).toHaveLength(2);
    expect(generated[0]).toEqual({
      KeyId: KEY_ARN,
      KeySpec: 'AES_256',
      EncryptionContext: { purpose: 'aadhaar-vault', clientId: 'cli_a', fileUuid: mine.fileUuid },
    });
    // Sealing with KMS never reads the keyring.
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);

    expect(await openAadhaar(a, mine, 'cli_a')).toBe(NUMBER);
    const decrypts = kms.commandCalls(DecryptCommand).map((c) => c.args[0].input);
    expect(decrypts).toHaveLength(1);
    expect(decrypts[0]).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: { purpose: 'aadhaar-vault', clientId: 'cli_a', fileUuid: mine.fileUuid } });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
    expect(audits).toEqual([{ action: 'UNSEAL', actor: 'cli_a', clientId: 'cli_a', subject: `file:${mine.fileUuid}`, detail: { keyVersion: 'kms' } }]);
  });

  it('refuses a value moved to another client\'s or another file\'s record (KMS refuses the context), and audits nothing', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    await expect(openAadhaar(sealed, { ...mine, clientId: 'cli_b' }, 'cli_b')).rejects.toThrow(InvalidCiphertextException);
    await expect(openAadhaar(sealed, { ...mine, fileUuid: '22222222-2222-4222-8222-222222222222' }, 'cli_a')).rejects.toThrow(InvalidCiphertextException);
    expect(kms.commandCalls(DecryptCommand).map((c) => c.args[0].input.EncryptionContext)).toEqual([
      { purpose: 'aadhaar-vault', clientId: 'cli_b', fileUuid: mine.fileUuid },
      { purpose: 'aadhaar-vault', clientId: 'cli_a', fileUuid: '22222222-2222-4222-8222-222222222222' },
    ]);
    expect(audits).toEqual([]);
  });

  it('refuses a tampered payload even when KMS returns the data key (AES-GCM associated data and tag)', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    const [format, version, wrapped, payload] = sealed.split('.');
    const flipped = (payload[5] === 'A' ? payload.slice(0, 5) + 'B' : payload.slice(0, 5) + 'A') + payload.slice(6);
    await expect(openAadhaar([format, version, wrapped, flipped].join('.'), mine, 'cli_a')).rejects.toThrow();
    await expect(openAadhaar(`v3.other.${wrapped}.${payload}`, mine, 'cli_a')).rejects.toThrow(/format/);
    expect(audits).toEqual([]);
  });

  it('still opens values sealed before KMS (keyring v2 and legacy v1) from the Secrets Manager keyring', async () => {
    // Sealed by the keyring, as the stack did before the KMS key existed.
    delete process.env[VAULT_KMS_KEY_ENV];
    resetVaultKey();
    const before = await sealAadhaar(NUMBER, mine);
    expect(before).toMatch(/^v2\.1\./);
    expect(kms.commandCalls(GenerateDataKeyCommand)).toHaveLength(0);

    const legacy = legacySeal(KEYRING_SECRET, NUMBER);

    process.env[VAULT_KMS_KEY_ENV] = KEY_ARN;
    resetVaultKey();
    secrets.resetHistory();
    const after = await sealAadhaar(NUMBER, mine);
    expect(keyVersionOf(after)).toBe('kms');
    expect(await openAadhaar(before, mine, 'cli_a')).toBe(NUMBER);
    expect(await openAadhaar(legacy, mine, 'cli_a')).toBe(NUMBER);
    expect(await openAadhaar(after, mine, 'cli_a')).toBe(NUMBER);
    // The old values opened through the keyring (read once, no Decrypt for them), the new one through KMS.
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    expect(audits.map((a) => (a as { detail: unknown }).detail)).toEqual([{ keyVersion: '1' }, { keyVersion: '1' }, { keyVersion: 'kms' }]);
    // The old value is still bound to its record.
    await expect(openAadhaar(before, { ...mine, clientId: 'cli_b' }, 'cli_b')).rejects.toThrow();
  });

  it('keeps the local key when one is set (embedded default and tests never call KMS)', async () => {
    process.env[VAULT_LOCAL_ENV] = 'a-local-vault-secret-of-some-length';
    resetVaultKey();
    const sealed = await sealAadhaar(NUMBER, mine);
    expect(keyVersionOf(sealed)).toBe('1');
    expect(await openAadhaar(sealed, mine, 'cli_a')).toBe(NUMBER);
    expect(kms.calls()).toHaveLength(0);
    expect(secrets.calls()).toHaveLength(0);
  });

  it('returns no number when KMS refuses (e.g. no kms:Decrypt), and says nothing of it in the error', async () => {
    const sealed = await sealAadhaar(NUMBER, mine);
    kms.on(DecryptCommand).rejects(new Error('AccessDeniedException: not authorized to perform kms:Decrypt'));
    const err = await openAadhaar(sealed, mine, 'cli_a').catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).not.toContain(NUMBER);
    expect(audits).toEqual([]);
  });
});
