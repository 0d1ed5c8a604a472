/** Bank statement: account_holder, account_number, ifsc, bank_name, period_from, period_to. */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import type { Segment } from '../layout.ts';
import { findDates, readIfsc } from '../validators.ts';
import { cleanName, field, idField, labelledText, looksLikeName, withinOneEdit, type ExtractedField, type Extractor } from './common.ts';
import { addressee, checkedAgainst, cleanPartyName, isLabelText, proseId, textByLabels, valueUnderCaption } from './certificate.ts';
import { nameUnderHeading } from './layoutFields.ts';

/** IFSC bank prefix -> bank name (the larger banks; the printed name is used when present). */
export const IFSC_BANKS: Record<string, string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  IDFB: 'IDFC First Bank',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
  BKID: 'Bank of India',
  IDIB: 'Indian Bank',
  CBIN: 'Central Bank of India',
  IOBA: 'Indian Overseas Bank',
  FDRL: 'Federal Bank',
  MAHB: 'Bank of Maharashtra',
  UCBA: 'UCO Bank',
  AUBL: 'AU Small Finance Bank',
};

/** "Deccan Sahakari Bank Ltd", "Bank of Baroda", "State Bank of India": only "of <Name>" and Ltd/Limited may follow "Bank". */
const BANK_NAME = /\b((?:[A-Z][A-Za-z&-]+\s){0,4}bank(?:\s+of\s+[A-Z][A-Za-z]+)?(?:\s+(?:ltd|limited)\b\.?)?|state bank of india)(?![A-Za-z])/i;
const IFSC_TOKEN = /(?<![A-Za-z0-9])[A-Za-z]{4}[0Oo][A-Za-z0-9]{6}(?![A-Za-z0-9])/g;

/** An IFSC with its reserved fifth character read twice ("TIPB0O000001"): twelve characters, two zero-shaped after the bank code. */
const IFSC_DOUBLED_ZERO = /(?<![A-Za-z0-9])([A-Za-z]{4})[0Oo]{2}([A-Za-z0-9]{6})(?![A-Za-z0-9])/g;

/**
 * The IFSC printed under or beside its "IFSC" caption, OCR having read its "0" twice: the bank code, one
 * zero and the branch code, scored as a repair. Only with the caption on the token's line or right above it.
 */
function doubledZeroIfsc(model: DocumentModel) {
  for (const m of model.findAll(IFSC_DOUBLED_ZERO)) {
    const seg = model.layout.segments.find((x) => x.line === m.line && x.text.includes(m.match[0]));
    // (its caption on the line right above, over it)
    const above = seg && model.layout.segments.some((x) => x.line.index === m.line.index - 1 && /\bIFSC\b/i.test(x.text) && Math.abs(x.box.Left - seg.box.Left) < 0.05);
    if (!/\bIFSC\b/i.test(m.line.text) && !above) continue;
    const r = readIfsc(`${m.match[1]}0${m.match[2]}`);
    if (r.valid) return { r: { ...r, repairs: r.repairs + 1 }, m };
  }
  return undefined;
}

/** A transactions table's column captions (a passbook's or a ledger's header row). */
const ENTRY_COLUMN = /^(?:narration|particulars|description|withdrawals?|deposits?|debits?|credits?|balance)\b/i;

/**
 * No statement period printed (a passbook's page, never a page calling itself a statement): the period is the first and last entry dates, the dates
 * that open their cells one under another in one column below the table's caption row (two or more of
 * Narration / Particulars / Withdrawals / Deposits / Debit / Credit / Balance on one row). A date elsewhere (an
 * opening date beside its caption, "Printed on: <date>" under the table) is not in that column.
 */
