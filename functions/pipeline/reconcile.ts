/** The reconciler's scheduled Lambda (EventBridge): nothing stays stuck (app/reconciler.ts). */
import { task } from './task.ts';
import { AWS_GRACE_MS, reconcile } from '../app/reconciler.ts';

export const handler = task(async () => reconcile({ graceMs: AWS_GRACE_MS }));
