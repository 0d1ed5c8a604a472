/**
 * Full Aadhaar numbers exist at rest only sealed, for the clients an operator has enabled for them;
 * results keep the masked value beside the sealed one, and the number is opened only while
 * answering that client, each opening recorded in the audit trail.
 *
 * Envelope encryption: every value gets its own random data key (AES-256-GCM); the data key is
 * wrapped by a key-encryption key of the keyring, and the sealed value names that key's version.
 * The record's client and file are the associated data of both layers, so a sealed value moved to
 * another client's or file's record no longer opens. Rotation adds a version and makes it current:
 * values sealed under older versions still open while their version stays in the keyring.
 *
 * In AWS the key-encryption key is a KMS customer managed key (AADHAAR_VAULT_KMS_KEY_ID): each value's
 * data key comes from GenerateDataKey and is opened by Decrypt, with the client and file as the
 * encryption context, so the key never leaves KMS and every use is in CloudTrail (`v3.kms....`).
 * Locally (and for values sealed before KMS) the keyring holds the key-encryption keys: its own
 * secret (Secrets Manager in AWS, AADHAAR_VAULT_KEY locally), apart from the JWT signing seed:
 * either one string (version "1", what the vault used before keyrings) or JSON
 * `{"current":"2","keys":{"1":"...","2":"..."}}`. A local key wins over KMS, so tests and the
 * embedded default never call AWS.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { KMSClient } from '@aws-sdk/client-kms';
import { secretsManager } from './aws.ts';
import { tracer } from './tracer.ts';
import { recordAudit } from './store/audit.ts';

export const VAULT_SECRET_ENV = 'AADHAAR_VAULT_SECRET_ARN';
export const VAULT_LOCAL_ENV = 'AADHAAR_VAULT_KEY';
/** The KMS key (id or ARN) that wraps data keys in AWS. */
export const VAULT_KMS_KEY_ENV = 'AADHAAR_VAULT_KMS_KEY_ID';
/** The format before envelopes: `v1:<iv|tag|ciphertext>` under the keyring's version "1", no associated data. */
const LEGACY = 'v1';
/** Data key wrapped by a keyring key: `v2.<key version>.<wrapped>.<ciphertext>`. */
const FORMAT = 'v2';
/** Data key wrapped by KMS: `v3.kms.<CiphertextBlob>.<ciphertext>` (the blob names the KMS key and its backing version). */
const KMS_FORMAT = 'v3';
const KMS_VERSION = 'kms';
const VERSION_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Whose record a sealed value belongs to: bound as associated data. */
export interface SealBinding {
  clientId: string;
  fileUuid: string;
}

export interface Keyring {
  current: string;
  keys: Map<string, Buffer>;
}

const deriveKey = (material: string) => createHash('sha256').update(`aadhaar-vault:${material}`).digest();

/** Parses the secret: one string (version "1") or the JSON keyring. */
export function parseKeyring(material: string): Keyring {
  const trimmed = material.trim();
  if (!trimmed.startsWith('{')) return { current: '1', keys: new Map([['1', deriveKey(material)]]) };
  let parsed: { current?: unknown; keys?: unknown };
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new Error('Aadhaar vault keyring is not valid JSON');
  }
  const entries = Object.entries((parsed.keys ?? {}) as Record<string, unknown>);
  if (!entries.every(([v, m]) => VERSION_PATTERN.test(v) && typeof m === 'string' && m.length >= 16)) {
    throw new Error('Aadhaar vault keyring: every key needs a version of [A-Za-z0-9_-] and at least 16 characters of material');
  }
  const keys = new Map(entries.map(([v, m]) => [v, deriveKey(m as string)]));
  if (typeof parsed.current !== 'string' || !keys.has(parsed.current)) throw new Error('Aadhaar vault keyring: current names no key');
  return { current: parsed.current, keys };
}

let keyring: Promise<Keyring> | undefined;

