/**
 * End-to-end accuracy of the document service's local path, per local OCR engine: OCR
 * (`recogniseDocument`) -> classify -> extractFields -> for IMEI_CLOSEUP_IMAGE images the
 * pipeline's own sparse re-read (`withSparseReading`, from the document core, as the pipeline
 * calls it), scored against ground truth.
 *
 *   npx tsx bench/accuracy.ts [--engines tesseract,paddle] [--per-type N] [--receipts N]
 *                             [--sroie DIR] [--seed N] [--psm auto,block]
 *                             [--block-on clean,degraded,pdf,sroie] [--types T1,T2]
 *                             [--blind-per-layout N] [--no-blind] [--dev-per-layout N] [--no-dev]
 *                             [--second-reading paddle|off] [--no-cache] [--misses] [--out FILE]
 *                             [--dump FILE.jsonl]
 *
 * --dump: one JSON line per field read (set, page segmentation, type, field, right or not,
 * confidence), with the value and the truth only for what may be tuned on (never a held-out item's).
 *
 * Fixture i of a type is drawn in layout family i (cycled), so --per-type 5 covers the five
 * families of the consumer-durable types; tables are printed per type, per field and per family.
 * Layout sets written by people who never read the extractor are read when present, each reported
 * in its own section: the dev sets (test/fixtures/documents/dev to dev33: unseen when written, used for
 * tuning since) and the blind sets (test/fixtures/documents/blind, blind2: never used for tuning;
 * --misses never prints their misses). The SROIE receipts are split in two halves by file number
 * (000, 016, 032, ... for tuning; 008, 024, ... held out, misses never printed), reported apart.
 *
 * --engines: local engines to measure, each one after the other (default tesseract,paddle;
 * hybrid is accepted too). Each gets the same tables; a summary table compares them.
 *
 * Sets: the synthetic fixture corpus (test/fixtures/documents) clean and degraded (--per-type
 * per type, default 5) plus its PDFs, and --receipts (default 79, all of them) real receipts from SROIE 2019
 * (scored on the INVOICE fields they carry). Reports classification accuracy, per-field exact
 * match, confidence calibration and seconds per page as markdown, printed and written to
 * bench/results/accuracy.md.
 *
 * What the service does is followed, not re-implemented: pages go through `recogniseDocument`
 * with the engine's default segmentation, and IMEI close-up images through the pipeline's
 * `withSparseReading` with the same engine. --psm adds tesseract-only rows read with another
 * page segmentation (on the sets named by --block-on, default the receipts); the service does
 * not do that.
 *
 * OCR output is cached per engine call (engine name, image bytes, segmentation, page) in the OS
 * temp folder, so changing an extractor and re-running costs seconds; --no-cache re-reads every
 * page (and refreshes the cache). Seconds per page are the ones measured when the page was read
 * (kept in the cache) and include the IMEI sparse re-read where the service does it.
 *
 * Full Aadhaar numbers are compared internally and never printed (misses show them masked).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentModel, classify, classifyUnreadPage, declaration, extractFields, needsSecondReading, withSecondReading, withSparseReading, type Block, type DocumentType, type ExtractionResult } from '#core/documents/index.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import type { OcrEngine, PageSegmentation, RecogniseOptions } from '#adapters/ocr/engine.ts';
import { isPdf } from '#adapters/ocr/pdf.ts';
import { createTesseractEngine } from '#adapters/ocr/tesseract.ts';
import { createPaddleEngine } from '#adapters/ocr/paddle.ts';
import { createHybridEngine } from '#adapters/ocr/hybrid.ts';
import { cachedCorpus, type Fixture, type FixtureDocumentType } from '../test/fixtures/documents/generate.ts';
import { FIELD_MAP, same, type Cmp } from '../test/fixtures/documents/score.ts';
import { OCR_CACHE_DIR, ocrCacheFile, type OcrCacheEntry } from './ocrCache.ts';
import { SROIE_DIR, SROIE_MAP, sroieHeldOut, sroieValue } from './sroie.ts';

const ENGINE_NAMES = ['tesseract', 'paddle', 'hybrid'] as const;
type EngineName = (typeof ENGINE_NAMES)[number];
/** The local engines as the service creates them (functions/adapters/engines.ts). */
const CREATE: Record<EngineName, () => OcrEngine> = {
  tesseract: () => createTesseractEngine(),
  paddle: () => createPaddleEngine(),
  hybrid: () => createHybridEngine(),
};
/**
 * Documents read at once: tesseract serves two pages at a time (two workers); Paddle serialises
 * its calls (onnxruntime uses both cores for one page), so a second document would only wait in
 * its queue and the wait would count as its time.
 */
const CONCURRENCY: Record<EngineName, number> = { tesseract: 2, paddle: 1, hybrid: 1 };

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const PER_TYPE = Number(arg('--per-type', '5'));
const BLIND_PER_LAYOUT = argv.includes('--no-blind') ? 0 : Number(arg('--blind-per-layout', '1'));
const DEV_PER_LAYOUT = argv.includes('--no-dev') ? 0 : Number(arg('--dev-per-layout', '1'));
const RECEIPTS = Number(arg('--receipts', '79'));
const SEED = Number(arg('--seed', '1'));
const SROIE = arg('--sroie', SROIE_DIR);
const PSMS = arg('--psm', 'auto,block').split(',') as PageSegmentation[];
/** Sets read a second time with each extra PSM (the extra pass is cheap only on small sets). */
const EXTRA_PSM_ON = arg('--block-on', 'sroie').split(',');
const USE_CACHE = !argv.includes('--no-cache');
const TYPES = argv.includes('--types') ? (arg('--types', '').split(',') as FixtureDocumentType[]) : undefined;
const ENGINES = arg('--engines', 'tesseract,paddle').split(',').map((e) => e.trim()).filter(Boolean) as EngineName[];
for (const e of ENGINES) if (!ENGINE_NAMES.includes(e)) throw new Error(`unknown engine '${e}' (${ENGINE_NAMES.join(', ')})`);
const SHOW_MISSES = argv.includes('--misses');
/**
 * The service's second reading of weakly read receipts and invoices (local default 'paddle',
 * functions/local/index.ts): PaddleOCR's characters fused with tesseract's PSM 6 word boundaries.
 * Runs on the tesseract engine's rows only; --second-reading off measures the first reading alone.
 */
const SECOND_READING = arg('--second-reading', 'paddle') !== 'off';
/** Every scored field of the tuned sets as JSON lines (field, confidence, right or not), for calibration work. */
const DUMP = argv.includes('--dump') ? arg('--dump', '') : '';
const OUT = arg('--out', resolve(dirname(fileURLToPath(import.meta.url)), 'results/accuracy.md'));

// ---------------------------------------------------------------------------------------------
// Items

