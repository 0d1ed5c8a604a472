/**
 * The Aadhaar vault's key-encryption key (functions/adapters/aadhaarVault.ts): a customer managed KMS
 * key per stage, rotated yearly by KMS. The key never leaves KMS; each sealed value carries its own
 * data key wrapped by it. Sealing may only GenerateDataKey, opening may only Decrypt, and both only
 * with the vault's encryption context, so no other use of the key is possible with these grants.
 */
import { Duration } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { VAULT_KMS_KEY_ENV } from '../functions/adapters/aadhaarVault.ts';
import type { ServiceFunction } from './functions.ts';
import type { StageConfig } from './stage-config.ts';

/** The encryption context every vault call carries (aadhaarVault.ts encryptionContext). */
export const VAULT_CONTEXT_CONDITION = { StringEquals: { 'kms:EncryptionContext:purpose': 'aadhaar-vault' } };

export class AadhaarVaultKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { stageConfig: StageConfig }) {
    super(scope, id);
    const { stageConfig } = props;
    this.key = new Key(this, 'Key', {
      description: `DocService-${stageConfig.stage}: wraps the data keys of sealed Aadhaar numbers`,
      alias: `alias/docservice-${stageConfig.stage}-aadhaar-vault`,
      enableKeyRotation: true,
      // Deleting the key destroys every value sealed under it: prod retains it; a deleted dev key
      // waits the longest window KMS allows, so a mistaken teardown can still be cancelled.
      removalPolicy: stageConfig.removalPolicy,
      pendingWindow: Duration.days(30),
    });
  }

  /** The sealing task: a new data key per value, nothing else. */
  grantSeal(fn: ServiceFunction): void {
    this.grant(fn, 'kms:GenerateDataKey');
  }

  /** Functions that answer with full numbers: unwrap a data key, nothing else. */
  grantOpen(fn: ServiceFunction): void {
    this.grant(fn, 'kms:Decrypt');
  }

  private grant(fn: ServiceFunction, action: string): void {
    fn.addEnvironment(VAULT_KMS_KEY_ENV, this.key.keyArn);
    fn.addToRolePolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: [action], resources: [this.key.keyArn], conditions: VAULT_CONTEXT_CONDITION }),
    );
  }
}
