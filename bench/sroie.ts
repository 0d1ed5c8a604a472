/**
 * The SROIE 2019 receipts as the benches read them (../shared/datasets/sroie2019-zzzdavid, README
 * there): which half is held out, and their keys as INVOICE truth. The held-out half (file numbers
 * 008, 024, 040, ...: number % 16 = 8) is scored by bench:accuracy and never looked at when tuning.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Cmp } from '../test/fixtures/documents/score.ts';

/** `DATASETS_DIR` overrides where the shared datasets are (a worktree or a clone outside the project's folder). */
const DATASETS_DIR = process.env.DATASETS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/datasets');
export const SROIE_DIR = join(DATASETS_DIR, 'sroie2019-zzzdavid');

/** SROIE key -> INVOICE field and how it is compared. */
export const SROIE_MAP: Record<string, [string, Cmp]> = {
  company: ['dealership_name', 'text'],
  date: ['invoice_date', 'date'],
  address: ['dealer_address', 'text'],
  total: ['total_invoice_amount', 'amount'],
};

export const sroieHeldOut = (id: string) => Number(id) % 16 === 8;

/** File numbers of the tuning half in `dir` (000, 016, 032, ...), in order. */
export function sroieTuningIds(dir = SROIE_DIR): string[] {
  return readdirSync(join(dir, 'key')).map((f) => f.replace('.json', '')).filter((id) => !sroieHeldOut(id)).sort();
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

/** One SROIE key's value as the INVOICE field holds it: totals as numbers (RM/$ dropped), dates DD/MM/YYYY. */
export function sroieValue(key: string, raw: string): string | number | undefined {
  const t = raw.trim();
  if (!t) return undefined;
  if (key === 'total') {
    const n = Number(t.replace(/^(?:RM|\$)\s*/i, '').replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return key === 'date' ? normaliseReceiptDate(t) : t;
}
