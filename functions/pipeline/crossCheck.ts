/** CrossCheck: once every file of the flow has a verdict, compare fields across its documents (app/crossChecks.ts). */
import { pipelineTask } from './task.ts';
import { crossCheck } from '../app/crossChecks.ts';

export const handler = pipelineTask(crossCheck);
