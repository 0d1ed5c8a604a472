/**
 * DeliverCallback: one attempt per task run (app/callbacks.ts). A failure throws
 * CallbackDeliveryError, which the ASL retries with backoff and jitter; a refused URL throws
 * CallbackRejectedError, which goes straight to the dead letter.
 */
import { pipelineTask } from './task.ts';
import { deliverCallback } from '../app/callbacks.ts';

export const handler = pipelineTask(deliverCallback);
