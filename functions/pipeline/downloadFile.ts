/** DownloadFile: fetch the caller's file_url safely, check it is a JPEG, PNG or PDF, store it (app/files/download.ts). */
import { pipelineTask } from './task.ts';
import { downloadFile } from '../app/files/download.ts';

export const handler = pipelineTask(downloadFile);
