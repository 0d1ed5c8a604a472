/**
 * One stack per stage (`DocService-<stage>`), wired like the architecture picture:
 * integrator -> API (one Lambda per route) -> table + bucket; uploads -> pipeline state machine.
 */
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Api } from './api.ts';
import { Observability } from './observability.ts';
import { Pipeline } from './pipeline.ts';
import { Expiry } from './expiry.ts';
import { boundTextractConcurrency } from './fair-sharing.ts';
import type { StageConfig } from './stage-config.ts';
import { Storage } from './storage.ts';
import { AadhaarVaultKey } from './vault-key.ts';

export interface ServiceStackProps extends StackProps {
  stageConfig: StageConfig;
}

export const stackName = (stage: string) => `DocService-${stage}`;

export class ServiceStack extends Stack {
  readonly storage: Storage;
  readonly pipeline: Pipeline;
  readonly expiry: Expiry;
  readonly api: Api;
  readonly observability: Observability;
  readonly signingKeySecret: Secret;
  readonly aadhaarVaultSecret: Secret;
  readonly aadhaarVaultKey: AadhaarVaultKey;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stageConfig } = props;

    this.storage = new Storage(this, 'Storage', { stageConfig });

    // A random seed from which the runtime derives the Ed25519 JWT signing key.
    this.signingKeySecret = new Secret(this, 'SigningKeySeed', {
      description: `DocService-${stageConfig.stage}: seed of the JWT signing key (Ed25519 derived at runtime)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stageConfig.removalPolicy,
    });
    Validations.of(this.signingKeySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the seed replaces the signing key and invalidates every live token; there is no hosted rotation for a key seed. Rotation is an operator procedure (docs/deploying.md, "Rotating the signing key").',
    });

    // Key material of the Aadhaar vault (functions/adapters/aadhaarVault.ts): full Aadhaar numbers
    // are stored only sealed with a key derived from it. Its own secret, so it rotates apart from the seed.
    this.aadhaarVaultSecret = new Secret(this, 'AadhaarVaultKey', {
      description: `DocService-${stageConfig.stage}: key material of the Aadhaar vault (AES-256-GCM key derived at runtime)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stageConfig.removalPolicy,
    });
    Validations.of(this.aadhaarVaultSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the vault key makes every previously sealed Aadhaar number unreadable; hosted rotation would silently destroy them. Rotation is an operator procedure (docs/deploying.md, "Rotating the Aadhaar vault key").',
    });

    // Wraps the data key of every value sealed from now on; the secret above still opens older values.
    this.aadhaarVaultKey = new AadhaarVaultKey(this, 'AadhaarVault', { stageConfig });

    this.pipeline = new Pipeline(this, 'Pipeline', {
      stageConfig,
      storage: this.storage,
      aadhaarVaultSecret: this.aadhaarVaultSecret,
      aadhaarVaultKey: this.aadhaarVaultKey,
    });
    boundTextractConcurrency(this.pipeline, stageConfig);

    this.expiry = new Expiry(this, 'Expiry', { stageConfig, storage: this.storage });

    this.api = new Api(this, 'Api', {
      stageConfig,
      storage: this.storage,
      stateMachine: this.pipeline.stateMachine,
      signingKeySecret: this.signingKeySecret,
      aadhaarVaultSecret: this.aadhaarVaultSecret,
      aadhaarVaultKey: this.aadhaarVaultKey,
    });

    this.observability = new Observability(this, 'Observability', {
      stageConfig,
      restApi: this.api.restApi,
      functions: [
        ...Object.values(this.api.functions),
        ...Object.values(this.pipeline.functions),
        this.pipeline.textractCompleted,
        this.pipeline.reconcile,
        this.expiry.flowOrBatchExpired,
      ],
      stateMachine: this.pipeline.stateMachine,
      mapFailureFunction: this.pipeline.functions.RecordMapFailure,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.restApi.url, description: 'Base URL of the API stage' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.storage.bucket.bucketName });
    new CfnOutput(this, 'StateMachineArn', { value: this.pipeline.stateMachine.stateMachineArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.observability.alarmTopic.topicArn });
  }
}
