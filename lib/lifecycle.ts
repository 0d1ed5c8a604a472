/**
 * Grants of the data lifecycle (docs/data-lifecycle.md): erasure routes delete a client's objects
 * and stop its executions; functions that open sealed Aadhaar numbers append audit records.
 */
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { ServiceFunction } from './functions.ts';
import type { Storage } from './storage.ts';
import { acknowledgeClientObjectsGrant, acknowledgeExecutionGrant } from './nag.ts';
import { AuditRecord } from '../functions/adapters/store/entities.ts';

/** Objects live under `clients/<client>/...` (functions/adapters/s3Documents.ts). */
export const CLIENT_OBJECTS = 'clients/*';

/** List and delete under the clients' prefix, never GetObject (erasure and expiry read no document). */
export function grantDeleteClientObjects(fn: ServiceFunction, storage: Storage) {
  fn.addToRolePolicy(new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ['s3:ListBucket'],
    resources: [storage.bucket.bucketArn],
    conditions: { StringLike: { 's3:prefix': [CLIENT_OBJECTS] } },
  }));
  storage.bucket.grantDelete(fn, CLIENT_OBJECTS);
  acknowledgeClientObjectsGrant(fn.executionRole, storage);
}

/** Erasure: deletes the objects of a flow or batch and stops its executions. */
export function grantErasure(fn: ServiceFunction, storage: Storage, stateMachine: IStateMachine) {
  grantDeleteClientObjects(fn, storage);
  stateMachine.grantExecution(fn, 'states:StopExecution');
  acknowledgeExecutionGrant(fn.executionRole, stateMachine, 'StopExecution on the executions of this one state machine (the erased flow or batch names them at run time).');
}

/**
 * Audit records only (partition keys `AUDIT#<day>`), for functions that otherwise only read the
 * table: answering with an opened Aadhaar number writes its UNSEAL record first.
 */
export function grantAuditWrite(fn: ServiceFunction, storage: Storage) {
  fn.addToRolePolicy(new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ['dynamodb:PutItem'],
    resources: [storage.table.tableArn],
    conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${AuditRecord.pk.prefix}*`] } },
  }));
}
