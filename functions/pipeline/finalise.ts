/**
 * Finalise: after every file of an execution, decide whether a callback is due and claim it once
 * per round (app/callbacks.ts).
 */
import { pipelineTask } from './task.ts';
import { finaliseRound } from '../app/callbacks.ts';

export const handler = pipelineTask(finaliseRound);
