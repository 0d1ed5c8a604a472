/** Udyam registration certificate: udyam_number, enterprise_name, enterprise_type, address, date_of_registration. */
import type { DocumentModel, Line } from '../blocks.ts';
import { looksLikeCaption, type Segment } from '../layout.ts';
import { findDates, isValidUdyam } from '../validators.ts';
import { cleanName, field, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { DIGITISH, lookalikesToDigits } from './lookalikes.ts';
import { addressByLabels, captionsUnderValues, cellBeside, cleanBusinessName, valueOverCaption, dateAfterLabel, finishAddress, isLabelText, notRefused, proseAddress, proseDate, proseName, checkedAgainst, textByLabels, wrappedKeyDate } from './certificate.ts';

const UDYAM_TOKEN = new RegExp(`UDYAM\\s*-\\s*([A-Z0-9)]{2})\\s*-\\s*(${DIGITISH}{2})\\s*-\\s*(${DIGITISH}{7})`, 'gi');
const TYPE_WORD = /\b(micro|small|medium)\b/i;
const TYPE_LABELS = [/(?:type|classification|category)\s*of\s*(?:the\s*)?(?:enterprise|msme)/i, /enterprise\s*(?:type|classification)/i, /^\s*(?:type|category)\s*$/i, /(?:enterprise\s*)?category/i];
/** A unit's or plant's location is a second address; the enterprise's official address is wanted. */
const NOT_OFFICIAL = /unit|plant|location|communication|residen/i;
const ADDRESS_STOP = /^\s*(?:date|major|type|social|name|national|mobile|email|e-mail|nic|\d+\.|enterprise|registered|classification)/i;

/**
 * The enterprise type: beside its label; else, in a classification table by year, the latest row's
 * type (an enterprise moves from Micro to Small as it grows, the certificate lists every year).
 */
function enterpriseType(model: DocumentModel): ExtractedField | undefined {
  const LABEL = /type\s*of\s*(?:the\s*)?enterprise|enterprise\s*type|classification\s*year/i;
  // (or a caption cell with a note in brackets beside it: "Enterprise Type | (year-wise, as per the composite criteria …)")
  const captionCell = (l: Line) => {
    const first = model.layout.segments.find((x) => x.line === l);
    return !!first && LABEL.test(first.text) && looksLikeCaption(first.text);
  };
  const label = model.findLines(LABEL).find((x) => !model.layout.isProseLine(x.line) || captionCell(x.line));
  if (label) {
    // Rows with a year ("2023-24") under the label: the latest year's type.
    const YEAR = /\b(?:19|20)\d{2}\s*-\s*\d{2,4}\b/;
    const rows = model.linesAfter(label.line, 8).filter((l) => YEAR.test(l.text) && TYPE_WORD.test(l.text));
    const year = (t: string) => Number(/\b((?:19|20)\d{2})\s*-\s*\d{2,4}\b/.exec(t)?.[1] ?? 0);
    if (rows.length) {
      const latest = rows.reduce((a, b) => (year(b.text) >= year(a.text) ? b : a));
      const m = TYPE_WORD.exec(latest.text)!;
      return field(m[1].toUpperCase(), model.wordsInRange(latest, m.index, m.index + m[0].length), { kind: 'labelled' });
    }
    // The same table read as cells (each a line of its own): the layout's rows under the label.
    const lay = model.layout;
    const from = lay.rows.findIndex((r) => r.some((x) => x.line === label.line));
    const cells = lay.rows
      .slice(from + 1, from + 10)
      .filter((r) => r[0].page === label.line.page && r.some((x) => YEAR.test(x.text)))
      .flatMap((r) => {
        const type = r.find((x) => TYPE_WORD.test(x.text) && !YEAR.test(x.text));
        if (type) return [{ year: year(r.map((x) => x.text).join(' ')), type }];
        // (one box per year, the type over its "Financial Year 2025-26" caption)
        return r.filter((x) => YEAR.test(x.text)).map((x) => ({ year: year(x.text), type: cellBeside(model, x, -1) }));
      })
      .filter((r): r is { year: number; type: Segment } => !!r.type && TYPE_WORD.test(r.type.text) && !YEAR.test(r.type.text));
    if (cells.length) {
      const latest = cells.reduce((a, b) => (b.year >= a.year ? b : a));
      return field(TYPE_WORD.exec(latest.type.text)![1].toUpperCase(), latest.type.words, { kind: 'labelled' });
    }
  }
  const typed = labelledText(model, TYPE_LABELS, { ...VIA, pattern: TYPE_WORD });
  if (typed) return { ...typed, value: String(typed.value).toUpperCase() };
  // "… is registered as a Micro enterprise …"
  for (const l of model.lines) {
    const m = /\b(?:registered|classified)\s+as\s+an?\s+(micro|small|medium)\b|\b(micro|small|medium)\s+enterprise\b(?!s)/i.exec(l.text);
    if (m && model.layout.isProseLine(l)) {
      const w = m[1] ?? m[2];
      const at = m.index + m[0].toLowerCase().indexOf(w.toLowerCase());
      return field(w.toUpperCase(), model.wordsInRange(l, at, at + w.length), { kind: 'labelled' });
    }
  }
  return undefined;
}

/** The state codes Udyam numbers carry: a code read with a digit for a letter ("0D") is checked against them. */
const STATE_CODES = new Set('AN AP AR AS BR CH CG CT DD DL DN GA GJ HR HP JK JH KA KL LA LD MP MH MN ML MZ NL OD OR PY PB RJ SK TN TS TG TR UP UK UT WB'.split(' '));
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** The state code with look-alike digits read back to letters, kept only when it is a state's code. */
// (a bold J is read as ")": "UDYAM-G)-12-…" is Gujarat's, "UDYAM-)H-…" Jharkhand's)
function stateCode(raw: string): string | undefined {
  const code = raw.toUpperCase().replace(/\d/g, (d) => AS_LETTER[d] ?? d).replace(/\)/g, 'J');
  return STATE_CODES.has(code) ? code : /^[A-Z]{2}$/.test(raw.toUpperCase()) ? raw.toUpperCase() : undefined;
}

