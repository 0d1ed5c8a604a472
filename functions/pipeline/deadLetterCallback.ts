/** DeadLetterCallback: keep an undeliverable event where the operator can list and replay it (app/callbacks.ts). */
import { pipelineTask } from './task.ts';
import { deadLetterCallback } from '../app/callbacks.ts';

export const handler = pipelineTask(deadLetterCallback);