/** A layout set written apart from the extractor: `tuned` says whether its misses may be looked at. */
interface LayoutSet { name: 'dev' | 'dev2' | 'dev3' | 'dev4' | 'dev5' | 'dev6' | 'dev7' | 'dev8' | 'dev9' | 'dev10' | 'dev11' | 'dev12' | 'dev13' | 'dev14' | 'dev15' | 'dev16' | 'dev17' | 'dev18' | 'dev19' | 'dev20' | 'dev21' | 'dev22' | 'dev23' | 'dev24' | 'dev25' | 'dev26' | 'dev27' | 'dev28' | 'dev29' | 'dev30' | 'dev31' | 'dev32' | 'dev33' | 'blind' | 'blind2'; folder: string; generate: string; perLayout: number; tuned: boolean; title: string }
const LAYOUT_SETS: LayoutSet[] = [
  { name: 'dev', folder: 'dev', generate: 'generateDevCorpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 1: written apart from the extractor, used for tuning since' },
  { name: 'dev2', folder: 'dev2', generate: 'generateDev2Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 2: written apart from the extractor, used for tuning since' },
  { name: 'dev3', folder: 'dev3', generate: 'generateDev3Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 3 (orders, invoices, bills, statements, IMEI labels): written apart from the extractor, used for tuning since' },
  { name: 'dev4', folder: 'dev4', generate: 'generateDev4Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 4 (certificates and ID cards): written apart from the extractor, used for tuning since' },
  { name: 'dev5', folder: 'dev5', generate: 'generateDev5Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 5 (invoices, orders, bills, statements, IMEI labels): written apart from the extractor, used for tuning since' },
  { name: 'dev6', folder: 'dev6', generate: 'generateDev6Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 6 (certificates and ID cards): written apart from the extractor, used for tuning since' },
  { name: 'dev7', folder: 'dev7', generate: 'generateDev7Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 7 (invoices, orders, bills, statements, IMEI labels): written apart from the extractor, used for tuning since' },
  { name: 'dev8', folder: 'dev8', generate: 'generateDev8Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 8 (certificates and ID cards): written apart from the extractor, used for tuning since' },
  { name: 'dev9', folder: 'dev9', generate: 'generateDev9Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 9 (invoices, orders, bills, statements, IMEI labels): written apart from the extractor, used for tuning since' },
  { name: 'dev10', folder: 'dev10', generate: 'generateDev10Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 10 (certificates and ID cards): written apart from the extractor, used for tuning since' },
  { name: 'dev11', folder: 'dev11', generate: 'generateDev11Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 11 (invoices, orders, bills, statements, IMEI labels whose type is not obvious): written apart from the extractor, used for tuning since' },
  { name: 'dev12', folder: 'dev12', generate: 'generateDev12Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 12 (certificates and ID cards whose type is not obvious): written apart from the extractor, used for tuning since' },
  { name: 'dev13', folder: 'dev13', generate: 'generateDev13Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 13 (invoices, orders, IMEI labels, ID cards, bills with values in unusual places): written apart from the extractor, used for tuning since' },
  { name: 'dev14', folder: 'dev14', generate: 'generateDev14Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 14 (statements, orders, certificates with values in unusual places): written apart from the extractor, used for tuning since' },
  { name: 'dev15', folder: 'dev15', generate: 'generateDev15Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 15 (invoices, orders, IMEI labels, bills, statements, POs as small shops and field staff send them): written apart from the extractor, used for tuning since' },
  { name: 'dev16', folder: 'dev16', generate: 'generateDev16Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 16 (certificates and ID cards of several states and eras): written apart from the extractor, used for tuning since' },
  { name: 'dev17', folder: 'dev17', generate: 'generateDev17Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 17 (invoices, orders, IMEI labels, bills, KYC forms as billing, loan-origination, discom and KYC software prints them): written apart from the extractor, used for tuning since' },
  { name: 'dev18', folder: 'dev18', generate: 'generateDev18Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 18 (certificates, POs and statements as government portals and net banking print them): written apart from the extractor, used for tuning since' },
  { name: 'dev19', folder: 'dev19', generate: 'generateDev19Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 19 (invoices, orders, IMEI labels, bills, statements, POs as paper scanned at the branch: carbon books, copy marks, stamps over print): written apart from the extractor, used for tuning since' },
  { name: 'dev20', folder: 'dev20', generate: 'generateDev20Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 20 (ID cards and registration papers as customers hand them over: both sides on one copy, attested, re-typed, old formats): written apart from the extractor, used for tuning since' },
  { name: 'dev21', folder: 'dev21', generate: 'generateDev21Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 21 (invoices, orders, IMEI screens and labels, bills, Aadhaar and PAN born digital: e-invoices, app screenshots, DigiLocker views, e-Aadhaar and e-PAN prints): written apart from the extractor, used for tuning since' },
  { name: 'dev22', folder: 'dev22', generate: 'generateDev22Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 22 (passbooks, typed and hand-filled orders and certificates, cyber-cafe prints, laminated cards: small issuers and low-tech offices): written apart from the extractor, used for tuning since' },
  { name: 'dev23', folder: 'dev23', generate: 'generateDev23Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 23 (invoices, orders, IMEI labels and screens, Aadhaar and PAN carrying another type\'s words: phone bills listing IMEIs, orders laid out as bills, KYC sheets quoting PAN and Aadhaar): written apart from the extractor, used for tuning since' },
  { name: 'dev24', folder: 'dev24', generate: 'generateDev24Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 24 (certificates, bills, statements and orders of small firms carrying another type\'s words: a bill cum tax invoice, statements naming invoices and POs, certificates quoting GSTIN, Udyam and bank details): written apart from the extractor, used for tuning since' },
  { name: 'dev25', folder: 'dev25', generate: 'generateDev25Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 25 (orders, phone labels and screens, shop invoices: the cross-checked fields printed many ways, order numbers in reference and subject lines, models in grids and sentences, sellers and buyers in unusual places): written apart from the extractor, used for tuning since' },
  { name: 'dev26', folder: 'dev26', generate: 'generateDev26Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 26 (bills, certificates and licences whose title is missing, cut off, small or not in English: pages photographed from the middle, portal prints, transliterated titles): written apart from the extractor, used for tuning since' },
  { name: 'dev27', folder: 'dev27', generate: 'generateDev27Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 27 (Aadhaar and PAN as a branch KYC desk receives them, firm statements with joint holders, orders with the buyer on the right): written apart from the extractor, used for tuning since' },
  { name: 'dev28', folder: 'dev28', generate: 'generateDev28Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 28 (delivery orders with a second reference beside the DO number, phone labels, screens and warranty cards in makers\' styles): written apart from the extractor, used for tuning since' },
  { name: 'dev29', folder: 'dev29', generate: 'generateDev29Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 29 (utility bills that look like tax invoices, receipts and ledgers; FSSAI premises beside registered offices; shop registrations beside application numbers; REG-06 side by side): written apart from the extractor, used for tuning since' },
  { name: 'dev30', folder: 'dev30', generate: 'generateDev30Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 30 (invoices whose customer and dealer addresses sit beside other blocks, orders with many references, statements with many account numbers): written apart from the extractor, used for tuning since' },
  { name: 'dev31', folder: 'dev31', generate: 'generateDev31Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 31 (certificates with another address near the one asked for, GST legal and trade names, registration numbers among references, a PAN on its letter, an Aadhaar with a second address): written apart from the extractor, used for tuning since' },
  { name: 'dev32', folder: 'dev32', generate: 'generateDev32Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 32 (thermal, SMS and bank-letter DOs, two-wheeler and combo orders, dialer screens, refurbished and feature-phone labels, bill-book and chain-store invoices): written apart from the extractor, used for tuning since' },
  { name: 'dev33', folder: 'dev33', generate: 'generateDev33Corpus', perLayout: DEV_PER_LAYOUT, tuned: true, title: 'Dev layouts, set 33 (telecom, gas, water, prepaid and cable bills; government supply and work orders, marketplace contracts; loan statements and passbooks; Udyam pages without their title): written apart from the extractor, used for tuning since' },
  { name: 'blind', folder: 'blind', generate: 'generateBlindCorpus', perLayout: BLIND_PER_LAYOUT, tuned: false, title: 'Blind layouts, set 1: written apart from the extractor, not used for tuning' },
  { name: 'blind2', folder: 'blind2', generate: 'generateBlindCorpus', perLayout: BLIND_PER_LAYOUT, tuned: false, title: 'Blind layouts, set 2: written apart from the extractor, not used for tuning' },
];
type SetName = LayoutSet['name'];
type Group = 'clean' | 'degraded' | 'pdf' | 'sroie' | SetName | `${SetName}-degraded`;
interface Expect { truthField: string; field: string; cmp: Cmp; value: unknown }
/** `heldOut`: never looked at when tuning (blind sets, the held-out SROIE half). */
interface Item { id: string; group: Group; type: FixtureDocumentType; family: string; bytes: Buffer; pages: number; expect: Expect[]; heldOut?: boolean }

