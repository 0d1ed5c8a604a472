/**
 * OCR in AWS: Textract's DetectDocumentText, whose Blocks are already our internal format.
 * One call per image (PDFs take the asynchronous API, textractAsync.ts); field mapping runs on
 * LINE/WORD Blocks exactly as it does on the local engines' output (docs/decisions-infra.md,
 * "OCR API", explains why not AnalyzeExpense/QUERIES yet).
 */
import { TextractClient, DetectDocumentTextCommand } from '@aws-sdk/client-textract';
import type { Block } from '../core/documents/blocks.ts';
import type { OcrEngine } from './ocr/engine.ts';
import { tracer } from './tracer.ts';

let client: TextractClient | undefined;

export const textractEngine: OcrEngine = {
  name: 'textract',
  async recognise(image: Buffer): Promise<Block[]> {
    client ??= tracer.captureAWSv3Client(new TextractClient({}));
    // Throttling surfaces as ThrottlingException / ProvisionedThroughputExceededException, names the ASL retries.
    const out = await client.send(new DetectDocumentTextCommand({ Document: { Bytes: image } }));
    return (out.Blocks ?? []) as Block[];
  },
  async close() {},
};