export const extractUdyam: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const m = model.findAll(UDYAM_TOKEN).find((x) => stateCode(x.match[1]));
  if (m) {
    const raw = `UDYAM-${m.match[1]}-${m.match[2]}-${m.match[3]}`.toUpperCase();
    const value = `UDYAM-${stateCode(m.match[1])}-${lookalikesToDigits(m.match[2])}-${lookalikesToDigits(m.match[3])}`;
    const repairs = [...raw].filter((c, i) => c !== value[i]).length;
    found.udyam_number = field(value, m.words, { kind: 'structure', pass: isValidUdyam(value), repairs });
  }

  const all = ['enterprise_name', 'address', 'date_of_registration'].flatMap((f) => V(f).labels).concat(TYPE_LABELS);
  // A certificate filled over its captions (a migrated Udyam's boxes): the cell above each caption.
  if (captionsUnderValues(model)) {
    const name = valueOverCaption(model, V('enterprise_name').labels, all, { lines: 3, join: ' ', part: (t) => !/\d{4}/.test(t) });
    if (name) found.enterprise_name = { ...name, value: cleanBusinessName(String(name.value)) };
    found.address = valueOverCaption(model, V('address').labels, all, { lines: 4, spill: true, avoid: NOT_OFFICIAL, part: (t) => /\d|,/.test(t) });
    const date = valueOverCaption(model, V('date_of_registration').labels, all, { part: (t) => findDates(t).length === 1 });
    const d = date && findDates(String(date.value))[0];
    if (date && d) found.date_of_registration = { ...date, value: d.value };
  }
  found.enterprise_name ??=
    textByLabels(model, V('enterprise_name').labels, { clean: cleanBusinessName, allLabels: all, accept: (s) => s.length >= 3 }) ??
    labelledText(model, V('enterprise_name').labels, { ...VIA, clean: (s) => cleanBusinessName(cleanName(s)), accept: (s) => s.length >= 3 && !isLabelText(s, all) }) ??
    proseName(model);
  // A certificate's sentence naming the holder is a second reading of the name.
  const named = proseName(model);
  if (named && found.enterprise_name !== named) found.enterprise_name = checkedAgainst(found.enterprise_name, named);
  found.enterprise_type = enterpriseType(model);
  // The official address: pairs, wrapped keys, the table of parts; never a unit's or plant's location.
  const refused: string[] = [];
  found.address ??=
    addressByLabels(model, V('address').labels, { avoid: NOT_OFFICIAL, stop: ADDRESS_STOP, refused }) ??
    notRefused(addressForKey(model, V('address').labels, { stop: ADDRESS_STOP }) ?? labelledAddress(model, V('address').labels, { maxLines: 5, stop: ADDRESS_STOP }), refused) ??
    proseAddress(model);
  if (found.address && typeof found.address.value === 'string') found.address.value = finishAddress(found.address.value);
  found.date_of_registration ??=
    labelledDate(model, V('date_of_registration').labels, VIA) ??
    dateAfterLabel(model, V('date_of_registration').labels) ??
    wrappedKeyDate(model, V('date_of_registration').labels) ??
    proseDate(model, [/\b(?:allotted|registered|granted)\b[^.]{0,160}?\bon\s+/i, /\bwith\s+effect\s+from\s+|\bw\.?\s?e\.?\s?f\.?\s*/i], { within: 30 });

  return { found };
};
