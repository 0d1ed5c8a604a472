/**
 * Readings shared by the commercial documents (invoices and receipts, delivery orders, purchase
 * orders): a person's name without its honorific, the amount written in words, the amounts of
 * a label's row, the addressee of a letter ("To," ...), and the issuer's letterhead block (name
 * line(s) and the address lines under it, followed down their column).
 */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import type { KeyValue, Segment } from '../layout.ts';
import { findAmounts, findDates, type AmountHit } from '../validators.ts';
import { cleanName, hasPincode, isStateLine, joinAddress, tidy, type ExtractedField } from './common.ts';

/** Honorifics printed before a person's name: not part of the name. */
const HONORIFIC = /^(?:(?:mr|mrs|ms|miss|mst|shri|sri|smt|kumari|kum|dr|prof|m\/s)\.?\s+)+/i;

/** A person's name as the field wants it: look-alikes repaired, honorific ("Mr.", "Smt.") dropped. */
export function personName(s: string): string {
  // (a name in capitals whose word ends in a bracket no opening one precedes, "BHARDWA]", "BAJA)": OCR's J)
  const c = cleanName(s.replace(/(?<=\p{Lu})[\])](?=\s|$)/gu, (m, at: number) => (/[[(]/.test(s.slice(0, at)) ? m : 'J')));
  const bare = c.replace(HONORIFIC, '').trim();
  return bare.length >= 2 ? bare : c;
}

/** The firm's title before a business's name ("M/s", "M/S.", "Messrs"): not part of the name. */
const FIRM_TITLE = /^(?:m\s*\/\s*s|messrs)\.?(?=[\s.,]|$)[\s.,]*/i;

/** A business's name as the field wants it: "M/s" / "Messrs" dropped ("Sri Balaji Traders" keeps its "Sri"). */
export function firmName(s: string): string {
  const bare = s.replace(FIRM_TITLE, '').trim();
  return bare.length >= 2 ? bare : s;
}

/** The field with its business name's firm title dropped (whichever reading gave it: pair, heading, addressee, letterhead). */
export function withoutFirmTitle(f: ExtractedField | undefined): ExtractedField | undefined {
  if (!f || typeof f.value !== 'string') return f;
  const v = firmName(f.value);
  return v === f.value ? f : { ...f, value: v };
}

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13,
  fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50,
  sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, lakh: 100000, lakhs: 100000, lac: 100000, lacs: 100000, crore: 10000000, crores: 10000000, million: 1000000 };

/** "Forty Five Thousand Nine Hundred Ninety Nine" -> 45999 (undefined when a word is not a number word). */
function wordsToNumber(words: string[]): number | undefined {
  let total = 0;
  let cur = 0;
  let any = false;
  for (const w of words) {
    if (w === 'and' || w === '-') continue;
    if (w in UNITS) {
      cur += UNITS[w];
      any = true;
    } else if (w === 'hundred') {
      cur = (cur || 1) * 100;
      any = true;
    } else if (w in SCALES) {
      total += (cur || 1) * SCALES[w];
      cur = 0;
      any = true;
    } else return undefined;
  }
  return any ? total + cur : undefined;
}

/** Number words long enough that one misread letter leaves them unmistakable ("Wundred", "Thousend"). */
const LONG_NUMBER_WORDS = [...Object.keys(UNITS), ...Object.keys(SCALES)].filter((w) => w.length >= 6);

/** One substitution apart, same length. */
function oneLetterOff(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff++;
  return diff === 1;
}

/**
 * An amount in words with a long number word OCR misread by one letter ("Five Wundred Eighty Four
 * Only") read as printed: the words still check the total (a second printing), where dropping them
 * would hide a contradiction.
 */
function respellNumberWords(t: string): string {
  return t.replace(/[a-z]{6,}/g, (w) => (w in UNITS || w in SCALES ? w : (LONG_NUMBER_WORDS.find((n) => oneLetterOff(w, n)) ?? w)));
}

/**
 * The amount written in words ("Rupees Forty Five Thousand Nine Hundred Ninety Nine Only",
 * "INR Nine Thousand One Hundred and Fifty Paise Only"): a second printing of a document's
 * total. The words must end with "Only" (or carry "Rupees"/"INR" before them).
 */
