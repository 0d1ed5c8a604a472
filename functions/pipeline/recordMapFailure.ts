/**
 * RecordMapFailure: the Map failed as a whole; each file without a verdict ends PROCESSING_FAILED
 * and the execution goes on (app/files/failures.ts). Invoked only on that failure, so its
 * invocations are the alarm (lib/pipeline.ts).
 */
import { pipelineTask } from './task.ts';
import { recordMapFailure } from '../app/files/failures.ts';

export const handler = pipelineTask(recordMapFailure);
