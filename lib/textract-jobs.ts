/**
 * The notification side of Textract's asynchronous API: an encrypted SNS topic that Textract
 * reports job ends to, and the role Textract assumes to publish there. The start function passes
 * both in StartDocumentTextDetection's NotificationChannel; the completion function subscribes.
 */
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { textractChannelEnv } from '../functions/adapters/textractAsync.ts';
import type { ServiceFunction } from './functions.ts';
import type { StageConfig } from './stage-config.ts';

export interface TextractJobsProps {
  stageConfig: StageConfig;
}

export class TextractJobs extends Construct {
  readonly topic: Topic;
  /** Assumed by Textract to publish job notifications; passed by the start function. */
  readonly publishRole: Role;
  readonly key: Key;

  constructor(scope: Construct, id: string, props: TextractJobsProps) {
    super(scope, id);
    const { stageConfig } = props;
    this.key = new Key(this, 'TopicKey', {
      description: `DocService-${stageConfig.stage} Textract job notifications`,
      enableKeyRotation: true,
      removalPolicy: stageConfig.removalPolicy,
    });
    this.topic = new Topic(this, 'Topic', {
      displayName: `DocService ${stageConfig.stage} Textract jobs`,
      masterKey: this.key,
      enforceSSL: true,
    });
    this.publishRole = new Role(this, 'PublishRole', {
      // Confused-deputy guard: only Textract calls made from this account may use the role.
      assumedBy: new ServicePrincipal('textract.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
      }),
      description: `Textract publishes DocService-${stageConfig.stage} job notifications with this role`,
    });
    // Exact actions (no grantPublish: its kms:GenerateDataKey* wildcard would need an acknowledgement).
    this.publishRole.addToPolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: [this.topic.topicArn] }));
    this.publishRole.addToPolicy(new PolicyStatement({ actions: ['kms:GenerateDataKey', 'kms:Decrypt'], resources: [this.key.keyArn] }));
  }

  /** The start function names the channel in StartDocumentTextDetection and passes the role to Textract. */
  allowStart(fn: ServiceFunction): void {
    fn.addEnvironment(textractChannelEnv.topicArn, this.topic.topicArn);
    fn.addEnvironment(textractChannelEnv.roleArn, this.publishRole.roleArn);
    this.publishRole.grantPassRole(fn.executionRole);
  }

  /** Textract's job notifications invoke the completion function (asynchronously, Lambda retries twice). */
  subscribe(fn: IFunction): void {
    this.topic.addSubscription(new LambdaSubscription(fn));
  }
}
