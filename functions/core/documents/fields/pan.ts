/**
 * PAN card: name_as_per_pan, pan_number, dob, father_name, is_original, document_quality_flag.
 * Handles the labelled layout ("Name", "Father's Name", "Date of Birth") and the older
 * unlabelled one (name, father's name, date in that order under the header).
 */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import { checkPan, findDates, readPan } from '../validators.ts';
import { unbracketNameJ } from './certificate.ts';
import { field, idField, labelledDate, labelledText, cleanName, looksLikeName, type ExtractedField, type Extractor } from './common.ts';

// (the bilingual card's Hindi caption in Latin letters, "Janm ki Tarikh", too)
// (a company's or firm's PAN prints its date of incorporation or formation where a person's prints the birth date)
const DOB_LABEL = /date\s*of\s*birth|\bD\.?O\.?B\b|जन्म|\bjanm\s*ki\s*tarikh\b|date\s*of\s*(?:incorporation|formation)/i;
const HEADER = /income|tax|department|govt|government|india|permanent|account|number|signature|card|\bname\b|birth|father/i;
// The last letter J may come back as ")" (bold type); the position says it is a letter.
const PAN_TOKEN = /(?<![A-Za-z0-9])[A-Za-z0-9|\]]{5}\s?[A-Za-z0-9|\]]{4}\s?[A-Za-z0-9|\])](?![A-Za-z0-9])/g;

/** Penalty on pan_number confidence when an individual's 5th letter is not the surname initial. */
const SURNAME_MISMATCH_PENALTY = 0.1;

interface PanHit {
  value: string;
  valid: boolean;
  repairs: number;
  words: Word[];
  line: Line;
}

function panCandidates(model: DocumentModel): PanHit[] {
  const out: PanHit[] = [];
  for (const m of model.findAll(PAN_TOKEN)) {
    const raw = m.match[0];
    // a real PAN has digits in its middle: refuse plain words ("DEPARTMENT")
    if ((raw.replace(/\s/g, '').slice(5, 9).match(/\d/g) ?? []).length < 2) continue;
    const r = readPan(raw);
    out.push({ value: r.value, valid: r.valid, repairs: r.repairs, words: m.words, line: m.line });
  }
  return out;
}

/** A PAN printed as one word of eleven characters: a stroke of the card's pattern read as an extra I, l, 1 or bar. */
const PAN_WITH_STROKE = /(?<![A-Za-z0-9])[A-Za-z0-9|]{11}(?![A-Za-z0-9])/g;

/**
 * A PAN read with one character too many ("WJIQPS0063Y"): the stroke-like character whose removal
 * leaves the one valid PAN, a repair. Never when removals disagree.
 */
function panWithStroke(model: DocumentModel): PanHit | undefined {
  for (const m of model.findAll(PAN_WITH_STROKE)) {
    const raw = m.match[0];
    const reads = [...raw].flatMap((c, i) => (/[Il1|]/.test(c) ? [readPan(raw.slice(0, i) + raw.slice(i + 1))] : [])).filter((r) => r.valid);
    const values = new Set(reads.map((r) => r.value));
    if (values.size === 1) return { value: reads[0].value, valid: true, repairs: reads[0].repairs + 1, words: m.words, line: m.line };
  }
  return undefined;
}

/**
 * A PAN read as two cells of one row ("VDMPC77" ‖ "16S": a blur or a stroke across it split the
 * word): two neighbouring cells that together make exactly ten characters and a valid PAN, joined
 * as a repair.
 */
function panAcrossCells(model: DocumentModel): PanHit | undefined {
  for (const row of model.layout.rows) {
    const cells = [...row].sort((a, b) => a.box.Left - b.box.Left);
    for (let i = 0; i + 1 < cells.length; i++) {
      const [a, b] = [cells[i].text.trim(), cells[i + 1].text.trim()];
      if (!/^[A-Za-z0-9]+$/.test(a) || !/^[A-Za-z0-9]+$/.test(b) || a.length + b.length !== 10) continue;
      const r = readPan(a + b);
      if (r.valid) return { value: r.value, valid: true, repairs: r.repairs + 1, words: [...cells[i].words, ...cells[i + 1].words], line: cells[i].line };
    }
  }
  return undefined;
}

/** The old card's heading ("INCOME TAX DEPARTMENT  GOVT. OF INDIA"): the card's lines start under it. */
const CARD_HEADING = /income\s*tax\s*department|govt\.?\s*of\s*india/i;
/** A line that is a date and nothing else: the old card's date of birth line. */
const dateOnly = (t: string) => {
  const d = findDates(t)[0];
  return !!d && t.replace(t.slice(d.index, d.index + d.length), '').replace(/[\s.,:;|]/g, '') === '';
};

