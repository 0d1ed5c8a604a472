/**
 * RecogniseTextAsync (PDFs in AWS): starts Textract's asynchronous text detection and parks the
 * task token; textractCompleted answers the waiting state (app/files/textractJobs.ts). Locally the
 * runner maps this state to recogniseText instead (functions/pipeline/tasks.ts).
 */
import { pipelineTask } from './task.ts';
import { startTextractJob } from '../app/files/textractJobs.ts';

export const handler = pipelineTask(startTextractJob);