function entryDates(model: DocumentModel) {
  // (a statement of account prints its period: one OCR lost is not the span of its entries, which an opening
  // balance's date or a closing row may pass)
  if (model.lines.some((l) => /\bstatement\b/i.test(l.text))) return undefined;
  const captions = model.layout.segments.filter((s) => ENTRY_COLUMN.test(s.text.trim()));
  const kind = (s: Segment) => ENTRY_COLUMN.exec(s.text.trim())![0].toLowerCase().slice(0, 4);
  const header = captions.find((c) => new Set(captions.filter((o) => o.page === c.page && Math.abs(o.box.Top - c.box.Top) < 0.012).map(kind)).size >= 2);
  if (!header) return undefined;
  const dated = model.layout.segments.flatMap((s) => {
    if (s.page !== header.page || s.box.Top <= header.box.Top + 0.005) return [];
    const d = findDates(s.text);
    // (a ruled column's edge read before the date: "[12-APR-2025")
    if (d.length !== 1 || d[0].index > 1) return [];
    const at = s.start + d[0].index;
    return [{ value: d[0].value, iso: d[0].iso, left: s.box.Left, top: s.box.Top, words: model.wordsInRange(s.line, at, at + d[0].length) }];
  });
  const column = dated
    .map((d) => dated.filter((o) => Math.abs(o.left - d.left) < 0.025))
    .sort((a, b) => b.length - a.length)[0];
  if (!column || column.length < 3) return undefined;
  const rows = [...column].sort((a, b) => a.top - b.top);
  const first = rows[0];
  const last = rows[rows.length - 1];
  // (entries run forward: a first date after the last is a misreading)
  if (!first.iso || !last.iso || first.iso > last.iso) return undefined;
  // An entry in the column whose date OCR garbled ("96-01-2024" for 06-01-2024) above the first readable one, or
  // under the last: that end of the period is unreadable, never the next entry's date.
  const garbled = model.layout.segments.filter(
    (s) => s.page === header.page && s.box.Top > header.box.Top + 0.005 && Math.abs(s.box.Left - first.left) < 0.025 && DATE_SHAPED.test(s.text.trim()) && !column.some((d) => Math.abs(d.top - s.box.Top) < 0.003),
  );
  return {
    first: garbled.some((g) => g.box.Top < first.top) ? undefined : first,
    last: garbled.some((g) => g.box.Top > last.top) ? undefined : last,
  };
}

