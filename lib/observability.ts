/**
 * Observability: alarms on what integrators feel (API 5xx rate), on every function's errors and on
 * failed pipeline executions, all notifying one encrypted SNS topic that operators subscribe to.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { Dashboard } from 'aws-cdk-lib/aws-cloudwatch';
import { serviceDashboard } from './dashboard.ts';
import type { StageConfig } from './stage-config.ts';

export interface ObservabilityProps {
  stageConfig: StageConfig;
  restApi: RestApi;
  functions: IFunction[];
  stateMachine: StateMachine;
  /** Invoked only when a pipeline Map fails as a whole: any invocation is an alarm. */
  mapFailureFunction?: IFunction;
}

export class Observability extends Construct {
  readonly alarmTopic: Topic;
  /** DocService-<stage>: requests, errors and latency per route, pipeline, callbacks, Textract (lib/dashboard.ts). */
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { stageConfig } = props;
    const period = Duration.minutes(5);

    // CloudWatch can publish to an encrypted topic only with a customer managed key it may use.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `DocService-${stageConfig.stage} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: stageConfig.removalPolicy,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `DocService ${stageConfig.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    const notify = new SnsAction(this.alarmTopic);

    const alarm = (id: string, metric: IMetric, threshold: number, description: string) => {
      const created = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      return created;
    };

    // 5XXError's Average is the share of requests that failed.
    alarm(
      'Api5xxRate',
      props.restApi.metricServerError({ period, statistic: 'Average' }),
      stageConfig.alarms.api5xxRate,
      `Share of API requests answered with 5xx over 5 minutes >= ${stageConfig.alarms.api5xxRate}`,
    );
    for (const fn of props.functions) {
      alarm(
        `${fn.node.id}Errors`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        stageConfig.alarms.lambdaErrors,
        `Errors of ${fn.node.path} over 5 minutes`,
      );
    }
    if (props.mapFailureFunction) {
      alarm(
        'PipelineMapFailures',
        props.mapFailureFunction.metricInvocations({ period, statistic: 'Sum' }),
        1,
        'A pipeline Map failed as a whole: its unfinished files were recorded PROCESSING_FAILED (RecordMapFailure ran)',
      );
    }
    alarm(
      'PipelineFailedExecutions',
      props.stateMachine.metricFailed({ period, statistic: 'Sum' }),
      stageConfig.alarms.failedExecutions,
      'Failed document pipeline executions over 5 minutes (files fail inside the Map without failing the execution)',
    );
    alarm(
      'PipelineTimedOutExecutions',
      props.stateMachine.metricTimedOut({ period, statistic: 'Sum' }),
      1,
      'Timed-out document pipeline executions',
    );
    this.dashboard = serviceDashboard(this, props);
  }
}