/** A line without the specks OCR read beside it (a thumb's edge or a photo's glare read as "“|", "©"): its cells with two letters or digits. */
function unspecked(model: DocumentModel, l: Line): { text: string; words: Word[] } {
  const cells = model.layout.segments.filter((s) => s.line === l && /[\p{L}\d]{2}/u.test(s.text));
  return cells.length ? { text: cells.map((s) => s.text).join(' '), words: cells.flatMap((s) => s.words) } : { text: l.text, words: l.words };
}

function unlabelledNames(model: DocumentModel, panLine?: Line): { text: string; words: Word[] }[] {
  // Old layout: the two name lines sit between the header and the date of birth, in that order;
  // a loan file's header or noting above the card (a titled applicant, a received-on date) is not the card.
  const heading = model.lines.find((l) => CARD_HEADING.test(l.text));
  const start = heading?.index ?? -1;
  const after = model.lines.filter((l) => l.index > start);
  const dateLine = after.find((l) => dateOnly(l.text.trim())) ?? after.find((l) => findDates(l.text).length > 0);
  const end = dateLine?.index ?? panLine?.index ?? model.lines.length;
  const lines = after
    .filter((l) => l.index < end && !HEADER.test(l.text))
    .map((l) => unspecked(model, l))
    .filter((l) => /^[A-Z][A-Z .']+$/.test(unbracketNameJ(l.text.trim())) && looksLikeName(unbracketNameJ(l.text)));
  // Four name lines where the card has room for two: a long name and a long father's name each
  // wrapped over two lines ("VENKATA SATYA NARAYANA" / "PENMETSA"), in that order.
  if (lines.length === 4) return [0, 2].map((i) => ({ text: `${lines[i].text.trim()} ${lines[i + 1].text.trim()}`, words: [...lines[i].words, ...lines[i + 1].words] }));
  return lines;
}

/** A month or day OCR read with a look-alike first digit ("14/62/1946": 0 read as 6): the digit a date's place allows. */
const LEAD_LOOKALIKE: Record<string, string> = { '6': '0', '8': '0', '9': '0', '7': '1' };

/**
 * The date after a date-of-birth label that reads as no date ("14/62/1946"): a day or month whose
 * first digit is impossible there, read as its look-alike, when that makes the one valid date. A repair.
 */
function repairedLabelledDate(model: DocumentModel): ExtractedField | undefined {
  for (const x of model.findLines(DOB_LABEL)) {
    const from = x.match.index + x.match[0].length;
    const m = /(?<!\d)(\d)(\d)([-/.])(\d)(\d)\3(\d{4})(?!\d)/.exec(x.line.text.slice(from));
    if (!m || findDates(m[0]).length) continue;
    const fix = (d: string, max: string) => (d > max && LEAD_LOOKALIKE[d] ? LEAD_LOOKALIKE[d] : d);
    const text = `${fix(m[1], '3')}${m[2]}${m[3]}${fix(m[4], '1')}${m[5]}${m[3]}${m[6]}`;
    const d = findDates(text)[0];
    if (!d) continue;
    const at = from + m.index;
    // (no check digit confirms it: reviewed)
    const f = field(d.value, model.wordsInRange(x.line, at, at + m[0].length), { kind: 'structure', pass: true, repairs: 1 });
    return { ...f, confidence_score: Math.min(f.confidence_score, REPAIRED_DATE_CAP) };
  }
  return undefined;
}

const norm = (v: unknown) => String(v ?? '').toUpperCase().replace(/[^A-Z]+/g, ' ').trim();
/** Ceiling for a holder's name read the same as the father's (one of them was read under the other's caption). */
export const SAME_AS_FATHER_CAP = 0.4;

/** Ceiling for a date of birth read through a look-alike repair. */
export const REPAIRED_DATE_CAP = 0.7;
/** Ceiling for a date of birth taken from elsewhere on a card whose own date-of-birth label is printed but its date unread. */
export const DOB_UNREAD_CAP = 0.3;

/** Ceiling for a name OCR broke off mid-row: a capitalised word follows right beside it as a line of its own ("SHAILESH" ‖ "CHANDRAKAR"), so the value may be half a name. */
export const NAME_CUT_CAP = 0.5;

function cutOnRow(model: DocumentModel, f: ExtractedField | undefined): ExtractedField | undefined {
  const e = f?.evidence;
  if (!f || !e) return f;
  const b = e.bounding_box;
  const right = b.left + b.width;
  const cut = model.lines.some((l) => l.page === e.page && l.box.Left >= right - 0.002 && l.box.Left - right < b.height * 2 && Math.abs(l.box.Top - b.top) < b.height * 0.5 && /^[A-Z][A-Z.']+$/.test(l.text.trim()));
  return cut ? { ...f, confidence_score: Math.min(f.confidence_score, NAME_CUT_CAP) } : f;
}

export const extractPan: Extractor = (model, opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const candidates = panCandidates(model);
  const nearLabel = model.findLine(/permanent\s*account\s*number/i);
  const best =
    candidates.find((c) => c.valid && nearLabel && Math.abs(c.line.index - nearLabel.line.index) <= 2) ??
    candidates.find((c) => c.valid) ??
    panWithStroke(model) ??
    panAcrossCells(model) ??
    candidates[0];

  let name =
    // (a record's caption with its value in the cell beside it, before a card's value under its caption)
    labelledText(model, V('name_as_per_pan').labels, { via: ['same-line', 'right', 'below'], clean: cleanName, accept: looksLikeName }) ??
    (() => {
      const l = unlabelledNames(model, best?.line)[0];
      return l ? field(cleanName(unbracketNameJ(l.text)), l.words, { kind: 'heuristic' }) : undefined;
    })();

  found.father_name =
    labelledText(model, V('father_name').labels, { via: ['same-line', 'right', 'below'], clean: cleanName, accept: looksLikeName }) ??
    (() => {
      const l = unlabelledNames(model, best?.line)[1];
      return l ? field(cleanName(unbracketNameJ(l.text)), l.words, { kind: 'heuristic' }) : undefined;
    })();

  // The father's name read for the holder's too (the holder's caption lost, "Father's ‖ Name" read as two
  // cells, the second taken for the holder's key): the card prints the holder first, so the first name
  // line is the holder's when it is another name; else the name is kept for review.
  if (name && found.father_name && norm(name.value) === norm(found.father_name.value)) {
    const first = unlabelledNames(model, best?.line)[0];
    name =
      first && norm(first.text) !== norm(name.value)
        ? field(cleanName(unbracketNameJ(first.text)), first.words, { kind: 'heuristic' })
        : { ...name, confidence_score: Math.min(name.confidence_score, SAME_AS_FATHER_CAP) };
  }
  found.name_as_per_pan = cutOnRow(model, name);
  found.father_name = cutOnRow(model, found.father_name);

  // (the repaired date beside its label before a date under it: the line below is the issue date's)
  const dobLabelled = repairedLabelledDate(model) ?? labelledDate(model, [DOB_LABEL], { via: ['same-line', 'right', 'below'] });
  found.dob =
    dobLabelled ??
    (() => {
      // the old card's date line under its heading first (a file noting's received-on date is not it)
      const start = model.lines.find((l) => CARD_HEADING.test(l.text))?.index ?? -1;
      // (the date alone in its line's first cell: pen writing across the card beside it, "18/08/1986 ‖ SELF" of a
      // "SELF ATTESTED", leaves it the card's line, before the attestation's own date under the writing)
      const firstCell = (l: (typeof model.lines)[number]) => model.layout.segments.find((x) => x.line === l)?.text ?? l.text;
      const own = model.lines.find((l) => l.index > start && (dateOnly(l.text.trim()) || dateOnly(firstCell(l).trim())));
      for (const l of own ? [own] : model.lines) {
        // (a date with a clock time after it is a capture's or a print's timestamp: "17/05/2025 05:04 AM")
        const d = findDates(l.text).find((x) => !/^\s*\d{1,2}[:.]\d{2}\b/.test(l.text.slice(x.index + x.length)));
        if (!d) continue;
        const f = field(d.value, model.wordsInRange(l, d.index, d.index + d.length), { kind: 'pattern' });
        // the card's own date went unread (its label is printed) and this one has a label of its own
        // ("ISSUE DATE 20/08/1999": a word of four letters before it): likely not the date of birth
        const named = /\p{L}{4}/u.test(l.text.slice(0, d.index));
        return named && model.findLine(DOB_LABEL) ? { ...f, confidence_score: Math.min(f.confidence_score, DOB_UNREAD_CAP) } : f;
      }
      return undefined;
    })();

  if (best) {
    const f = idField({ value: best.value, valid: best.valid, repairs: best.repairs, check: 'structure' }, best.words);
    const check = checkPan(best.value, { name: typeof name?.value === 'string' ? name.value : undefined });
    if (check.surnameInitialMatches === false) f.confidence_score = Math.max(0, Math.round((f.confidence_score - SURNAME_MISMATCH_PENALTY) * 1000) / 1000);
    found.pan_number = f;
  }

  const sig = opts.imageSignal;
  if (sig?.originalScore !== undefined) {
    const s = sig.originalScore;
    found.is_original = field(s >= 0.5 ? 'yes' : 'no', 1, { kind: 'signal', score: Math.max(s, 1 - s) });
  }
  if (sig?.qualityScore !== undefined) {
    const s = sig.qualityScore;
    found.document_quality_flag = field(s >= 0.5 ? 'good' : 'poor', 1, { kind: 'signal', score: Math.max(s, 1 - s) });
  }

  if (!best?.valid) {
    return { found, error: { code: 'INVALID_DOC', reason: best ? 'The PAN number on the card does not have a valid PAN structure.' : 'No readable PAN number was found on the card.' } };
  }
  return { found };
};