/** A date's shape, read or not ("96-01-2024", "R1-MAY-2025"). */
const DATE_SHAPED = /^[[|(]?[0-9A-Za-z]{1,3}\s?[-\/.]\s?(?:\d{1,2}|[A-Za-z]{3})\s?[-\/.]\s?\d{2,4}\b/;

/** Cap for an identifier whose shape passes but looks misread. */
const DOUBTFUL_CAP = 0.45;

/**
 * Does a bank code ("SVBL") spell the name in order, from its first letter? The first three letters
 * must (the fourth is often a filler: "L" for Ltd, "X").
 */
export function spellsInOrder(code: string, name: string): boolean {
  const n = name.toUpperCase().replace(/[^A-Z]/g, '');
  if (!n || n[0] !== code[0]) return false;
  let i = 0;
  for (const ch of n) if (ch === code[i]) i++;
  return i >= Math.min(3, code.length);
}

/** Two printings of the bank's name spelling a word differently ("Purna Bank" / "Puna Commercial Bank"): one was misread. */
const MISSPELT_CAP = 0.5;

function misspeltAgainst(name: string, others: readonly string[]): boolean {
  const words = (t: string) => t.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 4);
  return words(name).some((w) => others.some((o) => words(o).some((x) => x !== w && withinOneEdit(w, x))));
}

/** The heading of the account holder's block on a statement's first page. */
const HOLDER_BLOCK = /^\s*(?:customer|account\s*holder|a\/c\s*holder)(?:'s)?\s*(?:details|information|info)\s*$/i;

/** The first line of the customer's block under its heading ("CUSTOMER DETAILS" / "M/S EKDANT INDUSTRIAL CORPORATION"). */
function holderUnderHeading(model: DocumentModel, personName: (s: string) => boolean): ExtractedField | undefined {
  const s = nameUnderHeading(model, [HOLDER_BLOCK], (t) => personName(cleanPartyName(t)));
  return s ? field(cleanPartyName(s.text), s.words, { kind: 'labelled' }) : undefined;
}

/** An account block's own keys: the customer's or account's number. */
const ACCOUNT_BLOCK_KEY = /^\s*(?:customer\s*id|cust\.?\s*id|cif(?:\s*(?:no\.?|number|id))?|a\s*[\/l1|]\s*c\s*no\.?|account\s*(?:no\.?|number))\s*[:.]?\s*$/i;

/**
 * A net-banking download's customer block without a caption or a title ("RUPESH KUMAR" over
 * "G-143, JAGDAMBA MARKET, …" at the top left, the account block's "Customer ID | 733437015" on its
 * row): the name first in its row, an address line under it.
 */
function holderBesideAccountBlock(model: DocumentModel, personName: (s: string) => boolean): ExtractedField | undefined {
  const lay = model.layout;
  const firstPage = model.lines[0]?.page;
  for (const seg of lay.segments) {
    if (seg.page !== firstPage || seg.box.Top > 0.35 || seg.box.Left > 0.3 || /\d/.test(seg.text) || lay.isProseLine(seg.line)) continue;
    const row = lay.rowOf(seg);
    if (row[0] !== seg || !row.some((s) => s.box.Left > seg.box.Left + seg.box.Width && ACCOUNT_BLOCK_KEY.test(s.text))) continue;
    const name = cleanPartyName(seg.text);
    const under = lay.segmentBelow(seg, 1.8);
    if (!personName(name) || !under || !/\d/.test(under.text) || !/,/.test(under.text)) continue;
    return field(name, seg.words, { kind: 'heuristic' });
  }
  return undefined;
}

/**
 * The period's end beside a bare "To" key the layout paired with nothing: on the "From" key's row, right of it
 * ("From | 01/04/2025 | To | 30/06/2025"), else on the row under it (a counter print's "From" row over its "To"
 * row, each date at the row's end).
 */
function dateBesideBareTo(model: DocumentModel, from: Segment): { value: string; valueWords: Word[] } | undefined {
  const lay = model.layout;
  const dateRightOf = (to: Segment | undefined) => {
    const v = to ? lay.segmentRight(to) : undefined;
    return v && findDates(v.text).length === 1 ? { value: v.text, valueWords: v.words } : undefined;
  };
  const onRow = () => lay.rowOf(from).find((x) => x.box.Left > from.box.Left && /^\s*(?:to|till|upto|end\s*date|to\s*date)\s*:?\s*$/i.test(x.text));
  const under = () =>
    lay.segments.find(
      (x) => x.page === from.page && x.line !== from.line && x.box.Top > from.box.Top && x.box.Top - (from.box.Top + from.box.Height) <= from.box.Height * 1.5 && Math.abs(x.box.Left - from.box.Left) <= Math.max(from.box.Height, 0.01) && /^\s*(?:to|till|upto|to\s*date)\s*:?\s*$/i.test(x.text),
    );
  return dateRightOf(onRow()) ?? dateRightOf(under());
}

export const extractBankStatement: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const all = ['account_holder', 'account_number'].flatMap((f) => V(f).labels);
  const personName = (s: string) => looksLikeName(s) && !isLabelText(s, all);
  // A labelled holder; else the addressee the statement is posted to (honorific name over its address).
  const to = addressee(model);
  found.account_holder =
    textByLabels(model, V('account_holder').labels, { clean: (s) => cleanPartyName(s.split(/\s{2,}/)[0]), allLabels: all, accept: personName, avoid: /joint|nominee|second|branch/i }) ??
    labelledText(model, V('account_holder').labels, {
      via: ['same-line', 'right', 'below'],
      stop: /\s{2,}|\b(?:account|a\/c|ifsc|branch|cust(?:omer)?\s*id)\b/i,
      clean: (s) => cleanPartyName(cleanName(s)),
      accept: personName,
    }) ??
    holderUnderHeading(model, personName) ??
    to?.name ??
    holderBesideAccountBlock(model, personName);
  // The addressee the statement is posted to is a second reading of the holder.
  if (to?.address && found.account_holder !== to.name) found.account_holder = checkedAgainst(found.account_holder, to.name);

  found.account_number =
    labelledText(model, V('account_number').labels, {
    via: ['same-line', 'right', 'below'],
    // (never from the tail of a code glued to letters: "ICIC0CRW484 682877544256" on one OCR line is an IFSC, then the number)
    pattern: /(?<![\dA-Za-z])(\d[\d\s-]{7,22}\d)(?!\d)/,
    // a colon printed apart and read as "1" ("A/C NO.  1 79117024375082"): a lone digit before one long group is not the number's
    clean: (s) => s.replace(/^1\s+(?=\d{9,18}$)/, '').replace(/[\s-]/g, ''),
    accept: (s) => /^\d{9,18}$/.test(s),
  }) ??
    // "Statement of Account No. 1234… for the period …": the number inside a sentence.
    (() => {
      const hit = proseId(model, [/\b(?:account|a\s*[\/l1|]\s*c)\s*(?:no\.?|number)\s*/i], /^\d[\d -]{7,22}\d(?!\d)/);
      const v = hit?.value.replace(/[\s-]/g, '');
      return hit && v && /^\d{9,18}$/.test(v) ? field(v, hit.words, { kind: 'labelled' }) : undefined;
    })();

  // Of several IFSC-shaped tokens the valid one on an "IFSC" line first, then one printed with a digit:
  // an 11-letter word with an O fifth ("CORPORATION" in a firm's name) has the shape too.
  const ifscRank = (x: { r: { valid: boolean }; m: { match: RegExpMatchArray; line: { text: string } } }) =>
    Number(x.r.valid) * 4 + Number(/\bIFSC\b/i.test(x.m.line.text)) * 2 + Number(/\d/.test(x.m.match[0]));
  const ifscHit = model.findAll(IFSC_TOKEN).map((m) => ({ r: readIfsc(m.match[0]), m })).sort((a, b) => ifscRank(b) - ifscRank(a))[0] ?? doubledZeroIfsc(model);
  if (ifscHit) {
    found.ifsc = idField(ifscHit.r, ifscHit.m.words);
    // Branch codes are digits at nearly every bank: one mixing digits with digit-shaped letters
    // ("SVBL0S4S43S") is a misread the structure check cannot see.
    const branch = ifscHit.r.value.slice(5);
    if (/\d/.test(branch) && /[SOIBZGQDL]/.test(branch)) found.ifsc.confidence_score = Math.min(found.ifsc.confidence_score, DOUBTFUL_CAP);
  }

  // The bank's name as printed; of several printings ("KONARK BANK" logo, "Konark Bank Limited" in the
  // footer) the fullest one that contains the others' words.
  // (a name is capitalised: lower-case words before it are the text it was read after, "10:19 am Purna Bank")
  const bankOf = (m: RegExpMatchArray) => m[1].replace(/^(?:[a-z]\S*\s+)+/, '');
  const names = model.findLines(BANK_NAME).filter((x) => !/statement|branch|account/i.test(x.match[0]));
  const tokens = (t: string) => t.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const printed = names.reduce<(typeof names)[number] | undefined>((best, x) => {
    if (!best) return x;
    const a = tokens(bankOf(best.match));
    const b = tokens(bankOf(x.match));
    return b.length > a.length && a.every((w) => b.includes(w)) ? x : best;
  }, undefined);
  const fromIfsc = ifscHit?.r.valid ? IFSC_BANKS[ifscHit.r.value.slice(0, 4)] : undefined;
  // A printed name agrees with the IFSC when the IFSC's bank code spells it in order ("Sindhu Valley
  // Bank Ltd" / SVBL, "State Bank of India" / SBIN): two independent printings of the same bank.
  const agrees = (name: string) =>
    !!ifscHit?.r.valid && (fromIfsc ? name.toLowerCase().includes(fromIfsc.split(' ')[0].toLowerCase()) : spellsInOrder(ifscHit.r.value.slice(0, 4), name));
  // (a category printed over the name, "Kshetriya Gramin Bank / A Regional Rural Bank": the printing the IFSC spells is the bank's)
  const named = printed && !agrees(bankOf(printed.match)) ? (names.find((x) => agrees(bankOf(x.match))) ?? printed) : printed;
  if (named) {
    found.bank_name = field(cleanName(bankOf(named.match)), named.words, agrees(bankOf(named.match)) ? { kind: 'structure', pass: true } : { kind: 'heuristic' });
    if (misspeltAgainst(bankOf(named.match), names.filter((x) => x !== named).map((x) => bankOf(x.match)))) found.bank_name.confidence_score = Math.min(found.bank_name.confidence_score, MISSPELT_CAP);
  } else if (fromIfsc && ifscHit) found.bank_name = field(fromIfsc, ifscHit.m.words, { kind: 'heuristic' });

  // "Statement Period: 01/01/2024 to 31/03/2024", "From 01-01-2024 To 31-03-2024"; the dates may
  // sit on the line to the right of (or under) the label.
  // (a net-banking search form's date range: "Start Date 22-07-2025 To 20-10-2025")
  const periodLabels = model.findLines(/period|from|start\s*date|statement\s*(?:of\s*account\s*)?for/i);
  const periodLine = periodLabels
    .flatMap((x) => [x.line, model.lineRightOf(x.line), model.lineBelow(x.line, 1)])
    .find((l): l is Line => !!l && findDates(l.text).length >= 2);
  // "Statement From | 01/02/2024" and "Statement To | 28/03/2024" as separate key-value cells.
  const fromPair = model.layout.find([/(?:statement\s*)?(?:period\s*)?from(?:\s*date)?|^\s*(?:statement\s*)?start\s*date/i]).find((p) => findDates(p.value).length === 1);
  const toPair = model.layout.find([/(?:statement\s*)?(?:period\s*)?(?:to|upto|till)(?:\s*date)?|^\s*(?:statement\s*)?end\s*date/i]).find((p) => findDates(p.value).length === 1);
  const until = fromPair && (toPair ?? (fromPair.keySegment ? dateBesideBareTo(model, fromPair.keySegment) : undefined));
  const periodPair = model.layout.find([/(?:statement\s*)?period(?:\s*of\s*statement)?/i]).find((p) => findDates(p.value).length >= 2);
  if (!periodLine && periodPair) {
    const [a, b] = findDates(periodPair.value);
    found.period_from = field(a.value, periodPair.valueWords, { kind: 'structure', pass: true });
    found.period_to = field(b.value, periodPair.valueWords, { kind: 'structure', pass: true });
  } else if (!periodLine && fromPair && until) {
    found.period_from = field(findDates(fromPair.value)[0].value, fromPair.valueWords, { kind: 'structure', pass: true });
    found.period_to = field(findDates(until.value)[0].value, until.valueWords, { kind: 'structure', pass: true });
  }
  if (!periodLine && !found.period_from) {
    // A row of captions over a row of values ("From Date | To Date" over "01/12/2025 | 30/11/2026").
    const oneDate = (t: string) => findDates(t).length === 1;
    const from = valueUnderCaption(model, [/(?:statement\s*)?(?:period\s*)?from(?:\s*date)?|^\s*(?:statement\s*)?start\s*date/i], oneDate);
    const to = valueUnderCaption(model, [/(?:statement\s*)?(?:period\s*)?(?:to|upto|till)(?:\s*date)?|^\s*(?:statement\s*)?end\s*date/i], oneDate);
    if (from && to && from !== to) {
      found.period_from = field(findDates(from.text)[0].value, from.words, { kind: 'structure', pass: true });
      found.period_to = field(findDates(to.text)[0].value, to.words, { kind: 'structure', pass: true });
    }
  }
  if (!periodLine && !found.period_from) {
    // A CBS header's stacked "FROM DT : 01.02.2025" and "TO DT : 31.07.2025", each date after its caption on the
    // caption's own line (the pairing lost to a smudge under the caption: the date beside it is still the one)
    const after = (label: RegExp) => {
      for (const { line, match } of model.findLines(label)) {
        const rest = line.text.slice(match.index + match[0].length);
        const d = findDates(rest);
        if (d.length === 1 && findDates(line.text).length === 1) {
          const at = match.index + match[0].length + d[0].index;
          return { value: d[0].value, words: model.wordsInRange(line, at, at + d[0].length), line };
        }
      }
      return undefined;
    };
    const from = after(/\bfrom\s*(?:date|dt)\b\.?\s*:?/i);
    const to = after(/\b(?:to|upto|till)\s*(?:date|dt)\b\.?\s*:?/i);
    if (from && to && from.line !== to.line) {
      found.period_from = field(from.value, from.words, { kind: 'structure', pass: true });
      found.period_to = field(to.value, to.words, { kind: 'structure', pass: true });
    }
  }
  if (periodLine) {
    const [a, b] = findDates(periodLine.text);
    found.period_from = field(a.value, model.wordsInRange(periodLine, a.index, a.index + a.length), { kind: 'structure', pass: true });
    found.period_to = field(b.value, model.wordsInRange(periodLine, b.index, b.index + b.length), { kind: 'structure', pass: true });
  }
  if (!found.period_from) {
    const named = monthsNamed(model);
    if (named) {
      found.period_from = field(named.from, named.words, { kind: 'structure', pass: true });
      found.period_to = field(named.to, named.words, { kind: 'structure', pass: true });
    }
  }
  if (!found.period_from) {
    // (inferred, not printed: no caption names these dates the period, so they stay in the review band)
    const entries = entryDates(model);
    if (entries?.first) found.period_from = field(entries.first.value, entries.first.words, { kind: 'pattern' });
    if (entries?.last) found.period_to = field(entries.last.value, entries.last.words, { kind: 'pattern' });
  }
  return { found };
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** "for the month of February 2025", "Month: March 2025". */
const ONE_MONTH = new RegExp(`\\bmonth\\s*(?:of\\s*)?[:.-]?\\s*${MONTH}\\.?[\\s,'-]*(\\d{4})\\b`, 'i');
/** "for the quarter April – June 2025", "quarter ended: Apr 2025 to Jun 2025". */
const MONTHS_SPAN = new RegExp(`\\b(?:quarter|period|months?)\\b[^\\d]{0,20}?${MONTH}\\.?\\s*(\\d{4})?\\s*(?:-|–|to|till)\\s*${MONTH}\\.?[\\s,'-]*(\\d{4})\\b`, 'i');

/**
 * A statement's period named by its months, no dates printed ("Statement for the month of February 2025", "for the
 * quarter April – June 2025"): the first day of the first month to the last day of the last.
 */
function monthsNamed(model: DocumentModel): { from: string; to: string; words: Word[] } | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = (m: string) => MONTHS.indexOf(m.slice(0, 3).toLowerCase()) + 1;
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  for (const l of model.lines) {
    const span = MONTHS_SPAN.exec(l.text);
    const one = span ? null : ONE_MONTH.exec(l.text);
    if (!span && !one) continue;
    const [m1, y1, m2, y2] = span ? [month(span[1]), Number(span[2] ?? span[4]), month(span[3]), Number(span[4])] : [month(one![1]), Number(one![2]), month(one![1]), Number(one![2])];
    if (!m1 || !m2 || y1 < 1990 || y2 < y1) continue;
    return { from: `01/${pad(m1)}/${y1}`, to: `${pad(lastDay(y2, m2))}/${pad(m2)}/${y2}`, words: l.words };
  }
  return undefined;
}
