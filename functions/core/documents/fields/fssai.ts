/** FSSAI licence/registration: license_number (14 digits), business_name, address, valid_upto. */
import type { DocumentModel, Word } from '../blocks.ts';
import { cleanName, field, labelledAddress, labelledText, tidy, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { SPLIT_CELL_CAP } from '../confidence.ts';
import { addressForKey } from './layoutFields.ts';
import { addressByLabels, anniversaryValidity, captionsUnderValues, continuedDown, valueOverCaption, nameAboveAddress, onlyPinAddress, labelledValidUpto, cleanBusinessName, finishAddress, isLabelText, notRefused, proseAddress, proseId, proseName, checkedAgainst, proseValidUpto, textByLabels, validityAfterGarbledLabel } from './certificate.ts';

/** 14 digits, grouped or printed one per box ("1 2 3 4 …"): at most one space between two digits. */
const FOURTEEN = /(?<!\d)(\d(?: ?\d){13})(?!\d)/;
// (a central or state licence names its kind: "Central Licence No.")
const NUMBER_LABEL = /(?:fssai\s*)?(?:(?:central|state)\s*)?(?:licen[cs]e|lic\.?|registration|regn?\.?)\s*(?:n[o0]|number|#)\.?/i;
/** The licensee's own (registered office, correspondence) address is not the premises'. */
const NOT_PREMISES = /registered\s*office|licensee|correspondence|communication|residen|head\s*office/i;
const ADDRESS_STOP = /^\s*(?:kind|category|type|valid|date|issued|signature|\d+\.|name|proprietor|mobile|e-?mail|food\s*categor)/i;
/** A person's title before a name (a firm's "M/s" is not one). */
const PERSON_TITLE = /^\s*(?:Smt|SMT|Srimati|Shrimati|Mr|MR|Mrs|MRS|Ms|Kum|Kumari)\.?\s+\p{Lu}/u;
/** "Shri" also begins firms' names ("Shri Ganesh Sweets"): a person only as "Shri" and two or three name words. */
const SHRI_PERSON = /^\s*(?:Shri|SHRI)\.?\s+\p{Lu}[\p{L}.]*(?:\s+\p{Lu}[\p{L}.]*){1,2}\s*$/u;
const BUSINESS_WORD = /\b(?:stall|centre|center|cart|kiosk|foods?|sweets?|traders?|stores?|enterprises?|restaurant|hotel|dhaba|bakery|bakes|cafe|caterers?|kitchen|corner|bhandar|mart|agency|industries|company|limited|ltd|llp|pvt)\b/i;
const titledPerson = (s: string) => PERSON_TITLE.test(s) || (SHRI_PERSON.test(s) && !BUSINESS_WORD.test(s));
/** Ceiling for a business name that reads as a titled person. */
export const TITLED_PERSON_CAP = 0.5;
/**
 * "Name and (Registered Office) Address of Licensee": the business is the name before the address.
 * A second name after a slash is the same party ("Name of the Licensee / Company").
 */
const LICENSEE = /name\s*(?:(?:and|&)\s*(?:registered\s*(?:office\s*)?)?address\s*)?of\s*(?:the\s*)?(?:licensee|registrant|food\s*business\s*operator|fbo|company)(?:\s*\/\s*(?:licensee|company|firm|fbo))?/i;

/**
 * The 14 digits read as two pieces on one row ("2327913168706" and "4": a photo's glare or a box
 * edge split the number), on the label's row or the row under it: joined when together they make
 * exactly 14 digits (a repair, scored as one).
 */
function splitNumber(model: DocumentModel): { value: string; words: Word[] } | undefined {
  const lay = model.layout;
  for (const label of lay.segments.filter((s) => NUMBER_LABEL.test(s.text) && !lay.isProseLine(s.line))) {
    const ri = lay.rows.findIndex((r) => r.includes(label));
    for (const row of lay.rows.slice(ri, ri + 2)) {
      const pieces = row.filter((s) => s !== label && /^\d[\d ]*$/.test(s.text.trim()));
      const value = pieces.map((s) => s.text.replace(/\s/g, '')).join('');
      if (pieces.length >= 2 && /^\d{14}$/.test(value)) return { value, words: pieces.flatMap((s) => s.words) };
    }
  }
  return undefined;
}

/** A digit box's glyph OCR read as a letter: the box edge squeezes 0 into `e`/`o`/`D`, 1 into `l`/`I`, … */
const BOX_GLYPH: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', e: '0', I: '1', l: '1', i: '1', Z: '2', z: '2', S: '5', s: '5', G: '6', B: '8', g: '9' };

/**
 * The number printed one digit per box, read by OCR with the box edges as bars or brackets
 * ("|1]e]e|1]1]8]e[8]1]8]|0]7]5]4]"): after the number's label on its line, every cell between edges one
 * glyph, 14 of them, a licence's or registration's leading 1 or 2. A letter read for a digit is a
 * repair; a cell of two glyphs or a slash (a 1 or an edge?) is not read.
 */
export function boxedNumber(model: DocumentModel): { value: string; words: Word[]; repairs: number } | undefined {
  for (const x of model.findLines(NUMBER_LABEL)) {
    if (model.layout.isProseLine(x.line)) continue;
    const from = x.match.index + x.match[0].length;
    const rest = x.line.text.slice(from);
    const at = rest.search(/[|[\]]/);
    if (at < 0 || !/^[\s.:;,‖]*$/.test(rest.slice(0, at))) continue;
    const cells = rest.slice(at).split(/[|[\]\s‖]+/).filter(Boolean);
    if (cells.length !== 14 || cells.some((c) => c.length !== 1 || !(/\d/.test(c) || c in BOX_GLYPH))) continue;
    const value = cells.map((c) => (/\d/.test(c) ? c : BOX_GLYPH[c])).join('');
    if (!/^[12]/.test(value)) continue;
    return { value, words: model.wordsInRange(x.line, from + at, x.line.text.length), repairs: cells.filter((c) => !/\d/.test(c)).length };
  }
  return undefined;
}

/**
 * A name read across a break OCR left in its line ("M/s. Keshav C. ‖ Private Limited" from a blurred
 * "Keshav Caterers Restaurants Private Limited"): two cells of one line, both inside the value, so
 * words between them were lost.
 */
function acrossCellBreak(model: DocumentModel, value: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const v = ` ${norm(value)} `;
  return model.lines.some((l) => {
    const cells = model.layout.segments.filter((s) => s.line === l && /\p{L}{2}/u.test(s.text)).map((s) => norm(cleanBusinessName(s.text)));
    return cells.length >= 2 && cells.filter((c) => c && v.includes(` ${c} `)).length >= 2;
  });
}

export const extractFssai: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const lic = model.labelValue(NUMBER_LABEL, { ...VIA, pattern: FOURTEEN });
  const digits = lic?.text.replace(/\s/g, '');
  const inProse = proseId(model, [/\b(?:registration|licen[cs]e)\s*(?:no\.?|number)\s*/i], /^\d(?: ?\d){13}(?!\d)/);
  const split = lic ? undefined : splitNumber(model);
  const boxed = lic || split ? undefined : boxedNumber(model);
  if (lic && digits) found.license_number = field(digits, lic.words, { kind: 'structure', pass: /^\d{14}$/.test(digits) });
  else if (boxed) found.license_number = field(boxed.value, boxed.words, { kind: 'structure', pass: true, repairs: boxed.repairs });
  else if (split) found.license_number = field(split.value, split.words, { kind: 'structure', pass: true, repairs: 1 });
  else if (inProse) {
    const d = inProse.value.replace(/\s/g, '');
    found.license_number = field(d, inProse.words, { kind: 'structure', pass: /^\d{14}$/.test(d) });
  } else {
    const any = model.findAll(/(?<!\d)\d(?: ?\d){13}(?!\d)/g)[0];
    if (any) found.license_number = field(any.match[0].replace(/\s/g, ''), any.words, { kind: 'heuristic' });
  }

  const all = ['business_name', 'address', 'valid_upto'].flatMap((f) => V(f).labels).concat([LICENSEE, NUMBER_LABEL]);
  // A form filled over its captions: each value is the cell above its caption (the cell below is the next field's).
  const flipped = captionsUnderValues(model);
  if (flipped) {
    found.business_name = valueOverCaption(model, [...V('business_name').labels, LICENSEE], all, { part: (t) => !/\d{4}/.test(t) });
    // (an address's lines carry a number or a comma; the caption above it carries neither)
    found.address = valueOverCaption(model, V('address').labels, all, { lines: 4, avoid: NOT_PREMISES, part: (t) => /\d|,/.test(t) });
  }
  // The business's own label first; "Name and Address of Licensee" often reads "Owner (Business)"
  // or "BUSINESS NAME, <registered office address>".
  found.business_name ??=
    textByLabels(model, V('business_name').labels, { clean: cleanBusinessName, allLabels: all, accept: (s) => s.length >= 3 }) ??
    labelledText(model, V('business_name').labels, { ...VIA, stop: /\s{2,}|,|\baddress\b/i, clean: cleanName, accept: (s) => s.length >= 3 && !isLabelText(s, all) }) ??
    textByLabels(model, [LICENSEE], {
      clean: (s) => cleanBusinessName(/\(([^()]{3,})\)\s*$/.exec(s)?.[1] ?? s.split(',')[0]),
      allLabels: all,
      accept: (s) => s.length >= 3 && !/\d/.test(s),
    }) ??
    labelledText(model, [LICENSEE], {
      ...VIA,
      stop: /\s{2,}|,|\baddress\b/i,
      clean: (s) => cleanBusinessName(/\(([^()]{3,})\)\s*$/.exec(s)?.[1] ?? s),
      accept: (s) => s.length >= 3,
    }) ??
    proseName(model);
  // (a long name wrapped in its value cell beside the caption)
  if (!flipped) found.business_name = continuedDown(model, found.business_name, all);
  // A certificate's sentence naming the holder is a second reading of the name.
  const named = proseName(model);
  if (named && found.business_name !== named) found.business_name = checkedAgainst(found.business_name, named);
  // The premises: pairs and wrapped keys first (never the licensee's office), then a sentence.
  const refused: string[] = [];
  found.address ??=
    addressByLabels(model, V('address').labels, { avoid: NOT_PREMISES, stop: ADDRESS_STOP, refused }) ??
    notRefused(addressForKey(model, V('address').labels, { stop: ADDRESS_STOP }) ?? labelledAddress(model, V('address').labels, { maxLines: 4, stop: ADDRESS_STOP }), refused) ??
    proseAddress(model);
  // every caption lost (a blurred photo): the page's one PIN block, and the name right above it
  const unlabelled = found.address ? undefined : onlyPinAddress(model);
  found.address ??= unlabelled?.field;
  if (unlabelled && !found.business_name) found.business_name = nameAboveAddress(model, unlabelled.first);
  if (found.address && typeof found.address.value === 'string') found.address.value = finishAddress(found.address.value);
  found.valid_upto = labelledValidUpto(model, V('valid_upto').labels) ?? proseValidUpto(model) ?? validityAfterGarbledLabel(model) ?? anniversaryValidity(model);
  if (found.business_name) found.business_name.value = tidy(String(found.business_name.value));
  if (found.business_name && acrossCellBreak(model, String(found.business_name.value))) found.business_name = { ...found.business_name, confidence_score: Math.min(found.business_name.confidence_score, SPLIT_CELL_CAP) };
  // A business read as a titled person ("Shri Madhav Kapoor"): the operator's line was taken for the
  // business (a stall's or establishment's own name was not read), kept for review.
  if (found.business_name && titledPerson(String(found.business_name.value))) found.business_name = { ...found.business_name, confidence_score: Math.min(found.business_name.confidence_score, TITLED_PERSON_CAP) };

  return { found };
};
