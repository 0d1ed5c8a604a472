/** GST registration certificate (Form GST REG-06): gstin, legal_name, trade_name, address, date_of_registration. */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import { readGstin } from '../validators.ts';
import { gstinCandidates } from './gstin.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { cleanName, field, hasPincode, idField, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { addressByLabels, captionsUnderValues, cleanBusinessName, continuedDown, dateAfterLabel, edgeCutValue, finishAddress, isLabelText, notRefused, textByLabels, valueOverCaption } from './certificate.ts';
import { findDates } from '../validators.ts';

const NEXT_ITEM = /^\s*\d{1,2}\s*[.)]\s/;
const STOP = new RegExp(`${NEXT_ITEM.source}|^\\s*(?:date|constitution|type|period|additional|details|nature|jurisdiction|state\\s*jurisdiction|centre\\s*jurisdiction)`, 'i');
/** Addresses the certificate prints besides the principal place: annexure places, godowns, branches. */
const NOT_PRINCIPAL = /additional|godown|warehouse|branch|other\s*(?:office|place)|annexure/i;

const GSTIN_LABEL = /\b(?:GSTIN|registration\s*(?:no|number))\b\.?\s*[:\-]?\s*/i;

/**
 * The GSTIN OCR split in two on its row ("Registration Number : 36GODHP93," and "85A3Z0" beside it):
 * the pieces after the label joined, kept only when the checksum confirms the 15 characters (scored
 * as one repair more).
 */
function splitGstin(model: DocumentModel): { value: string; valid: boolean; repairs: number; words: Word[] } | undefined {
  for (const x of model.findLines(GSTIN_LABEL)) {
    const from = x.match.index + x.match[0].length;
    const head = x.line.text.slice(from).trim();
    const right = model.lineRightOf(x.line);
    if (!right || !/^[0-9A-Z]{2,13}[,.]?$/i.test(head)) continue;
    const tail = right.text.trim().split(/\s+/)[0];
    const raw = `${head.replace(/[,.]$/, '')}${tail}`;
    if (raw.length !== 15) continue;
    const r = readGstin(raw);
    if (r.valid) return { value: r.value, valid: true, repairs: r.repairs, words: [...model.wordsInRange(x.line, from, x.line.text.length), ...right.words.slice(0, 1)] };
  }
  return undefined;
}

/** A GSTIN's own key ending where the number starts: "GSTIN :", "Search Result based on GSTIN/UIN :" (a column header has no colon). */
const GSTIN_KEY = /\b(?:GSTIN(?:\s*\/\s*UIN)?|registration\s*(?:no|number))\b\.?\s*[:：\-]\s*$/i;

/**
 * Of several valid GSTINs (a search by PAN lists the PAN's registrations in every state), the one
 * its key names: the key before it on its line, or ending the line above it. Undefined when the
 * page prints one GSTIN only or no key decides.
 */
function keyedGstin<T extends { value: string; valid: boolean; words: Word[]; line: Line }>(model: DocumentModel, hits: readonly T[]): T | undefined {
  const valid = hits.filter((h) => h.valid);
  if (new Set(valid.map((h) => h.value)).size < 2) return undefined;
  return valid.find((h) => {
    const before = h.line.text.slice(0, h.words[0]?.start ?? 0);
    const above = model.linesBefore(h.line, 1)[0];
    return GSTIN_KEY.test(before) || (!before.trim() && !!above && GSTIN_KEY.test(above.text));
  });
}

/** A GSTIN read as one word of sixteen characters (a letter read twice, "…M82ZV" for "…M8ZV"; its check J read as ")", "…A72Z)"). */
const GSTIN_PLUS_ONE = /(?<![A-Za-z0-9])[A-Za-z0-9]{15}[A-Za-z0-9)](?![A-Za-z0-9])/g;

/**
 * A GSTIN read with one character too many: the one removal the check character confirms, a
 * repair. Never when removals needing as few look-alike repairs disagree.
 */
function gstinsPlusOne(model: DocumentModel): { value: string; valid: boolean; repairs: number; words: Word[]; line: Line }[] {
  return model.findAll(GSTIN_PLUS_ONE).flatMap((m) => {
    const raw = m.match[0];
    const valid = [...raw].map((_, i) => readGstin(raw.slice(0, i) + raw.slice(i + 1))).filter((r) => r.valid);
    // (the removals needing the fewest look-alike repairs: a second reading that needs more is the checksum's chance agreement)
    const fewest = Math.min(...valid.map((r) => r.repairs));
    const reads = valid.filter((r) => r.repairs === fewest);
    return new Set(reads.map((r) => r.value)).size === 1 ? [{ value: reads[0].value, valid: true, repairs: reads[0].repairs + 1, words: m.words, line: m.line }] : [];
  });
}

/** REG-06's captions, fixed by the rules: a scan's edge may cut their starts off (see `edgeCutValue`). */
const REG06_CAPTIONS = [
  'Registration Number', 'Legal Name', 'Trade Name, if any', 'Constitution of Business', 'Address of Principal Place of Business',
  'Date of Liability', 'Period of Validity', 'Type of Registration', 'Particulars of Approving Authority', 'Date of issue of Certificate',
];

