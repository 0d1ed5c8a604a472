/**
 * RecordFileFailure: the Map's Catch lands here, so one bad file becomes its own per-document
 * verdict while its neighbours go on (app/files/failures.ts).
 */
import { pipelineTask } from './task.ts';
import { recordFileFailure } from '../app/files/failures.ts';

export const handler = pipelineTask(recordFileFailure);
