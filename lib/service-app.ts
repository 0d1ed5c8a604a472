/**
 * The CDK app of one stage, shared by bin/app.ts and the infra tests: the stack, the feature
 * flags it was written against, and the cdk-nag AwsSolutions checks (cdk-nag 3 is a validation
 * plugin, not an Aspect).
 */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack, stackName } from './service-stack.ts';
import { stageConfigFor, type StageConfig } from './stage-config.ts';

/** Pinned here (not in cdk.json) so tests synthesise exactly what the CLI does. */
export const featureFlags = {
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-apigateway:requestValidatorUniqueId': true,
  '@aws-cdk/aws-apigateway:logGroupDestinationArnWithoutWildcard': true,
  '@aws-cdk/aws-kms:reduceCrossAccountRegionPolicyScope': true,
  '@aws-cdk/core:enablePartitionLiterals': true,
  '@aws-cdk/core:validateSnapshotRemovalPolicy': true,
};

/** `overrides` replace settings of the stage's config (tests synthesise a stage with a setting switched on). */
export function createServiceApp(props: AppProps = {}, overrides: Partial<StageConfig> = {}): { app: App; stack: ServiceStack } {
  const app = new App({ ...props, context: { ...featureFlags, ...props.context } });
  const stageConfig = { ...stageConfigFor(app.node.tryGetContext('stage')), ...overrides };
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // Environment-agnostic: synth makes no AWS lookups; the CLI's credentials pick the account at deploy.
  const stack = new ServiceStack(app, stackName(stageConfig.stage), {
    stageConfig,
    description: `Document service (${stageConfig.stage})`,
    tags: { service: 'docservice', stage: stageConfig.stage },
  });
  return { app, stack };
}
