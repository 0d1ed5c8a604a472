/**
 * RecordMapFailure: the Map failed as a whole (a task failed past its own Catch, a payload limit),
 * so some of this execution's files may have no verdict. Each such file ends PROCESSING_FAILED,
 * and the execution goes on to cross-check and finalise what it has: the flow never stays
 * IN_PROGRESS. Invoked only on that failure, so its invocations are the alarm (lib/pipeline.ts).
 */
import { task } from './task.ts';
import { logger } from '../adapters/logger.ts';
import { failFile } from './recordFileFailure.ts';
import type { PipelineInput } from '../adapters/pipelineStarter.ts';

export const handler = task(async (input: PipelineInput & { mapFailure?: { Error?: string; Cause?: string } }) => {
  logger.error('pipeline map failed', { owner: input.owner.id, error: input.mapFailure?.Error, files: input.files.length });
  for (const f of input.files) await failFile(input.owner, f.seq, { Error: 'States.MapFailed' });
  return {};
});
