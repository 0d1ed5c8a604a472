/**
 * Full Aadhaar numbers exist at rest only sealed (AES-256-GCM), for the clients an operator has
 * enabled for them; results keep the masked value beside the sealed one, and the number is opened
 * only while answering that client. The key comes from its own secret (Secrets Manager in AWS,
 * AADHAAR_VAULT_KEY locally), apart from the JWT signing seed, so each rotates on its own.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from './aws.ts';

export const VAULT_SECRET_ENV = 'AADHAAR_VAULT_SECRET_ARN';
export const VAULT_LOCAL_ENV = 'AADHAAR_VAULT_KEY';
const VERSION = 'v1';

let key: Promise<Buffer> | undefined;

function vaultKey(): Promise<Buffer> {
  key ??= (async () => {
    const local = process.env[VAULT_LOCAL_ENV];
    let material = local;
    if (!material) {
      const secretId = process.env[VAULT_SECRET_ENV];
      if (!secretId) throw new Error(`no Aadhaar vault key configured (${VAULT_SECRET_ENV} or ${VAULT_LOCAL_ENV})`);
      material = (await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
      if (!material) throw new Error('Aadhaar vault secret is empty');
    }
    return createHash('sha256').update(`aadhaar-vault:${material}`).digest();
  })().catch((err) => {
    key = undefined;
    throw err;
  });
  return key;
}

export const resetVaultKey = () => {
  key = undefined;
};

export async function sealAadhaar(value: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await vaultKey(), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export async function openAadhaar(sealed: string): Promise<string> {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown sealed Aadhaar format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await vaultKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
