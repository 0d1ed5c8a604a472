/**
 * The per-type Textract analysis call (aws-sdk-client-mock) and the structure step of reading a
 * file that uses it: off by default, AnalyzeExpense or AnalyzeDocument with the chosen features
 * for the classified type, throttling rethrown for the ASL, other failures leaving the text.
 */
import { AnalyzeDocumentCommand, AnalyzeExpenseCommand, TextractClient } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentModel, type Block } from '#core/documents/blocks.ts';
import { analyseImage, featureChoiceFromEnv, textractCallsFor, textractFeaturesEnv } from '#adapters/textractAnalysis.ts';
import { withTextractStructure } from '../../../functions/app/files/textractStructure.ts';
import { invoiceAnalysis, invoiceExpense } from '../../fixtures/textract/responses.ts';

const textract = mockClient(TextractClient);
afterEach(() => textract.reset());

const image = Buffer.from('an image');
const lineIds = (blocks: Block[]) => new Set(blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Id));
/** DetectDocumentText's blocks of the fixture invoice. */
function detectedText(): Block[] {
  const all = invoiceAnalysis().blocks;
  const lines = lineIds(all);
  return all
    .filter((b) => ['PAGE', 'LINE', 'WORD'].includes(b.BlockType))
    .map((b) => (b.BlockType === 'PAGE' ? { ...b, Relationships: [{ Type: 'CHILD' as const, Ids: b.Relationships![0].Ids.filter((id) => lines.has(id)) }] } : b));
}

describe('analyseImage', () => {
  it('AnalyzeExpense on the image bytes; the typed fields come back as QUERY answers over its text blocks', async () => {
    textract.on(AnalyzeExpenseCommand).resolves(invoiceExpense() as never);
    const blocks = await analyseImage(image, 'EXPENSE', []);
    expect(textract.commandCalls(AnalyzeExpenseCommand)[0].args[0].input).toEqual({ Document: { Bytes: image } });
    expect(new DocumentModel(blocks).queryAnswer('VENDOR_NAME')?.answer).toBe('Shree Ganesh Electronics');
  });

  it('AnalyzeDocument with the chosen FeatureTypes (and the queries QUERIES asks); its blocks replace the text', async () => {
    const { response } = invoiceAnalysis();
    textract.on(AnalyzeDocumentCommand).resolves(response as never);
    const blocks = await analyseImage(image, { features: ['FORMS', 'TABLES', 'QUERIES'], queries: [{ text: 'What is the invoice total?', alias: 'INVOICE_TOTAL' }] }, detectedText());
    expect(textract.commandCalls(AnalyzeDocumentCommand)[0].args[0].input).toEqual({
      Document: { Bytes: image },
      FeatureTypes: ['FORMS', 'TABLES', 'QUERIES'],
      QueriesConfig: { Queries: [{ Text: 'What is the invoice total?', Alias: 'INVOICE_TOTAL' }] },
    });
    expect(blocks).toBe(response.Blocks);
  });

  it('throttling keeps its name (the ASL retries it)', async () => {
    textract.on(AnalyzeDocumentCommand).rejects(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    await expect(analyseImage(image, { features: ['LAYOUT'] }, [])).rejects.toMatchObject({ name: 'ThrottlingException' });
  });
});

describe('the choice', () => {
  it('from TEXTRACT_FEATURES: none when unset, validated when set, and the calls it makes', () => {
    expect(featureChoiceFromEnv({})).toEqual({});
    const choice = { INVOICE: 'EXPENSE', DELIVERY_ORDER: { features: ['FORMS', 'LAYOUT'] } };
    expect(featureChoiceFromEnv({ [textractFeaturesEnv]: JSON.stringify(choice) })).toEqual(choice);
    expect(() => featureChoiceFromEnv({ [textractFeaturesEnv]: '{"RECEIPT":"EXPENSE"}' })).toThrow(/unknown document type/);
    expect(() => featureChoiceFromEnv({ [textractFeaturesEnv]: '{"PAN":{"features":["SIGNATURES"]}}' })).toThrow(/needs/);
    expect(() => featureChoiceFromEnv({ [textractFeaturesEnv]: '{"PAN":{"features":["QUERIES"]}}' })).toThrow(/without queries/);
    expect(textractCallsFor({})).toEqual([]);
    expect(textractCallsFor({ INVOICE: 'EXPENSE' })).toEqual(['AnalyzeExpense']);
    expect(textractCallsFor({ INVOICE: 'EXPENSE', UDYAM_CERT: { features: ['FORMS'] } })).toEqual(['AnalyzeDocument', 'AnalyzeExpense']);
  });
});

describe('withTextractStructure (reading a file)', () => {
  it('by default calls nothing and returns the text blocks as they are', async () => {
    const text = detectedText();
    const analyse = vi.fn();
    expect(await withTextractStructure(text, image, {}, analyse)).toBe(text);
    expect(analyse).not.toHaveBeenCalled();
  });

  it('analyses only the types the choice names, with that type\'s analysis', async () => {
    const text = detectedText();
    const analysed: Block[] = [{ BlockType: 'PAGE', Id: 'p', Page: 1 }];
    const analyse = vi.fn().mockResolvedValue(analysed);
    expect(await withTextractStructure(text, image, { UDYAM_CERT: 'EXPENSE' }, analyse)).toBe(text);
    expect(analyse).not.toHaveBeenCalled();
    expect(await withTextractStructure(text, image, { INVOICE: 'EXPENSE' }, analyse)).toBe(analysed);
    expect(analyse).toHaveBeenCalledWith(image, 'EXPENSE', text);
  });

  it('a failed analysis keeps the text; throttling is rethrown', async () => {
    const text = detectedText();
    const failing = vi.fn().mockRejectedValue(Object.assign(new Error('bad document'), { name: 'UnsupportedDocumentException' }));
    expect(await withTextractStructure(text, image, { INVOICE: 'EXPENSE' }, failing)).toBe(text);
    const throttled = vi.fn().mockRejectedValue(Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' }));
    await expect(withTextractStructure(text, image, { INVOICE: 'EXPENSE' }, throttled)).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
  });
});
