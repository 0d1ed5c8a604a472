/** ExtractFields: Blocks to the spec's fields, verdict and redacted copies stored (app/files/fieldExtraction.ts). */
import { pipelineTask } from './task.ts';
import { extractFileFields } from '../app/files/fieldExtraction.ts';

export const handler = pipelineTask(extractFileFields);