export function amountInWords(model: DocumentModel): { value: number; line: Line; paise: boolean } | undefined {
  for (const line of model.lines) {
    const t = respellNumberWords(line.text.toLowerCase().replace(/[^a-z\s-]/g, ' '));
    const m = /(?:rupees|rs|inr|ringgit)?\s*((?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|lakhs?|lacs?|crores?|million|and)[\s-]+)+)(?:(?:rupees|and)\s+)?(?:((?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety)[\s-]+)+)(?:paise|paisa|sen|cents?)\s*)?only\b/.exec(t + ' ');
    if (!m) continue;
    const rupees = wordsToNumber(m[1].trim().split(/[\s-]+/).filter((w) => w !== 'and'));
    if (rupees === undefined) continue;
    const paise = m[2] ? (wordsToNumber(m[2].trim().split(/[\s-]+/)) ?? 0) : 0;
    return { value: rupees + paise / 100, line, paise: !!m[2] };
  }
  return undefined;
}

/** Words that may follow an amount in its row without being another label (units, currency). */
const ROW_FILLER = /^(?:[\d.,₹$()/%*@x:-]+|rs\.?|inr|rm|nos?\.?|pcs|units?|qty|only|\s)+$/i;

/**
 * The money amounts of a label's row: after the label in its own line, then in the lines to its
 * right on the same row, up to the next segment that reads as another label. Amounts in printed
 * order; the rightmost one is a table row's amount column.
 */
export function rowAmounts(model: DocumentModel, line: Line, from: number): { hit: AmountHit; line: Line; offset: number }[] {
  const out: { hit: AmountHit; line: Line; offset: number }[] = [];
  const take = (l: Line, start: number): boolean => {
    const rest = joinSplitDecimals(l.text.slice(start));
    // Another label further along the line ("Total: 9.00   Cash: 10.00"): stop before it.
    const other = /\s{2,}[A-Za-z][A-Za-z .]{3,}:/.exec(rest);
    const scope = other ? rest.slice(0, other.index) : rest;
    for (const hit of findAmounts(scope)) out.push({ hit, line: l, offset: start });
    return !other;
  };
  if (!take(line, from)) return out;
  let cur: Line | undefined = line;
  for (let i = 0; i < 6; i++) {
    cur = model.lineRightOf(cur);
    if (!cur) break;
    if (!ROW_FILLER.test(cur.text) && /[A-Za-z]{4,}/.test(cur.text.replace(/\b(?:rupees|only)\b/gi, ''))) break;
    if (!take(cur, 0)) break;
  }
  return out;
}

/** "RM 73. 00" (OCR put a space after the decimal point) -> "RM 73.00 ", the same length. */
export function joinSplitDecimals(text: string): string {
  return text.replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3 ');
}

/** Labels of what a customer handed over, and of the change given back. */
const TENDERED = /\b(?:cash|tender(?:ed)?|paid|payment|received|visa|master(?:card)?|card|amount\s*paid)\b/i;
const CHANGE = /\b(?:change(?:\s*due)?|balance\s*(?:due|returned))\b/i;

/**
 * What a receipt says was payable when it prints no readable total: the amount tendered (cash,
 * card) minus the change given ("CASH RM 50.00" / "CHANGE RM 3.40" -> 46.60). The tendered amount
 * is on the nearest tender line above the change line.
 */
export function tenderedLessChange(model: DocumentModel): { value: number; words: Word[]; index: number } | undefined {
  for (const ch of model.findLines(CHANGE)) {
    const change = rowAmounts(model, ch.line, ch.match.index + ch.match[0].length).filter((a) => a.hit.decimals).pop();
    if (!change) continue;
    for (const up of model.linesBefore(ch.line, 3)) {
      const m = TENDERED.exec(up.text);
      if (!m) continue;
      const paid = rowAmounts(model, up, m.index + m[0].length).filter((a) => a.hit.decimals && a.hit.value > 0).pop();
      if (!paid || paid.hit.value < change.hit.value) continue;
      const value = Math.round((paid.hit.value - change.hit.value) * 100) / 100;
      return value > 0 ? { value, words: [...amountWords(model, paid), ...amountWords(model, change)], index: paid.line.index } : undefined;
    }
  }
  return undefined;
}

