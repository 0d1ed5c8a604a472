/**
 * Textract's structure APIs, per document type: AnalyzeExpense, or AnalyzeDocument with chosen
 * FeatureTypes (FORMS, TABLES, LAYOUT, QUERIES). The type is known only after the text is read and
 * classified, so this is a second call on the same image after DetectDocumentText, made only for
 * the types the stage's choice names (lib/stage-config.ts, `textractFeatures`; empty by default:
 * nothing changes until a stage has measured it, docs/decisions-documents.md). The choice reaches
 * the function as JSON in TEXTRACT_FEATURES; lib/pipeline.ts grants exactly the calls it needs.
 */
import { AnalyzeDocumentCommand, AnalyzeExpenseCommand, TextractClient } from '@aws-sdk/client-textract';
import type { Block } from '../core/documents/blocks.ts';
import { expenseBlocks, type ExpenseResponse } from '../core/documents/expense.ts';
import { DOCUMENT_TYPES, type SupportedDocumentType } from '../core/documents/typeNames.ts';
import { tracer } from './tracer.ts';

export type TextractFeature = 'FORMS' | 'TABLES' | 'LAYOUT' | 'QUERIES';

/** AnalyzeExpense, or AnalyzeDocument with these features (QUERIES asks `queries`). */
export type TextractAnalysis = 'EXPENSE' | { features: TextractFeature[]; queries?: { text: string; alias: string }[] };

/** Per document type, the analysis to run after DetectDocumentText; a type not named gets none. */
export type TextractFeatureChoice = Partial<Record<SupportedDocumentType, TextractAnalysis>>;

export const textractFeaturesEnv = 'TEXTRACT_FEATURES';

const FEATURES = new Set<string>(['FORMS', 'TABLES', 'LAYOUT', 'QUERIES']);

/** The choice from TEXTRACT_FEATURES (absent: none). A malformed choice fails loudly rather than silently reading less. */
export function featureChoiceFromEnv(env: NodeJS.ProcessEnv = process.env): TextractFeatureChoice {
  const raw = env[textractFeaturesEnv];
  if (!raw) return {};
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  for (const [type, a] of Object.entries(parsed)) {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) throw new Error(`${textractFeaturesEnv}: unknown document type ${type}`);
    if (a === 'EXPENSE') continue;
    const f = (a as { features?: unknown })?.features;
    if (!Array.isArray(f) || !f.length || !f.every((x) => FEATURES.has(x as string))) throw new Error(`${textractFeaturesEnv}: ${type} needs 'EXPENSE' or { features: [FORMS|TABLES|LAYOUT|QUERIES...] }`);
    if (f.includes('QUERIES') && !(a as { queries?: unknown[] }).queries?.length) throw new Error(`${textractFeaturesEnv}: ${type} asks QUERIES without queries`);
  }
  return parsed as TextractFeatureChoice;
}

/** The Textract calls a choice makes (for the function's IAM policy). */
export function textractCallsFor(choice: TextractFeatureChoice): Array<'AnalyzeDocument' | 'AnalyzeExpense'> {
  const all = Object.values(choice);
  return [...(all.some((a) => a !== 'EXPENSE') ? ['AnalyzeDocument' as const] : []), ...(all.includes('EXPENSE') ? ['AnalyzeExpense' as const] : [])];
}

let client: TextractClient | undefined;
const textract = () => (client ??= tracer.captureAWSv3Client(new TextractClient({})));

/**
 * The image's structure as Blocks. AnalyzeDocument returns its own PAGE/LINE/WORD blocks with the
 * structure, which replace `text`; AnalyzeExpense's typed fields are added to its own text blocks
 * (or to `text`, the DetectDocumentText blocks, when it returns none). Throttling keeps Textract's
 * error names, which the ASL retries.
 */
export async function analyseImage(image: Buffer, analysis: TextractAnalysis, text: readonly Block[]): Promise<Block[]> {
  if (analysis === 'EXPENSE') {
    const out = await textract().send(new AnalyzeExpenseCommand({ Document: { Bytes: image } }));
    return expenseBlocks(out as ExpenseResponse, text);
  }
  const queries = analysis.features.includes('QUERIES') ? { QueriesConfig: { Queries: (analysis.queries ?? []).map((q) => ({ Text: q.text, Alias: q.alias })) } } : {};
  const out = await textract().send(new AnalyzeDocumentCommand({ Document: { Bytes: image }, FeatureTypes: analysis.features, ...queries }));
  return (out.Blocks ?? []) as Block[];
}