function loadKeyring(): Promise<Keyring> {
  keyring ??= (async () => {
    let material = process.env[VAULT_LOCAL_ENV];
    if (!material) {
      const secretId = process.env[VAULT_SECRET_ENV];
      if (!secretId) throw new Error(`no Aadhaar vault key configured (${VAULT_SECRET_ENV} or ${VAULT_LOCAL_ENV})`);
      material = (await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
      if (!material) throw new Error('Aadhaar vault secret is empty');
    }
    return parseKeyring(material);
  })().catch((err) => {
    keyring = undefined;
    throw err;
  });
  return keyring;
}

// Loaded on first use: most answers open no KMS value, and the client costs tens of ms of cold start.
const kmsSdk = () => import('@aws-sdk/client-kms');
let kmsClient: KMSClient | undefined;
async function kms() {
  const sdk = await kmsSdk();
  kmsClient ??= tracer.captureAWSv3Client(new sdk.KMSClient({}));
  return { sdk, client: kmsClient };
}

/** Forget the cached keyring and KMS client (after a rotation, and between local runs). */
export const resetVaultKey = () => {
  keyring = undefined;
  kmsClient = undefined;
};

/** KMS seals only in AWS: a local key (tests, embedded default) always wins. */
const kmsKeyId = () => (process.env[VAULT_LOCAL_ENV] ? undefined : process.env[VAULT_KMS_KEY_ENV]) || undefined;

/** KMS's half of the binding: Decrypt refuses a blob whose context differs, and CloudTrail records it. */
const encryptionContext = (b: SealBinding) => ({ purpose: 'aadhaar-vault', clientId: b.clientId, fileUuid: b.fileUuid });

const associatedData = (b: SealBinding) => Buffer.from(`aadhaar-vault|client=${b.clientId}|file=${b.fileUuid}`, 'utf8');

function encrypt(key: Buffer, plain: Buffer, aad?: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, raw: Buffer, aad?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** `v3.kms.<CiphertextBlob>.<ciphertext>` with a KMS key, else `v2.<key version>.<wrapped data key>.<ciphertext>`; base64url parts. */
export async function sealAadhaar(value: string, binding: SealBinding): Promise<string> {
  const aad = associatedData(binding);
  const keyId = kmsKeyId();
  if (keyId) {
    const { sdk, client } = await kms();
    const out = await client.send(new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: encryptionContext(binding) }));
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    const dataKey = Buffer.from(out.Plaintext);
    try {
      const payload = encrypt(dataKey, Buffer.from(value, 'utf8'), aad);
      return [KMS_FORMAT, KMS_VERSION, Buffer.from(out.CiphertextBlob).toString('base64url'), payload.toString('base64url')].join('.');
    } finally {
      dataKey.fill(0);
      out.Plaintext.fill(0);
    }
  }
  const ring = await loadKeyring();
  const dataKey = randomBytes(32);
  try {
    const wrapped = encrypt(ring.keys.get(ring.current)!, dataKey, aad);
    const payload = encrypt(dataKey, Buffer.from(value, 'utf8'), aad);
    return [FORMAT, ring.current, wrapped.toString('base64url'), payload.toString('base64url')].join('.');
  } finally {
    dataKey.fill(0);
  }
}

/** The key version a sealed value names (`1` for the legacy format, `kms` for KMS-wrapped values). */
export function keyVersionOf(sealed: string): string {
  if (sealed.startsWith(`${LEGACY}:`)) return '1';
  const [format, version] = sealed.split('.');
  if (format === KMS_FORMAT && version === KMS_VERSION) return version;
  if (format !== FORMAT || !version) throw new Error('unknown sealed Aadhaar format');
  return version;
}

/** A KMS-wrapped value: Decrypt with the same encryption context, then the payload with the same associated data. */
async function unsealKms(sealed: string, binding: SealBinding): Promise<string> {
  const [, version, wrapped, payload, extra] = sealed.split('.');
  if (version !== KMS_VERSION || !wrapped || !payload || extra !== undefined) throw new Error('unknown sealed Aadhaar format');
  // KeyId pins the opening to our key (a blob naming another key is refused, not decrypted under it).
  const keyId = process.env[VAULT_KMS_KEY_ENV] || undefined;
  const { sdk, client } = await kms();
  const out = await client.send(new sdk.DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64url'), KeyId: keyId, EncryptionContext: encryptionContext(binding) }));
  if (!out.Plaintext) throw new Error('KMS returned no data key');
  const dataKey = Buffer.from(out.Plaintext);
  try {
    return decrypt(dataKey, Buffer.from(payload, 'base64url'), associatedData(binding)).toString('utf8');
  } finally {
    dataKey.fill(0);
    out.Plaintext.fill(0);
  }
}

function unseal(ring: Keyring, sealed: string, binding: SealBinding): string {
  if (sealed.startsWith(`${LEGACY}:`)) {
    // Sealed before associated data existed: opens with version "1" only, unbound.
    const key = ring.keys.get('1');
    if (!key) throw new Error('Aadhaar vault key version 1 is no longer in the keyring');
    return decrypt(key, Buffer.from(sealed.slice(LEGACY.length + 1), 'base64url')).toString('utf8');
  }
  const [format, version, wrapped, payload, extra] = sealed.split('.');
  if (format !== FORMAT || !version || !wrapped || !payload || extra !== undefined) throw new Error('unknown sealed Aadhaar format');
  const kek = ring.keys.get(version);
  if (!kek) throw new Error(`Aadhaar vault key version ${version} is not in the keyring`);
  const aad = associatedData(binding);
  const dataKey = decrypt(kek, Buffer.from(wrapped, 'base64url'), aad);
  try {
    return decrypt(dataKey, Buffer.from(payload, 'base64url'), aad).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}

/**
 * Opens a sealed number for `actor` (the client being answered). The audit record is written
 * before the number is returned: no opening goes unrecorded.
 */
export async function openAadhaar(sealed: string, binding: SealBinding, actor: string): Promise<string> {
  // Only values sealed before KMS need the keyring; KMS-wrapped ones never read the secret.
  const value = sealed.startsWith(`${KMS_FORMAT}.`) ? await unsealKms(sealed, binding) : unseal(await loadKeyring(), sealed, binding);
  await recordAudit({ action: 'UNSEAL', actor, clientId: binding.clientId, subject: `file:${binding.fileUuid}`, detail: { keyVersion: keyVersionOf(sealed) } });
  return value;
}
