/** RecogniseText: the stored file to Textract-style Blocks, saved beside it (app/files/textRecognition.ts). */
import { pipelineTask } from './task.ts';
import { recogniseText } from '../app/files/textRecognition.ts';

export const handler = pipelineTask(recogniseText);
