/** Building blocks of classification cues (types/<type>.ts declare the cues themselves). */
import type { Cue } from './declaration.ts';
import { isValidAadhaar, isValidGstin, isValidIfsc, isValidImei, isValidPan, isValidUdyam } from './validators.ts';

export const re = (name: string, weight: number, rx: RegExp): Cue => ({ name, weight, test: (t) => rx.test(t) });
// Patterns use spaces, never \s: a number must not join digits across a line break.
const tokens = (t: string, rx: RegExp) => [...t.matchAll(rx)].map((m) => m[0].replace(/[ -]/g, ''));

const anyValid = (rx: RegExp, valid: (s: string) => boolean) => (t: string) => tokens(t, rx).some(valid);
/**
 * A Verhoeff-valid 12-digit number: alone, or printed twice on one line (an e-Aadhaar's cut-out
 * card beside the letter's copy: "5741 7877 6065 5741 7877 6065"); never 12 digits of a 16-digit
 * VID ("9123 4567 8901 2345").
 */
export const hasAadhaar = (t: string): boolean =>
  [...t.matchAll(/(?<![\d-])\d{4}(?:[ -]?\d{4})+(?![\d-])/g)].some((m) => {
    const digits = m[0].replace(/[ -]/g, '');
    return (digits.length === 12 || (digits.length === 24 && digits.slice(0, 12) === digits.slice(12))) && isValidAadhaar(digits.slice(0, 12));
  });
export const hasPan = anyValid(/(?<![A-Z0-9])[A-Z]{5}\d{4}[A-Z](?![A-Z0-9])/g, isValidPan);
export const hasGstin = anyValid(/(?<![A-Z0-9])\d{2}[A-Z0-9]{13}(?![A-Z0-9])/g, isValidGstin);
export const hasImei = anyValid(/(?<!\d)\d{15}(?!\d)/g, isValidImei);
export const hasIfsc = anyValid(/(?<![A-Z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Z0-9])/g, isValidIfsc);
export const hasUdyam = anyValid(/UDYAM-[A-Z]{2}-\d{2}-\d{7}/g, isValidUdyam);

/**
 * The header row of a priced item table: quantity, rate or price, and amount on one line ("Description | HSN |
 * Qty | Rate | Amount"). Bills, orders and statements of goods print one; a phone's label or screen never does.
 */
export const hasItemTable = (t: string): boolean =>
  t.split('\n').some((l) => /\b(?:qty|quantity)\b/i.test(l) && /\b(?:rate|price|mrp)\b/i.test(l) && /\b(?:amount|amt|value|total)\b/i.test(l));

const DATED_ROW = /^\s*\d{1,2}[-/. ](?:\d{1,2}|[A-Za-z]{3})[-/. ]\d{2,4}\b.*\d\.\d{2}\s*(?:\(?(?:Dr|Cr)\)?\.?)?\s*$/;
/** Four or more lines of a transaction ledger: a date first, an amount with paise last (the balance). */
export function datedBalanceRows(text: string): boolean {
  return text.split('\n').filter((l) => DATED_ROW.test(l)).length >= 4;
}