/**
 * Truth field -> extracted field and comparison: FIELD_MAP's fixture names, or the extracted
 * field's own name (the blind set writes truth under the names of docs/document-fields.md).
 */
function expectations(type: FixtureDocumentType, truth: Record<string, unknown>): Expect[] {
  const map = FIELD_MAP[type];
  if (!map) return [];
  const byField = new Map(Object.values(map).map(([field, cmp]) => [field, cmp] as const));
  return Object.entries(truth).flatMap(([t, value]) => {
    if (value === undefined || value === '' || value === null) return [];
    const m = map[t] ?? (byField.has(t) ? ([t, byField.get(t)!] as [string, Cmp]) : undefined);
    return m ? [{ truthField: t, field: m[0], cmp: m[1], value }] : [];
  });
}

function fixtureItem(f: Fixture, group: Group): Item {
  return { id: f.id, group, type: f.type, family: f.family ?? 'classic', bytes: f.bytes, pages: f.pages, expect: expectations(f.type, f.truth) };
}

interface BlindSpec { id: string; type: string; family: string; degradation?: string; pages?: number; truth: Record<string, unknown>; render(): Promise<{ bytes: Buffer }> }

/** A layout set, when its module exists (rendered here), clean and degraded. */
async function layoutSetItems(set: LayoutSet): Promise<Item[]> {
  if (set.perLayout <= 0) return [];
  const path = resolve(dirname(fileURLToPath(import.meta.url)), `../test/fixtures/documents/${set.folder}/index.ts`);
  if (!existsSync(path)) return [];
  const mod = (await import(path)) as Record<string, (o: Record<string, unknown>) => BlindSpec[]>;
  const out: Item[] = [];
  for (const degraded of [false, true]) {
    for (const spec of mod[set.generate]({ seed: SEED, perLayout: set.perLayout, degraded })) {
      if (!(spec.type in FIELD_MAP) || (TYPES && !TYPES.includes(spec.type as FixtureDocumentType))) continue;
      const { bytes } = await spec.render();
      out.push({
        id: spec.id.startsWith(set.name) ? spec.id : `${set.name}-${spec.id}`, group: degraded ? `${set.name}-degraded` : set.name, type: spec.type as FixtureDocumentType,
        family: set.tuned ? spec.family : opaqueFamily(spec.family),
        bytes, pages: spec.pages ?? 1, expect: expectations(spec.type as FixtureDocumentType, spec.truth), heldOut: !set.tuned,
      });
    }
  }
  return out;
}

/**
 * A held-out family is reported by a stable opaque id, not its name: a name says what the page
 * draws, and whoever reads the report would otherwise learn which kinds of pages to write next.
 */
function opaqueFamily(family: string): string {
  return `f-${createHash('sha256').update(family).digest('hex').slice(0, 6)}`;
}

function sroieItems(dir: string, n: number): Item[] {
  if (n <= 0 || !existsSync(join(dir, 'key'))) return [];
  const keys = readdirSync(join(dir, 'key')).filter((f) => f.endsWith('.json')).sort();
  const take = Math.min(n, keys.length);
  const step = keys.length / take; // an even spread over the folder, deterministic
  return Array.from({ length: take }, (_, i) => keys[Math.floor(i * step)]).map((k) => {
    const id = k.replace('.json', '');
    const key = JSON.parse(readFileSync(join(dir, 'key', k), 'utf8')) as Record<string, string>;
    const expect: Expect[] = [];
    for (const [kf, [field, cmp]] of Object.entries(SROIE_MAP)) {
      const value = sroieValue(kf, String(key[kf] ?? ''));
      if (value !== undefined) expect.push({ truthField: kf, field, cmp, value });
    }
    return { id: `sroie-${id}`, group: 'sroie' as const, type: 'INVOICE' as const, family: 'receipt', bytes: readFileSync(join(dir, 'img', `${id}.jpg`)), pages: 1, expect, heldOut: sroieHeldOut(id) };
  });
}

// ---------------------------------------------------------------------------------------------
// OCR with a cache


/** Engine calls made for one document: read now, or answered from the cache (with the seconds they took then). */
interface Calls { fresh: number; cached: number; cachedSeconds: number }

/**
 * An OcrEngine answering from the cache when it can, keyed by engine name, image bytes,
 * segmentation and page. The service's own code (recogniseDocument, withSparseReading) is
 * called with it as is. `forDocument()` gives a view that counts one document's calls.
 */
class CachedEngine implements OcrEngine {
  readonly calls: Calls = { fresh: 0, cached: 0, cachedSeconds: 0 };
  constructor(private readonly inner: OcrEngine) {}

  get name(): string {
    return this.inner.name;
  }

  forDocument(): CachedEngine {
    return new CachedEngine(this.inner);
  }