/** Words covering an amount hit of `rowAmounts`. */
export function amountWords(model: DocumentModel, a: { hit: AmountHit; line: Line; offset: number }): Word[] {
  return model.wordsInRange(a.line, a.offset + a.hit.index, a.offset + a.hit.index + a.hit.length);
}

/** The addressee's office rather than their business: "The Proprietor / Manager", "The Sales Manager,". */
export const SALUTATION =
  /^(?:the\s+)?(?:proprietor|manager|branch\s*manager|sales\s*manager|purchase\s*manager|general\s*manager|accounts?\s*manager|owner|partner|director|authori[sz]ed\s*(?:dealer|signatory)|dealer|sir|madam)(?:\s*[/,&]\s*(?:the\s+)?(?:proprietor|manager|owner|partner|authori[sz]ed\s*signatory))*\s*[,.]?$/i;
/** Another label or section: not an addressee's name. */
const NOT_A_NAME = /deliver|customer|borrower|applicant|\b(?:mobile|mob|phone|ph|contact|date)\s*(?:no|number)?\s*[:.]|subject|\bsub\s*:|\bref\b|\bdear\b|\bsir\b|madam|\bnumber\b|\bno\s*[:.]|kind\s*att/i;

// (the addressee's role in brackets after "To" is no name: "To (Contractor)", "To (Supplier)")
// (a bilingual letter prints the regional word first: "Prati, / To,", "Sevamein / To")
const TO_LINE = /^\s*(?:(?!from\b)\p{L}+(?:\s\p{L}+)?,?\s*\/\s*)?to\b\s*(?:\(\s*[a-z /]{3,20}\)\s*)?[,:.-]?\s*(?:(?:the\s*)?(?:dealer|manager|proprietor)\s*[,:.-]?\s*)?(?:m\/s\.?\s*)?(.*)$/iu;

/**
 * The addressee of a letter: "To," (or "To: <name>", "To M/s <name>") and the business on that
 * line or the next, skipping a salutation line ("The Proprietor / Manager").
 */
export function addressee(model: DocumentModel): { line: Line; name: string } | undefined {
  const to = model.findLine(TO_LINE);
  if (!to || to.line.index > model.lines.length * 0.6) return undefined;
  const clean = (s: string) => cleanName(s.replace(/^m\/s\.?\s*/i, '').replace(/,\s*$/, ''));
  // The block's own column: a quotation's meta cells on its row ("To, | Quotation No. | SQ/168") start
  // another column, whose cells are not the addressee's lines.
  const toCell = model.layout.segments.find((s) => s.line === to.line && s.start === 0);
  const across = toCell ? model.layout.rowOf(toCell).filter((s) => s.box.Left > toCell.box.Left + toCell.box.Width + 0.1) : [];
  const boundary = across.length ? Math.min(...across.map((s) => s.box.Left)) : Infinity;
  const inColumn = (l: Line) =>
    boundary === Infinity
      ? l.text
      : model.layout.segments
          .filter((s) => s.line === l && s.box.Left < boundary - 0.01)
          .map((s) => s.text)
          .join(' ');
  const rest = clean(TO_LINE.exec(inColumn(to.line))?.[1] ?? '');
  if (rest.length >= 3 && !NOT_A_NAME.test(rest) && !SALUTATION.test(rest)) return { line: to.line, name: rest };
  const below = boundary === Infinity ? model.linesAfter(to.line, 2) : model.linesAfter(to.line, 8).filter((l) => inColumn(l)).slice(0, 2);
  for (const next of below) {
    const name = clean(inColumn(next));
    if (SALUTATION.test(name)) continue;
    if (name.length < 3 || NOT_A_NAME.test(name) || /\d{3,}/.test(inColumn(next))) return undefined;
    return { line: next, name };
  }
  return undefined;
}

function centre(b: { Left: number; Width: number }): number {
  return b.Left + b.Width / 2;
}

/**
 * A line printed between a name and its address that is not address: a registration or tax
 * number, alone or after its label ("(21109-A)", "78911 7-W", "CO-REG : 860671-D", "(GST Reg No.
 * 001492992000)", "GSTIN: ..."), or a short code after its label ("Site: 1046", "Branch: 12").
 */