/** A field's value beside its REG-06 caption cut by the scan's edge. */
function besideCutCaption(model: DocumentModel, caption: string, clean: (s: string) => string): ExtractedField | undefined {
  const seg = edgeCutValue(model, caption, REG06_CAPTIONS);
  const v = seg && clean(seg.text);
  return seg && v ? field(v, seg.words, { kind: 'labelled', via: 'pair' }) : undefined;
}

/** Ceiling for a GSTIN chosen among several valid ones that no key tells apart (a PAN's registrations listed by state). */
export const UNKEYED_GSTIN_CAP = 0.5;

export const extractGstCert: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const read = gstinCandidates(model);
  // (every GSTIN on the page read a character long: the confirmed removals stand for them)
  const gstins = read.some((x) => x.valid) ? read : [...gstinsPlusOne(model), ...read];
  const keyed = keyedGstin(model, gstins);
  const g = keyed ?? gstins.find((x) => x.valid) ?? gstins[0];
  if (g?.valid) found.gstin = idField({ ...g, check: 'checksum' }, g.words);
  else {
    const joined = splitGstin(model);
    if (joined) found.gstin = idField({ ...joined, check: 'checksum', repairs: joined.repairs + 1 }, joined.words);
    else if (g) found.gstin = idField({ ...g, check: 'checksum' }, g.words);
  }

  const distinct = new Set(gstins.filter((x) => x.valid).map((x) => x.value)).size;
  if (found.gstin && !keyed && distinct >= 2) found.gstin = { ...found.gstin, confidence_score: Math.min(found.gstin.confidence_score, UNKEYED_GSTIN_CAP) };

  const all = ['legal_name', 'trade_name', 'address', 'date_of_registration'].flatMap((f) => V(f).labels);
  const name = (f: string) =>
    textByLabels(model, V(f).labels, { clean: cleanBusinessName, allLabels: all }) ??
    labelledText(model, V(f).labels, { ...VIA, clean: cleanBusinessName, accept: (s) => !isLabelText(s, all) });
  // A certificate typed over its captions (each value on a rule, its caption under it): the cell above each caption.
  if (captionsUnderValues(model)) {
    const over = (f: string, opts: { lines?: number; part?: (t: string) => boolean; join?: string; spill?: boolean }) => {
      const v = valueOverCaption(model, V(f).labels, all, opts);
      return v && typeof v.value === 'string' ? { ...v, value: f === 'address' ? v.value : cleanBusinessName(v.value) } : v;
    };
    // (a long firm name wraps in its half-width cell: its lines joined by a space)
    found.legal_name = over('legal_name', { lines: 3, join: ' ', part: (t) => !/\d{4}/.test(t) });
    found.trade_name = over('trade_name', { lines: 3, join: ' ', part: (t) => !/\d{4}/.test(t) });
    // (an address's lines carry a number or a comma; the caption above it carries neither)
    found.address = over('address', { lines: 4, spill: true, part: (t) => /\d|,/.test(t) });
  }
  // (a long firm name beside its caption wraps in the details column: its lines under it joined by a space)
  found.legal_name ??= continuedDown(model, name('legal_name'), all) ?? besideCutCaption(model, 'Legal Name', cleanBusinessName);
  found.trade_name ??= continuedDown(model, name('trade_name'), all) ?? besideCutCaption(model, 'Trade Name, if any', cleanBusinessName);
  // The principal place of business: pairs, wrapped keys, parts; never an additional place.
  const refused: string[] = [];
  // The principal place's own key read line by line (its value under it, no pair formed) comes before a
  // generic "Address" key, which on REG-06 also heads the additional places table.
  // (a label naming the principal place, not one where "principal" is optional: "Additional Place of Business" is another place)
  const principal = labelledAddress(model, V('address').labels.filter((l) => /principal/.test(l.source.replace(/\(\?:principal\\s\*\)\?/g, ''))), { maxLines: 4, stop: STOP });
  found.address ??=
    addressByLabels(model, V('address').labels, { avoid: NOT_PRINCIPAL, stop: STOP, refused }) ??
    (principal && hasPincode(String(principal.value)) ? principal : undefined) ??
    notRefused(addressForKey(model, V('address').labels, { stop: STOP }) ?? labelledAddress(model, V('address').labels, { maxLines: 4, stop: STOP }), refused);
  if (found.address && typeof found.address.value === 'string') found.address.value = finishAddress(found.address.value);
  found.date_of_registration = labelledDate(model, V('date_of_registration').labels, VIA) ?? dateAfterLabel(model, V('date_of_registration').labels);
  // (the liability date, else the validity's "From" date: a regular registration's start)
  for (const caption of ['Date of Liability', 'Period of Validity']) {
    if (found.date_of_registration) break;
    // (the cell the date alone, after a "From": a stamp's strokes beside it, "13.07.01\" —\ ~", leave its year in doubt)
    found.date_of_registration = besideCutCaption(model, caption, (t) => {
      const d = findDates(t)[0];
      return d && /^\s*(?:from\s*)?$/i.test(t.slice(0, d.index)) && !t.slice(d.index + d.length).trim() ? d.value : '';
    });
  }

  return { found };
};