  async recognise(image: Buffer, opts: RecogniseOptions = {}): Promise<Block[]> {
    const file = ocrCacheFile(this.inner.name, image, opts);
    if (USE_CACHE && existsSync(file)) {
      const c = JSON.parse(readFileSync(file, 'utf8')) as OcrCacheEntry;
      this.calls.cached++;
      this.calls.cachedSeconds += c.seconds;
      return c.blocks;
    }
    const t0 = performance.now();
    const blocks = await this.inner.recognise(image, opts);
    const entry: OcrCacheEntry = { blocks, seconds: (performance.now() - t0) / 1000 };
    this.calls.fresh++;
    mkdirSync(OCR_CACHE_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(entry));
    return blocks;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

let letters: CachedEngine | undefined;
/** The second reading's letters engine (PaddleOCR), cached like the others, started on first use. */
const lettersEngine = () => (letters ??= new CachedEngine(createPaddleEngine()));

// ---------------------------------------------------------------------------------------------
// One document, as the service handles it

interface FieldResult { item: string; type: string; field: string; ok: boolean; missing: boolean; confidence: number; got: unknown; want: unknown; cmp: Cmp }
interface ItemResult {
  engine: EngineName;
  item: Item;
  psm: PageSegmentation;
  predicted: DocumentType;
  classConfidence: number;
  fields: FieldResult[];
  /** IMEI close-up images: the fields of the first reading, before the sparse re-read. */
  firstFields?: FieldResult[];
  /** IMEI close-up images: the sparse re-read's result was kept. */
  sparseKept?: boolean;
  /** Read a second time (PaddleOCR fused with tesseract PSM 6) because the first reading left key fields weak. */
  secondRead?: boolean;
  seconds: number;
  pages: number;
  calls: Calls;
}

function mask(cmp: Cmp, v: unknown): unknown {
  if (cmp !== 'aadhaar' || typeof v !== 'string') return v;
  const d = v.replace(/\D/g, '');
  return d.length >= 4 ? `XXXX XXXX ${d.slice(-4)}` : 'XXXX';
}

function scoreFields(item: Item, data: ExtractionResult['data']): FieldResult[] {
  return item.expect.map((e) => {
    const f = data[e.field];
    const got = f?.value;
    const missing = got === undefined || got === null || got === '' || (Array.isArray(got) && got.length === 0);
    return { item: item.id, type: item.type, field: e.field, ok: same(e.cmp, got, e.value), missing, confidence: f?.confidence_score ?? 0, got: mask(e.cmp, got), want: mask(e.cmp, e.value), cmp: e.cmp };
  });
}

/**
 * recogniseText (recogniseDocument with the engine's default segmentation) then extractFields
 * (classify; extract; IMEI close-up images read again through the pipeline's withSparseReading).
 * Fields are extracted with the *expected* type, so a classification miss is counted once (in
 * classification), not again in every field; the pipeline extracts with the classified type.
 * fullAadhaar: all 12 digits are compared.
 */
async function runDocument(engine: CachedEngine, engineName: EngineName, item: Item, psm: PageSegmentation): Promise<ItemResult> {
  const doc = engine.forDocument();
  let t0 = performance.now();
  const read = await recogniseDocument(doc, item.bytes, psm === 'auto' ? {} : { segmentation: psm });
  let wall = performance.now() - t0;
  const model = new DocumentModel(read.blocks);
  const image = isPdf(item.bytes) ? undefined : item.bytes;
  const secondReadingOn = SECOND_READING && engineName === 'tesseract' && psm === 'auto' && image !== undefined;
  const letters = lettersEngine().forDocument();
  // As the pipeline: a page left UNKNOWN is classified again on its second reading.
  t0 = performance.now();
  const { classification: c, readings } = secondReadingOn ? await classifyUnreadPage({ letters, spaces: doc }, image, model, classify(model)) : { classification: classify(model), readings: undefined };
  wall += performance.now() - t0;
  const options = { fullAadhaar: true };
  const first = extractFields(item.type, model, options);
  let result = first;
  if (declaration(item.type).sparseReread && image) {
    t0 = performance.now();
    result = await withSparseReading(doc, image, first, options);
    wall += performance.now() - t0;
  }
  let secondRead = false;
  let letterSeconds = 0;
  if (secondReadingOn && needsSecondReading(item.type, result, model)) {
    t0 = performance.now();
    result = await withSecondReading({ letters, spaces: doc }, image, item.type, result, model, options, readings);
    wall += performance.now() - t0;
    secondRead = true;
  }
  letterSeconds = letters.calls.cachedSeconds;
  const imei = item.type === 'IMEI_CLOSEUP_IMAGE' && image !== undefined;
  return {
    engine: engineName, item, psm, predicted: c.type, classConfidence: c.confidence,
    fields: scoreFields(item, result.data),
    firstFields: imei ? scoreFields(item, first.data) : undefined,
    sparseKept: imei ? result !== first : undefined,
    seconds: wall / 1000 + doc.calls.cachedSeconds + letterSeconds,
    secondRead,
    pages: Math.max(1, read.pages.length),
    calls: doc.calls,
  };
}

// ---------------------------------------------------------------------------------------------
// Tables

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');
const frac = (a: number, b: number) => (b ? `${a}/${b} (${pct(a, b)})` : '–');
const avg = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const GROUPS: Group[] = ['clean', 'degraded', 'pdf', 'sroie'];
const GROUP_LABEL: Record<Group, string> = {
  clean: 'fixtures, clean images',
  degraded: 'fixtures, degraded images',
  pdf: 'fixtures, PDFs',
  sroie: 'SROIE receipts (INVOICE fields)',
  ...Object.fromEntries(LAYOUT_SETS.flatMap((s) => [[s.name, `${s.name} layouts, clean images`], [`${s.name}-degraded`, `${s.name} layouts, degraded images`]])),
} as Record<Group, string>;
const SHORT = {
  clean: 'clean images', degraded: 'degraded images', pdf: 'PDFs', sroie: 'SROIE',
  ...Object.fromEntries(LAYOUT_SETS.flatMap((s) => [[s.name, `${s.name} clean`], [`${s.name}-degraded`, `${s.name} degraded`]])),
} as Record<Group, string>;

const exact = (fs: FieldResult[]) => frac(fs.filter((f) => f.ok).length, fs.length);
const secondsPerPage = (rs: ItemResult[]) => f2(rs.reduce((s, r) => s + r.seconds, 0) / Math.max(1, rs.reduce((s, r) => s + r.pages, 0)));

function summaryRow(label: string, rs: ItemResult[], classified: boolean, fields = (r: ItemResult) => r.fields): (string | number)[] {
  const fs = rs.flatMap(fields);
  const right = fs.filter((f) => f.ok);
  const wrong = fs.filter((f) => !f.ok && !f.missing);
  const missing = fs.filter((f) => f.missing);
  const cls = classified ? frac(rs.filter((r) => r.predicted === r.item.type).length, rs.length) : `${pct(rs.filter((r) => r.predicted === 'INVOICE').length, rs.length)} as INVOICE`;
  return [
    label, rs.length, cls, frac(right.length, fs.length), wrong.length, missing.length,
    f2(avg(right.map((f) => f.confidence))), f2(avg(wrong.map((f) => f.confidence))), frac(wrong.filter((f) => f.confidence >= 0.8).length, wrong.length),
    secondsPerPage(rs),
  ];
}

const SUMMARY_HEAD = ['set', 'docs', 'classification', 'fields exact', 'wrong', 'missing', 'conf. right', 'conf. wrong', 'wrong with conf ≥ 0.8', 's/page'];

/** `results`: the tuned corpus and SROIE; `sets`: each layout set's results, reported apart. */
interface EngineRun { engine: EngineName; results: ItemResult[]; sets: Partial<Record<SetName, ItemResult[]>>; seconds: number }

/** The service's reading of a set: PSM auto (the engine's default). */
const serviceRows = (run: EngineRun) => run.results.filter((r) => r.psm === 'auto');

function overview(runs: EngineRun[]): string {
  const head = ['engine', 'classification (fixtures)', 'fields clean', 'fields degraded', 'fields PDF', 'fields all fixtures', 'SROIE fields (tuning half / held out)', 'conf. right / wrong (fixtures)', 'wrong with conf ≥ 0.8 (all sets)', 's/page fixtures', 's/page SROIE'];
  const rows = runs.map((run) => {
    const rs = serviceRows(run);
    const fx = rs.filter((r) => r.item.group !== 'sroie');
    const sroie = rs.filter((r) => r.item.group === 'sroie');
    const of = (g: Group) => rs.filter((r) => r.item.group === g).flatMap((r) => r.fields);
    const ffs = fx.flatMap((r) => r.fields);
    const wrong = rs.flatMap((r) => r.fields).filter((f) => !f.ok && !f.missing);
    return [
      `**${run.engine}**`,
      frac(fx.filter((r) => r.predicted === r.item.type).length, fx.length),
      exact(of('clean')), exact(of('degraded')), exact(of('pdf')), exact(ffs),
      `${exact(sroie.filter((r) => !r.item.heldOut).flatMap((r) => r.fields))} / ${exact(sroie.filter((r) => r.item.heldOut).flatMap((r) => r.fields))}`,
      `${f2(avg(ffs.filter((f) => f.ok).map((f) => f.confidence)))} / ${f2(avg(ffs.filter((f) => !f.ok && !f.missing).map((f) => f.confidence)))}`,
      frac(wrong.filter((f) => f.confidence >= 0.8).length, wrong.length),
      secondsPerPage(fx), sroie.length ? secondsPerPage(sroie) : '–',
    ];
  });
  return table(head, rows);
}

/** Fields exact per type and set, the engines side by side. */
function sideBySide(runs: EngineRun[]): string {
  const fixtureGroups = GROUPS.filter((g) => g !== 'sroie' && runs.some((run) => run.results.some((r) => r.item.group === g)));
  const types = [...new Set(runs.flatMap((run) => serviceRows(run).filter((r) => r.item.group !== 'sroie').map((r) => r.item.type)))];
  const cols = fixtureGroups.flatMap((g) => runs.map((run) => ({ g, run })));
  return table(
    ['type', ...cols.map(({ g, run }) => `${run.engine} ${SHORT[g]}`)],
    types.map((t) => [
      t,
      ...cols.map(({ g, run }) => {
        const fs = serviceRows(run).filter((r) => r.item.type === t && r.item.group === g).flatMap((r) => r.fields);
        return fs.length ? `${fs.filter((f) => f.ok).length}/${fs.length}` : '–';
      }),
    ]),
  );
}

function engineReport(run: EngineRun): string {
  const out: string[] = [];
  const { results, engine } = run;
  const auto = serviceRows(run);
  const groups = GROUPS.filter((g) => results.some((r) => r.item.group === g));
  const calls = results.reduce((s, r) => ({ fresh: s.fresh + r.calls.fresh, cached: s.cached + r.calls.cached }), { fresh: 0, cached: 0 });
  out.push(`## ${engine}`, '');
  out.push(`Wall time ${run.seconds.toFixed(0)} s; ${calls.cached}/${calls.fresh + calls.cached} engine calls came from the OCR cache.`, '');
  if (engine === 'tesseract') {
    // Every type is read twice where its fields read weakly, receipts also as till slips (secondReading.ts).
    const sets = Object.values(run.sets).flat().filter((r) => r.psm === 'auto');
    const per: [string, ItemResult[]][] = [
      ...GROUPS.map((g) => [SHORT[g], auto.filter((r) => r.item.group === g)] as [string, ItemResult[]]),
      ['tuning sets (dev)', sets.filter((r) => !r.item.heldOut)],
      ['held-out sets (blind)', sets.filter((r) => r.item.heldOut)],
    ];
    const counts = per.filter(([, rs]) => rs.length).map(([label, rs]) => `${label} ${rs.filter((r) => r.secondRead).length}/${rs.length}`);
    const twice = [...auto, ...sets].filter((r) => r.secondRead).length;
    out.push(`Second reading (PaddleOCR's characters fused with tesseract PSM 6 word boundaries, on till slips and on any page whose fields read weakly; ${SECOND_READING ? 'on, as in the local runtime' : 'off: --second-reading off'}): ${twice} documents read twice (${counts.join(', ')}); their s/page includes both readings.`, '');
  }

  out.push(`### Summary (${engine})`, '');
  const rows: (string | number)[][] = [];
  for (const psm of [...new Set(results.map((r) => r.psm))]) {
    for (const g of groups) {
      const rs = results.filter((r) => r.psm === psm && r.item.group === g);
      if (rs.length) rows.push(summaryRow(`${GROUP_LABEL[g]}, PSM ${psm}${psm === 'auto' ? '' : ' (not what the service does)'}`, rs, g !== 'sroie'));
    }
  }
  const fixtures = auto.filter((r) => r.item.group !== 'sroie');
  if (fixtures.length) rows.push(summaryRow('**all fixtures, PSM auto**', fixtures, true));
  for (const g of groups) {
    const rs = auto.filter((r) => r.item.group === g && r.firstFields);
    if (rs.length) rows.push(summaryRow(`${GROUP_LABEL[g]}, IMEI_CLOSEUP_IMAGE only, without the sparse re-read (first reading)`, rs, true, (r) => r.firstFields ?? []));
    if (rs.length) rows.push(summaryRow(`${GROUP_LABEL[g]}, IMEI_CLOSEUP_IMAGE only, as the service returns it (sparse re-read kept on ${rs.filter((r) => r.sparseKept).length}/${rs.length})`, rs, true));
  }
  out.push(table(SUMMARY_HEAD, rows), '');

  // Classification per type (auto)
  out.push(`### Classification per type (${engine}, PSM auto)`, '');
  const types = [...new Set(fixtures.map((r) => r.item.type))];
  const fixtureGroups = groups.filter((g) => g !== 'sroie');
  out.push(
    table(
      ['type', ...fixtureGroups.map((g) => SHORT[g]), 'all', 'misread as'],
      types.map((t) => {
        const rs = fixtures.filter((r) => r.item.type === t);
        const cells = fixtureGroups.map((g) => {
          const x = rs.filter((r) => r.item.group === g);
          return x.length ? `${x.filter((r) => r.predicted === t).length}/${x.length}` : '–';
        });
        const wrong = rs.filter((r) => r.predicted !== t).map((r) => `${r.predicted} (${r.item.id})`);
        return [t, ...cells, pct(rs.filter((r) => r.predicted === t).length, rs.length), wrong.join(', ') || ''];
      }),
    ),
    '',
  );

  // Per field (auto)
  out.push(`### Fields exact per type (${engine}, PSM auto)`, '');
  const fieldRows: (string | number)[][] = [];
  for (const t of types) {
    const names = [...new Set(fixtures.filter((r) => r.item.type === t).flatMap((r) => r.fields.map((f) => f.field)))];
    for (const n of names) {
      const cells = fixtureGroups.map((g) => {
        const fs = fixtures.filter((r) => r.item.type === t && r.item.group === g).flatMap((r) => r.fields.filter((f) => f.field === n));
        return fs.length ? `${fs.filter((f) => f.ok).length}/${fs.length}` : '–';
      });
      const fs = fixtures.filter((r) => r.item.type === t).flatMap((r) => r.fields.filter((f) => f.field === n));
      fieldRows.push([t, n, ...cells, pct(fs.filter((f) => f.ok).length, fs.length), f2(avg(fs.map((f) => f.confidence)))]);
    }
  }
  out.push(table(['type', 'field', ...fixtureGroups.map((g) => SHORT[g]), 'all', 'mean conf.'], fieldRows), '');

  // Per type totals, clean vs degraded
  out.push(`### Fields exact per type and set (${engine}, PSM auto)`, '');
  out.push(
    table(
      ['type', ...fixtureGroups.map((g) => SHORT[g])],
      types.map((t) => [
        t,
        ...fixtureGroups.map((g) => {
          const fs = fixtures.filter((r) => r.item.type === t && r.item.group === g).flatMap((r) => r.fields);
          return fs.length ? exact(fs) : '–';
        }),
      ]),
    ),
    '',
  );

  // SROIE per field and PSM
  const sroie = results.filter((r) => r.item.group === 'sroie');
  if (sroie.length) {
    out.push(`### SROIE receipts per field (${engine})`, '');
    const psms = [...new Set(sroie.map((r) => r.psm))];
    out.push(
      table(
        ['field (SROIE key)', ...psms.map((p) => `PSM ${p}`), ...psms.map((p) => `conf. right / wrong (${p})`)],
        Object.entries(SROIE_MAP).map(([k, [field]]) => {
          const per = psms.map((p) => sroie.filter((r) => r.psm === p).flatMap((r) => r.fields.filter((f) => f.field === field)));
          return [
            `${field} (${k})`,
            ...per.map((fs) => exact(fs)),
            ...per.map((fs) => `${f2(avg(fs.filter((f) => f.ok).map((f) => f.confidence)))} / ${f2(avg(fs.filter((f) => !f.ok && !f.missing).map((f) => f.confidence)))}`),
          ];
        }),
      ),
      '',
    );
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Per layout family, confidence reliability, SROIE F1, blind set

/** Fields exact per type and layout family, clean and degraded. */
function familyTable(rs: ItemResult[], groups: Group[]): string {
  const keys = [...new Set(rs.map((r) => `${r.item.type}|${r.item.family}`))].sort();
  return table(
    ['type', 'family', ...groups.map((g) => SHORT[g]), 'classification'],
    keys.map((k) => {
      const [type, family] = k.split('|');
      const mine = rs.filter((r) => r.item.type === type && r.item.family === family);
      return [
        type, family,
        ...groups.map((g) => {
          const fs = mine.filter((r) => r.item.group === g).flatMap((r) => r.fields);
          return fs.length ? exact(fs) : '–';
        }),
        frac(mine.filter((r) => r.predicted === r.item.type).length, mine.length),
      ];
    }),
  );
}

/** Confidence bins against observed accuracy, over the values returned (missing ones excluded). */
function reliability(fs: FieldResult[]): string {
  const bins = [0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.0001];
  const returned = fs.filter((f) => !f.missing);
  const rows = bins.slice(0, -1).map((lo, i) => {
    const hi = bins[i + 1];
    const inBin = returned.filter((f) => f.confidence >= lo && f.confidence < hi);
    return [`[${lo.toFixed(2)}, ${Math.min(1, hi).toFixed(2)}${hi > 1 ? ']' : ')'}`, inBin.length, inBin.length ? pct(inBin.filter((f) => f.ok).length, inBin.length) : '–', f2(avg(inBin.map((f) => f.confidence)))];
  });
  return table(['confidence', 'values', 'observed accuracy', 'mean confidence'], rows);
}

function calibrationLine(fs: FieldResult[]): string {
  const right = fs.filter((f) => f.ok);
  const wrong = fs.filter((f) => !f.ok && !f.missing);
  return `Mean confidence of right values ${f2(avg(right.map((f) => f.confidence)))} (target ≥ 0.85), of wrong values ${f2(avg(wrong.map((f) => f.confidence)))} (target ≤ 0.5); ${wrong.filter((f) => f.confidence >= 0.8).length}/${wrong.length} wrong values at ≥ 0.8.`;
}

/** SROIE Task 3 style: precision over values returned, recall over keys, F1 per field and overall. */
function sroieF1(rs: ItemResult[]): string {
  const rows: (string | number)[][] = [];
  const line = (label: string, fs: FieldResult[]) => {
    const tp = fs.filter((f) => f.ok).length;
    const returned = fs.filter((f) => !f.missing).length;
    const p = returned ? tp / returned : 0;
    const r = fs.length ? tp / fs.length : 0;
    const f1 = p + r ? (2 * p * r) / (p + r) : 0;
    rows.push([label, fs.length, returned, tp, f2(p), f2(r), `**${f2(f1)}**`]);
  };
  const all = rs.flatMap((r) => r.fields);
  for (const [k, [field]] of Object.entries(SROIE_MAP)) line(`${field} (${k})`, all.filter((f) => f.field === field));
  line('**all four**', all);
  const asInvoice = rs.filter((r) => r.predicted === 'INVOICE').length;
  return `${table(['field (SROIE key)', 'keys', 'returned', 'right', 'precision', 'recall', 'F1'], rows)}\n\nClassified as INVOICE: ${frac(asInvoice, rs.length)}.`;
}

function layoutReport(run: EngineRun): string {
  const out: string[] = [];
  const auto = serviceRows(run);
  const fixtures = auto.filter((r) => r.item.group === 'clean' || r.item.group === 'degraded');
  out.push(`### Fields exact per type and layout family (${run.engine}, tuned families)`, '');
  out.push(familyTable(fixtures, ['clean', 'degraded']), '');
  const fixtureFields = auto.filter((r) => r.item.group !== 'sroie').flatMap((r) => r.fields);
  out.push(`### Confidence reliability, fixtures (${run.engine})`, '', calibrationLine(fixtureFields), '', reliability(fixtureFields), '');
  const sroie = auto.filter((r) => r.item.group === 'sroie');
  if (sroie.length) out.push(`Tuned fixtures and SROIE receipts together: ${calibrationLine(auto.flatMap((r) => r.fields))}`, '');
  if (sroie.length) {
    const sf = sroie.flatMap((r) => r.fields);
    out.push(`### SROIE receipts: field F1 (${run.engine}, ${sroie.length} receipts)`, '', sroieF1(sroie), '', calibrationLine(sf), '', reliability(sf), '');
    for (const [label, half] of [['tuning half (000, 016, 032, ...)', sroie.filter((r) => !r.item.heldOut)], ['held-out half (008, 024, 040, ...: never looked at when tuning)', sroie.filter((r) => r.item.heldOut)]] as const) {
      if (half.length) out.push(`#### SROIE ${label}: field F1 (${run.engine}, ${half.length} receipts)`, '', sroieF1([...half]), '', calibrationLine(half.flatMap((r) => r.fields)), '');
    }
  }
  for (const set of LAYOUT_SETS) out.push(layoutSetReport(run.engine, set, (run.sets[set.name] ?? []).filter((r) => r.psm === 'auto')));
  return out.join('\n');
}

/** One layout set's section: summary, per family, per field, reliability. */
function layoutSetReport(engine: EngineName, set: LayoutSet, rs: ItemResult[]): string {
  if (!rs.length) return '';
  const out: string[] = [];
  const groups: Group[] = [set.name, `${set.name}-degraded`];
  const fs = rs.flatMap((r) => r.fields);
  out.push(`## ${set.title} (${engine})`, '');
  out.push(table(SUMMARY_HEAD, groups.map((g) => summaryRow(GROUP_LABEL[g], rs.filter((r) => r.item.group === g), true)).filter((row) => Number(row[1]) > 0)), '');
  if (!set.tuned) out.push('Targets (issue): classification ≥ 98%; fields ≥ 97% clean, ≥ 90% degraded.', '');
  out.push(`### ${set.name}: fields exact per type and family (${engine})`, '', familyTable(rs, groups), '');
  const fieldRows: (string | number)[][] = [];
  for (const t of [...new Set(rs.map((r) => r.item.type))]) {
    for (const n of [...new Set(rs.filter((r) => r.item.type === t).flatMap((r) => r.fields.map((f) => f.field)))]) {
      const of = (g?: Group) => rs.filter((r) => r.item.type === t && (!g || r.item.group === g)).flatMap((r) => r.fields.filter((f) => f.field === n));
      const cell = (g: Group) => (of(g).length ? `${of(g).filter((f) => f.ok).length}/${of(g).length}` : '–');
      fieldRows.push([t, n, cell(groups[0]), cell(groups[1]), f2(avg(of().map((f) => f.confidence)))]);
    }
  }
  out.push(`### ${set.name}: fields exact per type and field (${engine})`, '', table(['type', 'field', 'clean', 'degraded', 'mean conf.'], fieldRows), '');
  out.push(`### ${set.name}: confidence reliability (${engine})`, '', calibrationLine(fs), '', reliability(fs), '');
  return out.join('\n');
}

function report(runs: EngineRun[], meta: { seconds: number; reduced: boolean }): string {
  const out: string[] = [];
  out.push(`# Document accuracy per local OCR engine (${runs.map((r) => r.engine).join(', ')})`, '');
  const cmd = `npx tsx bench/accuracy.ts --engines ${runs.map((r) => r.engine).join(',')}${PER_TYPE !== 5 ? ` --per-type ${PER_TYPE}` : ''}${RECEIPTS !== 79 ? ` --receipts ${RECEIPTS}` : ''}${PSMS.join(',') !== 'auto,block' ? ` --psm ${PSMS.join(',')}` : ''}`;
  out.push(
    `Generated by \`${cmd}\` (seed ${SEED}, ${PER_TYPE} fixtures per type clean and ${PER_TYPE} degraded, plus the corpus PDFs; ${RECEIPTS} SROIE receipts)` +
      `${meta.reduced ? ' — a reduced run (the defaults are 5 per type and all 79 receipts) to fit both engines in ~10 minutes on the shared 2 cores' : ''}. ` +
      `Total wall time ${meta.seconds.toFixed(0)} s.`,
    '',
  );
  out.push('Targets (issue 10): on the blind layouts classification ≥ 98%, fields ≥ 97% clean and ≥ 90% degraded; SROIE field F1 ≥ 0.85; mean confidence of wrong values ≤ 0.5 (right ≥ 0.85).', '');
  out.push('Every row is what the service returns for the document with that engine (`OCR_ENGINE`): `recogniseDocument` with the engine\'s default segmentation, `classify`, `extractFields`, and for IMEI_CLOSEUP_IMAGE images the pipeline\'s own `withSparseReading` re-read, unless a row says otherwise.', '');
  out.push('## Summary per engine (service path, PSM auto)', '');
  out.push(overview(runs), '');
  if (runs.length > 1) {
    out.push('## Fields exact per type and set, engines side by side', '');
    out.push(sideBySide(runs), '');
  }
  for (const run of runs) out.push(engineReport(run), '', layoutReport(run), '');

  out.push('## Notes', '');
  out.push(
    '- **ASSET_OPEN_BOX_IMAGE is not in the document corpus**: it is decided from the face count, which `bench/faces.ts` measures. Classification here runs without a face count.',
    '- Classification is `classify(model)` on the OCR Blocks. Fields are extracted with the *expected* type (the pipeline uses the classified one), so a classification miss is counted once (in classification) and not again in every field; the IMEI sparse re-read likewise runs for every IMEI_CLOSEUP_IMAGE image.',
    '- Normalisation before exact match: names, addresses and other free text ignore case, whitespace and punctuation (`"12, MG Road,"` = `"12 mg road"`); identifiers (PAN, GSTIN, invoice/order numbers, mobile, IFSC, Aadhaar) ignore case and whitespace only; dates are compared as `DD/MM/YYYY` strings; amounts as numbers (±0.005); `imei_number` as a set; RAM/ROM ignore spaces (`8 GB` = `8GB`).',
    '- Aadhaar: all 12 digits are compared (extraction with `fullAadhaar: true` inside the bench); nothing but the masked form is ever printed.',
    '- Calibration: "conf. right" and "conf. wrong" are mean `confidence_score` of values that matched and of values that were returned but wrong; missing values (empty, confidence 0) are counted apart.',
    '- Fixture truth fields without an extracted field are not scored: Aadhaar gender; PAN is_original (an image signal); GST constitution_of_business; bank statement address and balances; e-bill provider and due date; FSSAI licensee, kind of business and issue date; Shop Act date of registration, employer and nature of business (the extractor returns valid_upto, which the fixture does not print); PO supplier GSTIN; Udyam major activity and date of incorporation.',
    '- DELIVERY_ORDER: the fixture\'s `dealership_name` is scored against the extracted `dealer_name`; GST_CERT `date_of_liability` against `date_of_registration` (the extractor falls back to the liability date).',
    '- SROIE receipts are Malaysian, not Indian: they test robustness on real scans. The `date` key is normalised to DD/MM/YYYY (`21/02/18`, `03 MAR 2018`, `25032018`), `total` to a number (`RM`/`$` removed). Their classification column shows the share classified as INVOICE (receipts are not always labelled as invoices) and is not part of the classification target.',
    '- IMEI_CLOSEUP_IMAGE: with PSM auto tesseract merges the "IMEI 1: …" line into the barcode printed under it and loses the first number; the pipeline therefore reads IMEI close-ups a second time with segmentation `sparse` (`withSparseReading` in the document core, called by the pipeline and by the bench) and keeps the better extraction. The "without the sparse re-read" rows show the first reading alone. PaddleOCR ignores the segmentation, so its re-read returns the same lines and costs a second full read.',
    '- PSM block (tesseract only) is run on the receipts by default (`--block-on clean,degraded,sroie` widens it): it is not what the service does; it shows what reading receipts as one block would change.',
    '- s/page: wall time per page of the engine calls the service makes for the document (`recogniseDocument`, plus the IMEI re-read), measured when the page was read (kept in the cache). tesseract: 2 workers, two documents in flight (each has about one core); PaddleOCR: one document at a time (onnxruntime uses both cores for one page). Shared 2-core machine: timings vary ±2× with other load. Text-layer PDF pages cost no OCR.',
  );
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------

async function pool<T, R>(xs: T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, xs.length) }, async () => {
      while (next < xs.length) {
        const i = next++;
        out[i] = await fn(xs[i]);
      }
    }),
  );
  return out;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const clean = (await cachedCorpus({ seed: SEED, perType: PER_TYPE, degraded: false, pdfs: true })).filter((f) => !TYPES || TYPES.includes(f.type));
  const degraded = (await cachedCorpus({ seed: SEED, perType: PER_TYPE, degraded: true, pdfs: false })).filter((f) => !TYPES || TYPES.includes(f.type));
  const items: Item[] = [
    ...clean.map((f) => fixtureItem(f, f.degradation.startsWith('pdf') ? 'pdf' : 'clean')),
    ...degraded.map((f) => fixtureItem(f, 'degraded')),
    ...(TYPES && !TYPES.includes('INVOICE') ? [] : sroieItems(SROIE, RECEIPTS)),
  ];
  for (const set of LAYOUT_SETS) {
    const its = await layoutSetItems(set);
    items.push(...its);
    if (set.perLayout > 0 && !its.length) console.error(`note: no ${set.name} layout set (test/fixtures/documents/${set.folder}); its section is skipped`);
  }
  if (RECEIPTS > 0 && !items.some((i) => i.group === 'sroie')) console.error(`note: no SROIE receipts at ${SROIE}; receipts are skipped`);

  const runs: EngineRun[] = [];
  for (const name of ENGINES) {
    const started = performance.now();
    const engine = new CachedEngine(CREATE[name]());
    // The service reads with the engine's default segmentation; extra PSMs are a tesseract notion.
    const psms = name === 'tesseract' ? PSMS : PSMS.filter((p) => p === 'auto');
    const jobs = psms.flatMap((psm) => items.filter((i) => psm === 'auto' || EXTRA_PSM_ON.includes(i.group)).map((item) => ({ item, psm })));
    let done = 0;
    try {
      const results = await pool(jobs, CONCURRENCY[name], async ({ item, psm }) => {
        const r = await runDocument(engine, name, item, psm);
        done++;
        if (r.calls.fresh) process.stderr.write(`\r[${name}] ${done}/${jobs.length} ${item.id} (${psm}) ${r.seconds.toFixed(1)} s      `);
        return r;
      });
      process.stderr.write('\n');
      // Layout sets are reported apart, never mixed into the fixture tables.
      const setOf = (r: ItemResult) => LAYOUT_SETS.find((s) => r.item.group === s.name || r.item.group === `${s.name}-degraded`);
      const sets = Object.fromEntries(LAYOUT_SETS.map((s) => [s.name, results.filter((r) => setOf(r) === s)]));
      runs.push({ engine: name, results: results.filter((r) => !setOf(r)), sets, seconds: (performance.now() - started) / 1000 });
    } finally {
      await engine.close();
    }
  }
  await letters?.close();

  const md = report(runs, { seconds: (performance.now() - t0) / 1000, reduced: PER_TYPE < 5 || RECEIPTS < 79 });
  console.log(md);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, md);
  console.error(`wrote ${OUT}`);
  if (DUMP) {
    // Values only of what may be tuned on: never a held-out item's (blind sets, the held-out SROIE half).
    const rows = runs
      .flatMap((run) => [...run.results, ...Object.values(run.sets).flat()])
      .flatMap((r) => r.fields.map((f) => ({ group: r.item.group, psm: r.psm, family: r.item.heldOut ? '' : r.item.family, type: f.type, field: f.field, ok: f.ok, missing: f.missing, confidence: f.confidence, item: r.item.heldOut ? '' : f.item, ...(r.item.heldOut ? {} : { got: f.got, want: f.want }) })));
    writeFileSync(DUMP, rows.map((x) => JSON.stringify(x)).join('\n'));
  }
  if (SHOW_MISSES) {
    // Held-out items (blind sets, the held-out SROIE half) are never looked at: no tuning on them.
    for (const r of runs.flatMap((run) => [...run.results, ...Object.values(run.sets).flat()]).filter((x) => !x.item.heldOut)) {
      if (r.predicted !== r.item.type && r.item.group !== 'sroie') console.log(`CLASS [${r.engine}] ${r.item.id} [${r.psm}] -> ${r.predicted} (${r.classConfidence})`);
      for (const f of r.fields.filter((x) => !x.ok)) {
        console.log(`MISS [${r.engine}] ${r.item.id} (${r.item.family}) [${r.psm}] ${f.field}: got ${JSON.stringify(f.got)} (${f.confidence}) want ${JSON.stringify(f.want)}`);
      }
    }
  }
}

await main();