export function isRegistrationLine(text: string): boolean {
  const t = text.trim();
  const digits = (t.match(/\d/g) ?? []).length;
  // words that label a registration or an outlet code; what is left must be the number itself
  const rest = t
    .replace(/\b(?:co(?:mpany)?|reg(?:istration|istered|n)?|no|n[ao0]|number|roc|cin|gst(?:in|\s*id)?|sst|vat|tin|uen|id|ref|business|site|store|branch|outlet|code|licen[cs]e)\b\.?/gi, ' ')
    .replace(/[\s(){}\[\]:;.,#|\/\-–—"'’]+/g, ' ')
    .trim();
  if (digits >= 5 && /^(?:[A-Z]{0,4}\d[\dA-Z ]*)?$/i.test(rest) && (rest.match(/[A-Z]/gi) ?? []).length <= 4) return true;
  // "Site: 1046": an outlet code under its label
  return /^[A-Za-z][A-Za-z .]{1,15}:\s*[A-Z]{0,3}\d{2,8}\s*$/.test(t);
}

/**
 * The address under a name segment, followed down its column: each next line starts at the same
 * left edge, ends at the same right edge or shares the same centre (a centred letterhead), within
 * about two line heights; a registration line right under the name is skipped; it stops at a
 * label (`stop`), a phone/date line, or after the PIN code (and a state line after it).
 */
/** What a shop deals in, printed under its name ("Dealers in : All Brand Mobiles, LED TV ..."): not its address. */
// ("Authorised Dealer : Mobiles, LED TV & Home Appliances": the trade after a colon)
export const TRADE_LINE = /^\s*(?:dealers?|deals|specialists?|authori[sz]ed\s+(?:dealers?|distributors?|service\s+cent(?:er|re))|distributors?|stockists?|wholesalers?|retailers?)(?:\s+(?:in|of|for)\b|\s*:\s*[A-Za-z])/i;

/**
 * Whom a shop belongs to, or which branch it is, printed between its name and its address
 * ("Licensee of McDonald's", "A unit of Sharma Industries", "(Mutiara Rini 16)"): not its address.
 * A landmark in brackets ("(Near Bus Stand)") is address, and a number in brackets a registration
 * line (which has its own rules), so neither counts.
 */
export const AFFILIATION_LINE = /^\s*(?:(?:a\s+)?(?:licensee|franchisee|unit|division|subsidiary)\s+of\b|(?:operated|managed|owned)\s+by\b|\((?!\s*(?:near|opp|behind|beside|next|above|off)\b)(?![^()]*\d{4})[^():]*\)\s*[,.]?\s*$)/i;

/**
 * A letterhead's tagline between the name and its address: no digits, and either activities set
 * apart by bullets ("Design • Supply • Installation") or what the firm is or offers ("MNRE
 * Empanelled Vendor", "Solar Systems for Homes, Shops & Schools", "Sales & Service of …"). Not its address.
 */
// (and the trade it deals in: "Dealers in all kinds of …", "Authorised Dealer", a Hindi bill's "… ke Vikreta" (seller) or "Vitarak" (distributor);
// a phone shop's offer: "All Brands Mobile Phones on Easy EMI", "Finance Available")
export const TAGLINE_LINE = /^(?!.*\d)(?:.*[A-Za-z]\s+[•·*+»|]+\s+[A-Za-z].*|.*\b(?:empanell?ed|(?:systems?|solutions?|services?|products?)\s+for|sales\s*(?:&|and)\s*service|dealers?\s+(?:in|of)|authori[sz]ed\s+(?:dealer|distributor)|vikreta|vitarak|all\s+brands?|(?:easy|no[\s-]*cost|zero[\s-]*down)\s+emi|(?:emi|finance|loan)\s+(?:available|facility))\b.*)$/i;

export function addressBelow(
  model: DocumentModel,
  nameSeg: Segment,
  opts: { stop: RegExp; maxLines?: number; needsDigit?: boolean },
): { text: string; words: Word[] } | undefined {
  const lay = model.layout;
  const max = opts.maxLines ?? 5;
  const parts: string[] = [];
  const words: Word[] = [];
  let cur: Segment = nameSeg;
  let skipped = 0;
  let pin = false;
  for (let guard = 0; guard < max + 3; guard++) {
    const h = Math.max(cur.box.Height, nameSeg.box.Height * 0.6, 0.004);
    const next = lay.segments
      .filter((s) => {
        if (s.page !== cur.page || s.line === cur.line || s.box.Top <= cur.box.Top + h * 0.5) return false;
        if (s.box.Top - (cur.box.Top + cur.box.Height) > h * 1.8) return false;
        const left = Math.abs(s.box.Left - cur.box.Left) <= h * 1.2;
        const right = Math.abs(s.box.Left + s.box.Width - (cur.box.Left + cur.box.Width)) <= h * 1.2;
        const mid = Math.abs(centre(s.box) - centre(cur.box)) <= h * 1.2;
        // the very next line, mostly under this one (a receipt's ragged, slightly skewed lines)
        const ov = Math.min(s.box.Left + s.box.Width, cur.box.Left + cur.box.Width) - Math.max(s.box.Left, cur.box.Left);
        const under = s.line.index === cur.line.index + 1 && ov >= Math.min(s.box.Width, cur.box.Width) * 0.6;
        return left || right || mid || under;
      })
      .sort((a, b) => a.box.Top - b.box.Top)[0];
    if (!next || lay.isProseLine(next.line)) break;
    const text = tidy(next.text);
    if (!parts.length && skipped < 3 && (isRegistrationLine(text) || TRADE_LINE.test(text) || AFFILIATION_LINE.test(text) || TAGLINE_LINE.test(text))) {
      skipped++;
      cur = next;
      continue;
    }
    if (opts.stop.test(text) || lay.isKey(next)) break;
    if (pin && !isStateLine(text)) break;
    parts.push(text);
    words.push(...next.words);
    cur = next;
    // a PIN code, or a postcode heading the line's city ("56000 Kuala Lumpur"): the address's last line
    if (hasPincode(text) || /^\s*\d{5}\s+\p{L}/u.test(text)) pin = true;
    if ((pin && isStateLine(text)) || parts.length >= max) break;
  }
  if (!parts.length) return undefined;
  const joined = joinAddress(parts);
  if (opts.needsDigit !== false && !/\d|road|nagar|street|market|sector|floor|shop|jalan|lane/i.test(joined)) return undefined;
  return { text: joined, words };
}

/**
 * The value of a key-value pair, or, when what sits beside the key is not a value for it (the
 * next column's header: "Invoice To:" beside "Invoice Details"), the segment under the key.
 */
export function pairValue(model: DocumentModel, p: KeyValue, accept: (text: string) => boolean): { text: string; words: Word[]; segment?: Segment } | undefined {
  if (accept(p.value)) return { text: p.value, words: p.valueWords, segment: p.valueSegment };
  const key = p.keySegment;
  if (!key || p.via === 'below') return undefined;
  // Only a key that is all label ("Invoice To:"), not "Name: Ritu" whose value failed.
  if (p.via === 'colon' && p.valueSegment === key) return undefined;
  const under = model.layout.segmentBelow(key, 1.6);
  if (!under || model.layout.isKey(under) || !accept(under.text)) return undefined;
  return { text: under.text, words: under.words, segment: under };
}

/** A document date of a sale or an order: not before 2000, nor years ahead (a misread "04 - 2/60" is no invoice date). */
export function isDocumentYear(ddmmyyyy: string): boolean {
  const y = Number(ddmmyyyy.slice(-4));
  return y >= 2000 && y <= new Date().getUTCFullYear() + 2;
}

/**
 * Dates in a text as OCR breaks them on receipts: `findDates`, then readings with a space for
 * the second separator ("09- 06 2018") or the first one lost before a time ("2109/2017 10:20").
 * Only document years (isDocumentYear).
 */
export function findDocumentDates(text: string): { value: string; index: number; length: number }[] {
  const strict = findDates(text).filter((d) => isDocumentYear(d.value));
  if (strict.length) return strict;
  const out: { value: string; index: number; length: number }[] = [];
  const pad = (n: string) => n.padStart(2, '0');
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\s?([-/.])\s?(\d{1,2})\s(\d{4})(?!\d)|(?<!\d)(\d{2})(\d{2})([-/.])(\d{4})(?=\s+\d{1,2}[:.]\d{2})/g)) {
    const [d, mo, y] = m[1] ? [m[1], m[3], m[4]] : [m[5], m[6], m[8]];
    const value = `${pad(d)}/${pad(mo)}/${y}`;
    const parsed = findDates(value)[0];
    if (parsed && parsed.value === value && isDocumentYear(value)) out.push({ value, index: m.index, length: m[0].length });
  }
  return out;
}
