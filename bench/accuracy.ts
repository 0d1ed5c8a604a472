/**
 * End-to-end accuracy of the document service's local path, per local OCR engine: OCR
 * (`recogniseDocument`) -> classify -> extractFields -> for IMEI_CLOSEUP_IMAGE images the
 * pipeline's own sparse re-read (`withSparseReading`, imported from functions/pipeline/
 * extractFields.ts), scored against ground truth.
 *
 *   npx tsx bench/accuracy.ts [--engines tesseract,paddle] [--per-type N] [--receipts N]
 *                             [--sroie DIR] [--seed N] [--psm auto,block]
 *                             [--block-on clean,degraded,pdf,sroie] [--types T1,T2]
 *                             [--no-cache] [--misses] [--out FILE]
 *
 * --engines: local engines to measure, each one after the other (default tesseract,paddle;
 * hybrid is accepted too). Each gets the same tables; a summary table compares them.
 *
 * Sets: the synthetic fixture corpus (test/fixtures/documents) clean and degraded (--per-type
 * per type, default 3) plus its PDFs, and --receipts (default 30) real receipts from SROIE 2019
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
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentModel, classify, extractFields, type Block, type DocumentType, type ExtractionResult } from '#core/documents/index.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import type { OcrEngine, PageSegmentation, RecogniseOptions } from '#adapters/ocr/engine.ts';
import { isPdf } from '#adapters/ocr/pdf.ts';
import { createTesseractEngine } from '#adapters/ocr/tesseract.ts';
import { createPaddleEngine } from '#adapters/ocr/paddle.ts';
import { createHybridEngine } from '#adapters/ocr/hybrid.ts';
import { withSparseReading } from '../functions/pipeline/extractFields.ts';
import { cachedCorpus, type Fixture, type FixtureDocumentType } from '../test/fixtures/documents/generate.ts';

const ENGINE_NAMES = ['tesseract', 'paddle', 'hybrid'] as const;
type EngineName = (typeof ENGINE_NAMES)[number];
/** The local engines as the service creates them (functions/pipeline/engines.ts). */
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
const PER_TYPE = Number(arg('--per-type', '3'));
const RECEIPTS = Number(arg('--receipts', '30'));
const SEED = Number(arg('--seed', '1'));
const SROIE = arg('--sroie', resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/datasets/sroie2019-zzzdavid'));
const PSMS = arg('--psm', 'auto,block').split(',') as PageSegmentation[];
/** Sets read a second time with each extra PSM (the extra pass is cheap only on small sets). */
const EXTRA_PSM_ON = arg('--block-on', 'sroie').split(',');
const USE_CACHE = !argv.includes('--no-cache');
const TYPES = argv.includes('--types') ? (arg('--types', '').split(',') as FixtureDocumentType[]) : undefined;
const ENGINES = arg('--engines', 'tesseract,paddle').split(',').map((e) => e.trim()).filter(Boolean) as EngineName[];
for (const e of ENGINES) if (!ENGINE_NAMES.includes(e)) throw new Error(`unknown engine '${e}' (${ENGINE_NAMES.join(', ')})`);
const SHOW_MISSES = argv.includes('--misses');
const OUT = arg('--out', resolve(dirname(fileURLToPath(import.meta.url)), 'results/accuracy.md'));
const CACHE_DIR = join(tmpdir(), 'docstream-ocr-cache');

// ---------------------------------------------------------------------------------------------
// Comparison (the documented normalisation)

type Cmp = 'text' | 'id' | 'date' | 'amount' | 'imeis' | 'compact' | 'aadhaar';

/** Names and addresses: case, whitespace and punctuation ignored ("W/O: Arjun," = "wo arjun"). */
export function normText(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function same(cmp: Cmp, got: unknown, want: unknown): boolean {
  if (got === null || got === undefined || got === '' || (Array.isArray(got) && got.length === 0)) return false;
  switch (cmp) {
    case 'text':
      return normText(String(got)) === normText(String(want));
    case 'id': // identifiers: case and surrounding/inner whitespace ignored, punctuation kept
    case 'aadhaar':
      return String(got).replace(/\s+/g, '').toUpperCase() === String(want).replace(/\s+/g, '').toUpperCase();
    case 'compact': // "8 GB" = "8GB"
      return String(got).replace(/\s+/g, '').toUpperCase() === String(want).replace(/\s+/g, '').toUpperCase();
    case 'date':
      return String(got) === String(want);
    case 'amount':
      return typeof got === 'number' && Math.abs(got - Number(want)) < 0.005;
    case 'imeis': {
      const a = new Set((got as string[]).map(String));
      const b = new Set((want as string[]).map(String));
      return a.size === b.size && [...a].every((x) => b.has(x));
    }
  }
}

/** Malaysian receipt dates (SROIE keys) to DD/MM/YYYY: 25/12/2018, 21/02/18, 19-03-2018, 03 MAR 2018, 30 DEC 17, 25032018. */
export function normaliseReceiptDate(s: string): string | undefined {
  const MON = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const y4 = (y: string) => (y.length === 2 ? `20${y}` : y);
  const p2 = (n: string) => n.padStart(2, '0');
  const t = s.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (m) return `${p2(m[1])}/${p2(m[2])}/${y4(m[3])}`;
  m = /^(\d{1,2})\s*([A-Za-z]{3})[A-Za-z]*\s*(\d{2}|\d{4})$/.exec(t);
  if (m && MON.includes(m[2].toLowerCase())) return `${p2(m[1])}/${p2(String(MON.indexOf(m[2].toLowerCase()) + 1))}/${y4(m[3])}`;
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// What is scored per type: fixture truth field -> extracted field and comparison

/**
 * Fixture truth fields scored per type. Truth fields without an extracted counterpart (gender,
 * due_date, opening_balance, …) are not scored; the table notes list them.
 */
const FIELD_MAP: Record<FixtureDocumentType, Record<string, [string, Cmp]>> = {
  INVOICE: {
    dealership_name: ['dealership_name', 'text'], dealer_address: ['dealer_address', 'text'], dealer_gst: ['dealer_gst', 'id'],
    customer_name: ['customer_name', 'text'], customer_address: ['customer_address', 'text'],
    customer_mobile_number: ['customer_mobile_number', 'id'], invoice_number: ['invoice_number', 'id'],
    invoice_date: ['invoice_date', 'date'], total_invoice_amount: ['total_invoice_amount', 'amount'],
  },
  IMEI_CLOSEUP_IMAGE: {
    model: ['model', 'text'], ram: ['ram', 'compact'], rom: ['rom', 'compact'], imei_number: ['imei_number', 'imeis'], price: ['price', 'amount'],
  },
  AADHAAR: { name: ['name', 'text'], date_of_birth: ['date_of_birth', 'date'], address: ['address', 'text'], aadhaar_number: ['aadhaar_number', 'aadhaar'] },
  PAN: { name_as_per_pan: ['name_as_per_pan', 'text'], pan_number: ['pan_number', 'id'], dob: ['dob', 'date'], father_name: ['father_name', 'text'] },
  DELIVERY_ORDER: {
    dealership_name: ['dealer_name', 'text'], dealer_address: ['dealer_address', 'text'], customer_name: ['customer_name', 'text'],
    customer_mobile_number: ['customer_mobile_number', 'id'], order_number: ['order_number', 'id'], order_date: ['order_date', 'date'],
    asset_model: ['asset_model', 'text'], amount: ['amount', 'amount'],
  },
  GST_CERT: {
    gstin: ['gstin', 'id'], legal_name: ['legal_name', 'text'], trade_name: ['trade_name', 'text'], address: ['address', 'text'],
    date_of_liability: ['date_of_registration', 'date'],
  },
  BANK_STATEMENT: {
    bank_name: ['bank_name', 'text'], account_holder_name: ['account_holder', 'text'], account_number: ['account_number', 'id'], ifsc: ['ifsc', 'id'],
    statement_from: ['period_from', 'date'], statement_to: ['period_to', 'date'],
  },
  EBILL: {
    consumer_name: ['consumer_name', 'text'], consumer_number: ['consumer_number', 'id'], address: ['address', 'text'],
    bill_date: ['bill_date', 'date'], amount_payable: ['amount_due', 'amount'],
  },
  FSSAI_CERTIFICATE: { license_number: ['license_number', 'id'], business_name: ['business_name', 'text'], address: ['address', 'text'], valid_upto: ['valid_upto', 'date'] },
  SHOP_ACT_LICENSE: { registration_number: ['registration_number', 'id'], establishment_name: ['establishment_name', 'text'], address: ['address', 'text'] },
  PURCHASE_ORDER: {
    po_number: ['po_number', 'id'], po_date: ['po_date', 'date'], buyer_name: ['buyer_name', 'text'], supplier_name: ['supplier_name', 'text'],
    total_amount: ['total_amount', 'amount'],
  },
  UDYAM_CERT: {
    udyam_number: ['udyam_number', 'id'], enterprise_name: ['enterprise_name', 'text'], enterprise_type: ['enterprise_type', 'id'],
    address: ['address', 'text'], date_of_registration: ['date_of_registration', 'date'],
  },
};

/** SROIE key -> INVOICE field. */
const SROIE_MAP: Record<string, [string, Cmp]> = {
  company: ['dealership_name', 'text'],
  date: ['invoice_date', 'date'],
  address: ['dealer_address', 'text'],
  total: ['total_invoice_amount', 'amount'],
};

// ---------------------------------------------------------------------------------------------
// Items

type Group = 'clean' | 'degraded' | 'pdf' | 'sroie';
interface Expect { truthField: string; field: string; cmp: Cmp; value: unknown }
interface Item { id: string; group: Group; type: FixtureDocumentType; bytes: Buffer; pages: number; expect: Expect[] }

function fixtureItem(f: Fixture, group: Group): Item {
  const expect = Object.entries(FIELD_MAP[f.type])
    .filter(([t]) => f.truth[t] !== undefined)
    .map(([t, [field, cmp]]) => ({ truthField: t, field, cmp, value: f.truth[t] }));
  return { id: f.id, group, type: f.type, bytes: f.bytes, pages: f.pages, expect };
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
      const raw = String(key[kf] ?? '').trim();
      if (!raw) continue;
      const value = kf === 'total' ? Number(raw.replace(/^(?:RM|\$)\s*/i, '').replace(/,/g, '')) : kf === 'date' ? normaliseReceiptDate(raw) : raw;
      if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) continue;
      expect.push({ truthField: kf, field, cmp, value });
    }
    return { id: `sroie-${id}`, group: 'sroie' as const, type: 'INVOICE' as const, bytes: readFileSync(join(dir, 'img', `${id}.jpg`)), pages: 1, expect };
  });
}

