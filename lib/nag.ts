/**
 * cdk-nag acknowledgements that recur across constructs. cdk-nag 3 reads acknowledgements from
 * construct metadata (Validations.of(scope).acknowledge) and matches a finding by its exact id,
 * including the bracketed finding of IAM5, so the ids are computed from the resources they name.
 */
import { CfnResource, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { Storage } from './storage.ts';

/** `<LogicalId.Arn>`: how cdk-nag renders a GetAtt Arn inside an IAM5 finding. */
function arnRef(resource: IConstruct): string {
  const cfn = resource.node.defaultChild as CfnResource;
  return `<${Stack.of(resource).getLogicalId(cfn)}.Arn>`;
}

/** Wildcards that CDK's table and bucket grants produce by design (object keys, indexes, action families). */
export function acknowledgeStorageGrants(role: IConstruct, storage: Storage): void {
  const findings = [
    `Resource::${arnRef(storage.table)}/index/*`,
    `Resource::${arnRef(storage.bucket)}/*`,
    'Action::s3:GetObject*',
    'Action::s3:GetBucket*',
    'Action::s3:List*',
    'Action::s3:DeleteObject*',
    'Action::s3:Abort*',
  ];
  Validations.of(role).acknowledge(
    ...findings.map((f) => ({
      id: `AwsSolutions-IAM5[${f}]`,
      reason:
        'CDK grant on our own table or documents bucket: object keys and index names are per-request data, and the action families are the minimal set grantRead/grantReadWrite emit.',
    })),
  );
}

/**
 * `grantExecution` on a state machine's executions: the ARN is built from the machine's name at
 * deploy time and ends in `:*` (execution names are only known at run time).
 */
export function acknowledgeExecutionGrant(role: IConstruct, stateMachine: IConstruct, reason: string): void {
  const machine = Stack.of(stateMachine).getLogicalId(stateMachine.node.defaultChild as CfnResource);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machine}"}]}]}:*]`,
    reason,
  });
}

/** Deletes (and lists) under the clients' prefix of the documents bucket: erasure and expiry. */
export function acknowledgeClientObjectsGrant(role: IConstruct, storage: Storage): void {
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${arnRef(storage.bucket)}/clients/*]`,
    reason: 'Erasure and expiry delete every object of a flow or batch; object keys are per-request data under the clients/ prefix.',
  });
}
