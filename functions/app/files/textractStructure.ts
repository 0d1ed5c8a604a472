/**
 * The per-type Textract structure step of reading a file (docs/decisions-documents.md, "Textract
 * features per type"): the DetectDocumentText blocks are classified, and when the stage's choice
 * names that type, the image is analysed again (AnalyzeExpense, or AnalyzeDocument with its
 * features) and those blocks are stored instead. With the default choice (none) the text blocks
 * are returned untouched and no call is made. The structure is an addition: a failed analysis
 * that is not transient leaves the text blocks, as before; throttling and timeouts are rethrown
 * for the ASL's retries.
 */
import { DocumentModel, classify, type Block } from '#core/documents/index.ts';
import { analyseImage, type TextractFeatureChoice } from '#adapters/textractAnalysis.ts';
import { isTransient } from '#adapters/transientErrors.ts';
import { logger } from '#adapters/logger.ts';

export async function withTextractStructure(text: Block[], image: Buffer, choice: TextractFeatureChoice, analyse: typeof analyseImage = analyseImage): Promise<Block[]> {
  if (!Object.keys(choice).length) return text;
  const { type } = classify(new DocumentModel(text));
  const analysis = type === 'UNKNOWN' ? undefined : choice[type];
  if (!analysis) return text;
  try {
    return await analyse(image, analysis, text);
  } catch (err) {
    if (isTransient(err)) throw err;
    logger.warn('textract analysis failed; the text blocks are kept', { documentType: type, error: (err as Error).name });
    return text;
  }
}
