/**
 * Which Textract features pay, per document type: reads the synthetic corpus (test/fixtures/documents,
 * clean and degraded images) through each candidate and prints field accuracy and list cost per type.
 * It calls Textract and costs money, so it needs AWS credentials (a stage account); without them it
 * says so and exits 2 without calling anything.
 *
 *   AWS_REGION=ap-south-1 npx tsx bench/textract-features.ts [--per-type N] [--types INVOICE,UDYAM_CERT]
 *                                      [--candidates text,expense,forms,tables,layout,forms+layout,...]
 *                                      [--degraded] [--seed N] [--out FILE]
 *
 * A candidate is what RecogniseText would store with that choice in lib/stage-config.ts
 * (`textractFeatures`): `text` is DetectDocumentText alone (today), `expense` adds AnalyzeExpense's
 * typed answers, any `+`-joined set of forms/tables/layout is AnalyzeDocument with those
 * FeatureTypes. Fields are extracted with the fixture's own type (a classification miss is not
 * counted here; bench/accuracy.ts measures classification), scored as bench/accuracy.ts scores
 * them, and the cost per 1,000 pages is the list price (docs/decisions-documents.md: US list
 * prices, first million pages a month; ap-south-1 is within a few percent) of DetectDocumentText
 * plus the analysis, the way the pipeline pays for it. Default: 3 images per type, all candidates.
 * Requests are made one at a time (Textract's default quota is a few per second).
 */
import { writeFileSync } from 'node:fs';
import { DetectDocumentTextCommand, TextractClient } from '@aws-sdk/client-textract';
import { DocumentModel, extractFields, type Block } from '#core/documents/index.ts';
import { analyseImage, type TextractAnalysis, type TextractFeature } from '#adapters/textractAnalysis.ts';
import { cachedCorpus } from '../test/fixtures/documents/generate.ts';
import type { FixtureDocumentType } from '../test/fixtures/documents/layouts.ts';
import { FIELD_MAP, same } from '../test/fixtures/documents/score.ts';

/** USD per 1,000 pages, first million pages a month (AWS Textract pricing page, US regions). */
const PRICE = { text: 1.5, expense: 10, FORMS: 50, TABLES: 15, LAYOUT: 4, QUERIES: 15 } as const;

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const perType = Number(opt('per-type') ?? 3);
const types = opt('types')?.split(',') as FixtureDocumentType[] | undefined;
const candidates = (opt('candidates') ?? 'text,expense,forms,tables,layout,forms+layout,tables+layout,forms+tables+layout').split(',');

function analysisOf(candidate: string): TextractAnalysis | undefined {
  if (candidate === 'text') return undefined;
  if (candidate === 'expense') return 'EXPENSE';
  const features = candidate.split('+').map((f) => f.toUpperCase()) as TextractFeature[];
  if (!features.every((f) => f === 'FORMS' || f === 'TABLES' || f === 'LAYOUT')) throw new Error(`unknown candidate ${candidate}`);
  return { features };
}

function pricePer1000(candidate: string): number {
  const a = analysisOf(candidate);
  if (!a) return PRICE.text;
  if (a === 'EXPENSE') return PRICE.text + PRICE.expense;
  // LAYOUT is billed alone, and included when it rides with another feature.
  const billed = a.features.length > 1 ? a.features.filter((f) => f !== 'LAYOUT') : a.features;
  return PRICE.text + billed.reduce((s, f) => s + PRICE[f], 0);
}

async function main() {
  const client = new TextractClient({});
  try {
    await client.config.credentials();
  } catch {
    console.error('bench/textract-features: no AWS credentials found, so nothing was measured. This bench calls Textract (paid) on a stage account:');
    console.error('  AWS_PROFILE=<stage> AWS_REGION=ap-south-1 npx tsx bench/textract-features.ts');
    process.exit(2);
  }
  for (const c of candidates) analysisOf(c);
  const corpus = (await cachedCorpus({ perType, seed: Number(opt('seed') ?? 1), degraded: args.includes('--degraded'), types })).filter((f) => f.mime !== 'application/pdf');
  const rows: { type: string; candidate: string; right: number; total: number; seconds: number }[] = [];
  for (const fixture of corpus) {
    const map = FIELD_MAP[fixture.type];
    if (!map) continue;
    const detected = (await client.send(new DetectDocumentTextCommand({ Document: { Bytes: fixture.bytes } }))).Blocks as Block[];
    for (const candidate of candidates) {
      const t0 = performance.now();
      const analysis = analysisOf(candidate);
      const blocks = analysis ? await analyseImage(fixture.bytes, analysis, detected) : detected;
      const data = extractFields(fixture.type, new DocumentModel(blocks)).data;
      const expected = Object.entries(fixture.truth).filter(([t, v]) => map[t] && v !== '' && v !== undefined);
      const right = expected.filter(([t, v]) => same(map[t][1], data[map[t][0]]?.value, v)).length;
      rows.push({ type: fixture.type, candidate, right, total: expected.length, seconds: (performance.now() - t0) / 1000 });
    }
  }
  const out = ['| type | candidate | fields right | USD / 1,000 pages | s / page |', '|---|---|---|---|---|'];
  for (const type of [...new Set(rows.map((r) => r.type))]) {
    for (const candidate of candidates) {
      const rs = rows.filter((r) => r.type === type && r.candidate === candidate);
      const right = rs.reduce((s, r) => s + r.right, 0);
      const total = rs.reduce((s, r) => s + r.total, 0);
      out.push(`| ${type} | ${candidate} | ${total ? ((100 * right) / total).toFixed(1) : '-'}% (${right}/${total}) | ${pricePer1000(candidate).toFixed(2)} | ${(rs.reduce((s, r) => s + r.seconds, 0) / Math.max(1, rs.length)).toFixed(2)} |`);
    }
  }
  console.log(out.join('\n'));
  const file = opt('out');
  if (file) writeFileSync(file, `${out.join('\n')}\n`);
}

await main();
