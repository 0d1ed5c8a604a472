import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { keysFromSeed, type SigningKeys } from '../core/auth/jwt.ts';
import { secretsManager } from './aws.ts';
import { envNames } from './tableSchema.ts';

let cached: Promise<SigningKeys> | undefined;

/**
 * The JWT signing key: its seed is the stage's Secrets Manager secret in AWS, or
 * SIGNING_KEY_SEED locally (the local runtime keeps one under .data/). Loaded once per container.
 */
export function signingKeys(): Promise<SigningKeys> {
  cached ??= (async () => {
    const local = process.env.SIGNING_KEY_SEED;
    if (local) return keysFromSeed(local);
    const secretId = process.env[envNames.signingKeySecret];
    if (!secretId) throw new Error('no signing key configured (SIGNING_KEY_SECRET_ARN or SIGNING_KEY_SEED)');
    const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!out.SecretString) throw new Error('signing key secret is empty');
    return keysFromSeed(out.SecretString);
  })().catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

export const resetSigningKeys = () => {
  cached = undefined;
};
