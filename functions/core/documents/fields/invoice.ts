/**
 * Tax invoice: customer_name, customer_address, dealership_name, dealer_address, dealer_gst,
 * total_invoice_amount (number), invoice_date, invoice_number, customer_mobile_number.
 */
import type { DocumentModel, LabelOptions, Line, Word } from '../blocks.ts';
import type { KeyValue, Segment } from '../layout.ts';
import { findAmounts, findDates, findMobiles } from '../validators.ts';
import { addressUnder, letterheadAddress, letterheadLine, letterheadName, letterheadText, signatureName } from './header.ts';
import { addressForKey, addressFromPair, addressUnderSegment, labelSegments, nameUnderHeading, pairInSection } from './layoutFields.ts';
import { gstinCandidates } from './gstin.ts';
import { BUSINESS_NAME_STOP } from './labelReach.ts';
import { TOTAL_LABELS } from './totals.ts';
import { ID_VALUE } from './referenceNumber.ts';
import { amountInWords, amountWords, findDocumentDates, joinSplitDecimals, pairValue, personName, rowAmounts, tenderedLessChange, withoutFirmTitle } from './commercial.ts';
import { plausible } from '../plausibility.ts';
import { HEURISTIC_CAP } from '../confidence.ts';
import { isProse } from '../layout.ts';
import {
  addressAfter,
  addressField,
  cleanName,
  hasPincode,
  joinAddress,
  field,
  idField,
  labelledAddress,
  labelledDate,
  labelledText,
  looksLikeName,
  type ExtractedField,
  type Extractor,
} from './common.ts';

// ("Customer Copy" beside the title, "Customer's Signature" at the foot: no customer's block starts there)
const CUSTOMER_SECTION = /bill(?:ed)?\s*to\b|billing\s*address|invoice\s*to\b|buyer|customer(?!\s*(?:care|support|service|copy|'?s?\s*sign))|consignee|ship(?:ped)?\s*to|sold\s*to|details\s*of\s*receiver|\brecipient\b(?!\s+in\b)|party\s*(?:name|details|address)/i;
/** Keys of another identifier a GSTIN-shaped value may be read under: never the dealer's GSTIN. */
const OTHER_ID_KEY = /\b(?:PAN|CIN|TAN|LLPIN|IEC|FSSAI|udyam|msme|IRN|ack)\b/i;
const CUSTOMER_NAME_LABELS = [
  /customer(?:'s)?\s*name/i,
  /buyer(?:'s)?\s*name/i,
  /name\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser)/i,
  /bill(?:ed)?\s*to\b/i,
  /sold\s*to/i,
  /\bbuyer\b/i,
  // ("Customer Care", "Customer's Signature", "Customer Copy" name no customer)
  /\bcustomer\b(?!\s*(?:care|support|service|copy|signature|sign|id|code|no\b|number))/i,
  // a bill book's pre-printed choice of titles before the buyer's name ("M/s. / Shri ______")
  /^\s*(?:m\/s|shri|sri|smt|mr|mrs|ms)\.?(?:\s*\/\s*(?:m\/s|shri|sri|smt|mr|mrs|ms)\.?)+/i,
];
/** A bill book's serial alone in its cell ("No. 2084"): the bill's number. */
const SERIAL_CELL = /^\s*No\s*[.:]\s*([A-Z]{0,4}[-/]?\d{1,8})\s*$/;
/** Words of a locality or a building, not of a person's name ("Shivaji Nagar", "Green Park Society"). */
const ADDRESS_WORD = /\b(?:nagar|road|street|st|marg|lane|colony|sector|society|apartments?|complex|building|bldg|floor|block|layout|chowk|bazaar|market|plot|flat|house|village|taluka|district|park|vihar|enclave|residency|tower|plaza|east|west|north|south)\b/i;
const NAME_STOP = /\s{2,}|\b(?:mobile|mob|ph|phone|date|gstin|invoice|address|contact)\b/i;

/**
 * The invoice total: every line carrying a total label is a candidate, its value the rightmost
 * amount of the label's row (the label's own line, then the cells to its right: a table's
 * "Total | 1 Nos | ₹ 9,199.00" row). Amounts written with paise or a currency mark beat bare
 * numbers (receipts print "Total Qty: 4" beside "Total: 4.10"); then the label's rank in
 * TOTAL_LABELS; then the earlier line. The amount printed in words ("Rupees ... Only") settles
 * a choice between candidates and confirms the total.
 */
export function invoiceTotal(model: DocumentModel, labels: readonly RegExp[] = TOTAL_LABELS): ExtractedField | undefined {
  type Candidate = { rank: number; money: boolean; currency: boolean; index: number; value: number; words: Word[] };
  let best: Candidate | undefined;
  const seen: number[] = [];
  const all: Candidate[] = [];
  // money first; then the label's rank; then a currency mark (the payable total is the one printed "₹"/"Rs."/"RM"); then the earlier line
  const better = (c: Candidate, b: Candidate) =>
    Number(c.money) - Number(b.money) || b.rank - c.rank || Number(c.currency) - Number(b.currency) || b.index - c.index;
  labels.forEach((label, rank) => {
    for (const { line, match } of model.findLines(label)) {
      // "Amount in words: as per the total above": a sentence naming the total is not its row.
      // (judged on the label's own cell: terms printed beside the totals column make the line prose, not the cell)
      const cell = model.layout.segments.find((x) => x.line === line && x.start <= match.index && x.end >= match.index + match[0].length);
      if (model.layout.isProseLine(line) && match.index > 2 && (!cell || isProse(cell.text) || cell.start === 0)) continue;
      let amounts = rowAmounts(model, line, match.index + match[0].length).filter((a) => a.hit.value > 0);
      // a totals row printed as captions above their values ("Tax'ble Amt | … | Total Inv. Amt" over "82,000.00 | … | 96,760.00")
      if (!amounts.length && cell) amounts = captionValue(model, cell);
      const money = amounts.filter((a) => a.hit.currency || a.hit.decimals);
      const a = money[money.length - 1] ?? amounts[amounts.length - 1];
      if (!a) continue;
      const c = { rank, money: a.hit.currency || a.hit.decimals, currency: a.hit.currency, index: a.line.index, value: a.hit.value, words: amountWords(model, a) };
      if (c.money) seen.push(c.value);
      all.push(c);
      if (!best || better(c, best) > 0) best = c;
    }
  });
  // No readable total, or only a bare number: what was tendered less the change is what was payable.
  const tender = tenderedLessChange(model);
  if (tender && (!best || !best.money)) {
    const same = all.find((c) => c.money && Math.abs(c.value - tender.value) < 0.005);
    best = same ?? { rank: labels.length, money: true, currency: false, index: model.lines.length, value: tender.value, words: tender.words };
  }
  if (!best) return undefined;
  // A rounding line ("Rounding Adj -0.01", "Round Off") settles the total: the payable amount is
  // the total printed after it, not the one before.
  const rounding = model.lines.find((l) => /\bround(?:ing|ed|\s*off)?\b/i.test(l.text) && !/total/i.test(l.text));
  if (rounding && best.index < rounding.index) {
    const after = all.filter((c) => c.money && c.index > rounding.index).sort((a, b) => a.index - b.index)[0];
    if (after) best = after;
    // no total printed after the rounding, but the tender less the change says the rounded amount
    // (only when the rounding comes before the tender: a rounding printed after the cash belongs to the change)
    else if (tender && tender.index > rounding.index && tender.value !== best.value && Math.abs(tender.value - best.value) <= 0.05) best = { ...best, value: tender.value, words: tender.words };
  }
  // A total followed by its taxes and a larger amount they add up to is a sub-total: the payable
  // total is that amount ("Total 50,838.98 / CGST 4,575.51 / SGST 4,575.51 / G. Total 59,990.00").
  const grand = best.money ? totalAfterTaxes(model, best.index, best.value) : undefined;
  if (grand) best = { ...best, index: grand.index, value: grand.value, words: grand.words };
  // The amount in words is a second printing of the total: it picks among the candidates.
  const words = amountInWords(model);
  const spelled = words ? all.filter((c) => Math.abs(c.value - words.value) < 0.005).sort((a, b) => Number(b.money) - Number(a.money) || a.rank - b.rank || a.index - b.index)[0] : undefined;
  if (spelled) best = spelled;
  // The amount in words printed without its paise checks the rupees ("Two Lakh Sixty Six Thousand Five
  // Hundred Eighty Four Only" under 2,66,584.13); words that disagree say a digit was misread.
  const rupeesAgree = !!words && !words.paise && Math.floor(best.value) === words.value;
  // (of the same magnitude: words cut short by OCR, "... Nine Hundred Ninety Only", read as 990, prove nothing)
  const wordsDisagree = !!words && !spelled && !rupeesAgree && Math.abs(Math.floor(best.value) - Math.floor(words.value)) >= 1 && Math.abs(words.value - best.value) < best.value * 0.2;
  const f = field(best.value, best.words, { kind: 'structure', pass: true });
  // A total is confirmed by a second reading: the same amount printed again (amount due, cash,
  // in words), or the item amounts above it adding up to it. Otherwise (a total before rounding,
  // a cash tendered, a misread digit) the pick is uncertain, the more so when other totals disagree.
  const b = best.value;
  const money = model.lines.flatMap((l) => findAmounts(joinSplitDecimals(l.text)).filter((a) => a.currency || a.decimals).map((a) => a.value));
  const printedTwice = money.filter((v) => Math.abs(v - b) < 0.005).length >= 2 || !!spelled || rupeesAgree || (!!tender && Math.abs(tender.value - b) < 0.005);
  const disagree = seen.some((v) => Math.abs(v - b) >= 0.005);
  const bi = best.index;
  // (a "Total" above it plus the taxes between them make it: the arithmetic is printed)
  const subTotalUnder = model.findLines(/\btotal\b/i).some(({ line, match }) => {
    if (line.index >= bi) return false;
    const a = rowAmounts(model, line, match.index + match[0].length).filter((x) => x.hit.decimals || x.hit.currency).pop();
    return !!a && a.hit.value < b && totalAfterTaxes(model, line.index, a.hit.value)?.value === b;
  });
  const addsUp = (!!grand && grand.value === b) || subTotalUnder || itemsAddUp(model, best.index, b) || taxesAddUp(model, best.index, b);
  if (!printedTwice && !addsUp) f.confidence_score = Math.min(f.confidence_score, disagree || !best.money ? 0.5 : 0.6);
  // the printed arithmetic contradicting the total (sub-total + taxes != total), nothing confirming it: a misread digit
  if (wordsDisagree || (!printedTwice && !addsUp && taxArithmetic(model, best.index, b) === 'disagree')) f.confidence_score = Math.min(f.confidence_score, WORDS_DISAGREE_CAP);
  return f;
}

/**
 * The amount under a caption cell, when the caption heads a single row of values (a totals row
 * printed captions above values): the cell right under it holds one amount and nothing under that
 * one in its column is another amount (a table column's header heads many).
 */
export function captionValue(model: DocumentModel, cell: Segment): ReturnType<typeof rowAmounts> {
  const lay = model.layout;
  const under = lay.segmentBelow(cell, 3);
  // (the next line of text, an OCR speck between them aside)
  if (!under || model.lines.slice(cell.line.index + 1, under.line.index).some((l) => /[\p{L}\p{N}]{2}/u.test(l.text))) return [];
  const hits = findAmounts(joinSplitDecimals(under.text)).filter((a) => a.value > 0 && (a.decimals || a.currency));
  if (hits.length !== 1 || /[A-Za-z]{3,}/.test(under.text.replace(/\b(?:rs|inr)\b/gi, ''))) return [];
  const next = lay.segmentBelow(under, 1.6);
  if (next && findAmounts(next.text).some((a) => a.decimals || a.currency)) return [];
  return [{ hit: hits[0], line: under.line, offset: under.start }];
}

/**
 * A caption cell alone over its value, printed a little further down than a key-value pair allows
 * (continuous stationery: small pre-printed captions, the values struck in a larger type under them).
 * A label in a line's evidence: the value's place says which caption it belongs to.
 */
function captionBelow(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  const caps = labelSegments(model, labels, 2);
  for (const cap of caps) {
    const under = model.layout.segmentBelow(cap, 3);
    if (!under || model.layout.isKey(under) || caps.includes(under)) continue;
    const m = ID_VALUE.exec(under.text.trim());
    if (m && /\d/.test(m[1]) && m[1].length >= under.text.trim().length - 2) return field(m[1], under.words, { kind: 'labelled', via: 'line' });
  }
  return undefined;
}

/** Ceiling for a total its amount in words or its printed arithmetic contradicts (a misread digit): review, like an implausible value. */
const WORDS_DISAGREE_CAP = 0.4;
/** A customer's value read outside the customer's block (docs/confidence.md). */
export const OUTSIDE_BLOCK_CAP = 0.5;
/** A cell holding an Indian mobile number and nothing else. */
const BARE_MOBILE = /^\s*(?:\+?91[\s-]?)?[6-9]\d{4}\s?\d{5}\s*$/;
/** A label that names the customer itself ("Customer Mobile", "Buyer's Phone"). */
const CUSTOMER_LABEL = /cust|buyer|party|client|purchaser|consignee/i;
/** `l` sits above `ref` on its page by more than half a line. */
function above(l: Line | undefined, ref: Line): boolean {
  return !!l && l.page === ref.page && l.box.Top + ref.box.Height * 0.5 < ref.box.Top;
}

const NOT_AN_ITEM = /total|tax|gst|vat|sst|round|disc|cash|change|tender|balance|paid|due|payable|saving|deposit|service\s*charge/i;

const SUBTOTAL = /\b(?:sub[\s-]*total|taxable\s*(?:value|amount)|total\s*before\s*tax|net\s*value|amount\s*before\s*tax|total\s*excl)/i;
const TAX_LINE = /\b(?:[cs]gst|igst|ugst|gst|vat|sst|cess|tax|round(?:ing)?(?:\s*off)?|freight|packing|discount)\b/i;

/**
 * Does the sub-total plus the taxes (and a round-off, freight, less a discount) between it and
 * the total add up to the total? "Sub Total 1,74,000.00 / CGST 9% 15,660.00 / SGST 9% 15,660.00 /
 * Round Off 0.00 / Grand Total 2,05,320.00": the printed arithmetic confirms the total.
 */
function taxesAddUp(model: DocumentModel, totalIndex: number, total: number): boolean {
  return taxArithmetic(model, totalIndex, total) === 'agree';
}

/** The sub-total and taxes above the total: 'agree' when they add up to it, 'disagree' when taxes were printed and they do not. */
function taxArithmetic(model: DocumentModel, totalIndex: number, total: number): 'agree' | 'disagree' | undefined {
  const page = model.lines[totalIndex]?.page;
  const lines = model.lines.filter((l) => l.page === page && l.index < totalIndex);
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 12; i--) {
    const sub = SUBTOTAL.exec(lines[i].text);
    if (!sub) continue;
    const base = rowAmounts(model, lines[i], sub.index + sub[0].length).filter((a) => a.hit.decimals || a.hit.currency).pop();
    if (!base) continue;
    let sum = base.hit.value;
    let taxes = 0;
    for (const l of lines.slice(i + 1)) {
      const t = TAX_LINE.exec(l.text);
      if (!t) continue;
      const a = rowAmounts(model, l, t.index + t[0].length).filter((x) => x.hit.decimals || x.hit.currency).pop();
      if (!a) continue;
      const negative = /disc|less/i.test(l.text) || /-\s*$/.test(l.text.slice(0, t.index + t[0].length + a.hit.index)) || /\(-|-\s*[\d.]/.test(l.text.slice(t.index));
      sum += negative ? -a.hit.value : a.hit.value;
      taxes++;
    }
    if (Math.abs(sum - total) < 0.011 || Math.abs(Math.round(sum) - total) < 0.011) return 'agree';
    // (one digit apart, "2,66,584.13" printed and "2,66,504.13" read: a misread digit, not a charge left out)
    return taxes && oneDigitApart(sum, total) ? 'disagree' : undefined;
  }
  return undefined;
}

/**
 * The amount a sub-total and the taxes printed after it add up to, on a later total-like line of
 * the same page (within ten lines): that line is the payable total.
 */
function totalAfterTaxes(model: DocumentModel, subIndex: number, sub: number): { value: number; index: number; words: Word[] } | undefined {
  const page = model.lines[subIndex]?.page;
  let sum = sub;
  let taxes = 0;
  for (const l of model.lines.filter((x) => x.page === page && x.index > subIndex).slice(0, 10)) {
    const t = TAX_LINE.exec(l.text);
    if (t && !/total/i.test(l.text)) {
      const a = rowAmounts(model, l, t.index + t[0].length).filter((x) => x.hit.decimals || x.hit.currency).pop();
      if (!a) continue;
      const negative = /disc|less/i.test(l.text);
      sum += negative ? -a.hit.value : a.hit.value;
      taxes++;
      continue;
    }
    const label = /\btotal\b|payable|net\s*amount|amount\s*due/i.exec(l.text);
    if (!label || !taxes || model.layout.isProseLine(l)) continue;
    const a = rowAmounts(model, l, label.index + label[0].length).filter((x) => x.hit.decimals || x.hit.currency).pop();
    if (a && a.hit.value > sub && (Math.abs(a.hit.value - sum) < 0.011 || Math.abs(a.hit.value - Math.round(sum)) < 0.011)) return { value: a.hit.value, index: l.index, words: amountWords(model, a) };
  }
  return undefined;
}

/** Two amounts written alike but for one digit. */
function oneDigitApart(a: number, b: number): boolean {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  return x.length === y.length && [...x].filter((c, i) => c !== y[i]).length === 1;
}

/** Do the last amounts of the lines above the total (items, not taxes or subtotals) add up to it? */
function itemsAddUp(model: DocumentModel, totalIndex: number, total: number): boolean {
  const page = model.lines[totalIndex]?.page;
  let sum = 0;
  let n = 0;
  for (const l of model.lines) {
    if (l.index >= totalIndex || l.page !== page || NOT_AN_ITEM.test(l.text)) continue;
    // (item amounts with paise, or the "/-" of a hand-written bill: "4,500/-")
    const a = findAmounts(l.text).filter((x) => (x.decimals || /\/-\s*$/.test(l.text.slice(x.index, x.index + x.length))) && x.value > 0).pop();
    if (!a) continue;
    sum += a.value;
    n++;
  }
  return n > 0 && Math.abs(sum - total) < 0.011;
}
/** Index of the first line of the customer block (Infinity when there is none). */
/** Which copy the page is ("Original for Buyer", "Duplicate for Transporter"): no party's block starts there. */
const COPY_MARK = /\b(?:original|duplicate|triplicate|quadruplicate|extra\s*copy)\s*(?:copy\s*)?(?:for|of)\b/i;

function customerStart(model: DocumentModel): number {
  return model.findLines(CUSTOMER_SECTION).find((x) => !COPY_MARK.test(x.line.text))?.line.index ?? Infinity;
}

/**
 * The letterhead name, confirmed when the "For <Business>" signature block names the same
 * business: two readings agreeing is evidence a position alone is not.
 */
function agreedName(model: DocumentModel): ExtractedField | undefined {
  const head = letterheadName(model);
  const signature = signatureName(model);
  const norm = (v: unknown) => String(v ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const line = letterheadLine(model);
  if (!head || !signature || !line) return head;
  if (norm(head.value) === norm(signature.value)) return field(head.value, line.words, { kind: 'heuristic', agreed: true });
  // A letter-spaced banner read in pieces ("AAKAS H TE LECOM") is the signature's name ("For AAKASH TELECOM") spaced apart.
  const bare = (x: unknown) => norm(x).replace(/ /g, '');
  if (bare(head.value) === bare(signature.value) && bare(head.value).length >= 6) return field(signature.value, line.words, { kind: 'heuristic', agreed: true });
  return head;
}

/** A party's heading: "Sold To", "Bill To", "Buyer", "Details of Receiver", "Consignee". */
const PARTY_HEADING = /^\s*(?:(?:sold|bill(?:ed)?|ship(?:ped)?|deliver(?:y)?|invoice(?:d)?|consign(?:ed)?)\s*(?:to|by|from)\b|(?:details\s*of\s*)?(?:buyer|receiver|recipient|consignee|customer)(?:'s)?(?:\s*details)?\s*$)/i;

/** The billed party's heading over its block: "Buyer (Bill to)", "Buyer", "Billed to", "Bill to", "Party", "Party Name". */
const BUYER_HEADINGS = [/^\s*(?:buyer(?:'s)?|bill(?:ed)?\s*to|party(?:\s*name)?)(?:\s*\(\s*bill(?:ed)?\s*to\s*\))?\s*:?\s*$/i];

/** A party's block heading that is the seller's: a "Name" under it is the dealer's, not the customer's. */
const SELLER_HEADING = /\b(?:dealer|seller|supplier|vendor|sold\s*by|bill(?:ed)?\s*from|ship(?:ped)?\s*from)\b/i;

/**
 * A bill book's bare "Name ______" (no party named in the key) under the seller's block: the seller
 * prints itself in the letterhead, so the name written on the form is the customer's. Not when a
 * seller's heading stands between the letterhead and the key.
 */
function bareNameRead(model: DocumentModel, sellerEnd: number, accept: (v: string) => boolean): { p?: KeyValue; v: NonNullable<ReturnType<typeof pairValue>> } | undefined {
  const page = model.lines[0]?.page;
  const sellerBetween = (at: number) => model.lines.some((l) => l.index >= sellerEnd && l.index < at && SELLER_HEADING.test(l.text));
  for (const p of model.layout.find([/^\s*name\s*(?:of\s*(?:the\s*)?)?$/i], 0)) {
    const key = p.keySegment?.line;
    if (!key || key.page !== page || key.index <= sellerEnd || sellerBetween(key.index)) continue;
    const v = pairValue(model, p, accept);
    if (v) return { p, v };
  }
  // the key and the written name read as one cell ("Name Smt. Harpreet Chaudhary")
  for (const l of model.lines) {
    if (l.page !== page || l.index <= sellerEnd || model.layout.isProseLine(l)) continue;
    const m = /^\s*name\s*[:.\-]?\s+/i.exec(l.text);
    if (!m || sellerBetween(l.index)) continue;
    const rest = l.text.slice(m[0].length);
    const text = rest.split(NAME_STOP)[0].trim();
    if (text && accept(text)) return { v: { text, words: model.wordsInRange(l, m[0].length, m[0].length + rest.indexOf(text) + text.length) } };
  }
  return undefined;
}

/**
 * The line printing the seller's name in the top half of page 1, when no letterhead line was found
 * (an e-invoice's seller cell under its IRN block): the name the signature or a label gave.
 */
function nameCell(model: DocumentModel, name: unknown): Line | undefined {
  if (typeof name !== 'string' || name.length < 3) return undefined;
  const norm = (x: string) => x.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const page = model.lines[0]?.page;
  return model.lines.find((l) => l.page === page && l.box.Top < 0.5 && norm(letterheadText(l)) === norm(name));
}

/**
 * The seller's cell prints its name, its address and then its GSTIN: the address lines ending with
 * a PIN right above the seller's GSTIN in its column (its name line, without digits, above them ends it).
 * Position only: heuristic, capped.
 */
function addressAboveGstin(model: DocumentModel, gstinLine: Line): ExtractedField | undefined {
  const lay = model.layout;
  let cur = lay.segments.find((x) => x.line === gstinLine && /gst/i.test(x.text)) ?? lay.segments.find((x) => x.line === gstinLine);
  const parts: Segment[] = [];
  while (cur && parts.length < 4) {
    const above = lay.segmentAbove(cur);
    if (!above || lay.isKey(above) || lay.isProseLine(above.line) || !(/\d/.test(above.text) || ADDRESS_WORD.test(above.text)) || /gstin|invoice|irn|ack|e-?way/i.test(above.text)) break;
    parts.unshift(above);
    cur = above;
  }
  if (!parts.length || !hasPincode(parts[parts.length - 1].text)) return undefined;
  const f = field(joinAddress(parts.map((x) => x.text)), parts.flatMap((x) => x.words), { kind: 'heuristic' });
  return { ...f, confidence_score: Math.min(f.confidence_score, HEURISTIC_CAP) };
}

/**
 * The customer's column when its heading shares a row with the seller's ("Supplier | Recipient",
 * boxes side by side): from the customer's heading to the seller's (or the page's edge).
 */
export function customerColumn(model: DocumentModel, customer: readonly RegExp[], seller: readonly RegExp[]): { from: number; to: number } | undefined {
  const sellers = labelSegments(model, seller, 2);
  for (const c of labelSegments(model, customer, 2)) {
    const s = sellers.find((x) => x !== c && x.page === c.page && model.layout.rowOf(c).includes(x));
    if (!s) continue;
    return s.box.Left < c.box.Left ? { from: c.box.Left - 0.02, to: 2 } : { from: -1, to: s.box.Left - 0.02 };
  }
  return undefined;
}

export const extractInvoice: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const custAt = customerStart(model);

  // Dealer GSTIN: the seller's block comes before the customer block; a buyer GSTIN may follow.
  const gstins = gstinCandidates(model);
  // The key a GSTIN is printed under (a cell beside or under it, or "Key: value"): another party's
  // ("Buyer's GSTIN", "GSTIN of Recipient") or another identifier's ("PAN", "CIN") is never the dealer's;
  // a seller's own ("Seller's GSTIN", "Our GSTIN") is, wherever the buyer's block starts.
  const compact = (t: string) => t.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const keyOf = (x: (typeof gstins)[number]) => model.layout.pairs.find((p) => compact(p.value).includes(compact(x.value)) && p.valueWords.some((w) => x.words.includes(w)))?.key;
  const otherKey = (x: (typeof gstins)[number]) => {
    const k = keyOf(x);
    return !!k && (CUSTOMER_SECTION.test(k) || (OTHER_ID_KEY.test(k) && !/\bgst/i.test(k)));
  };
  const sellerKey = (x: (typeof gstins)[number]) => {
    const k = keyOf(x);
    return !!k && V('dealer_gst').labels.some((l) => l.test(k)) && !otherKey(x);
  };
  const own = gstins.filter((x) => !otherKey(x));
  const g =
    gstins.find((x) => x.valid && sellerKey(x)) ??
    own.find((x) => x.valid && x.line.index < custAt) ??
    // (under a GST key of its own rather than a value whose caption went unread: "CIN | 29AAB…" above "GSTIN No. | 27AAP…")
    own.find((x) => x.valid && /\bgst/i.test(keyOf(x) ?? '') && !CUSTOMER_SECTION.test(x.line.text)) ??
    own.find((x) => x.valid && !CUSTOMER_SECTION.test(x.line.text)) ??
    own.find((x) => x.valid) ??
    gstins.find((x) => x.valid && x.line.index < custAt) ??
    gstins.find((x) => x.valid && !CUSTOMER_SECTION.test(x.line.text)) ??
    gstins.find((x) => x.valid) ??
    gstins[0];
  if (g) found.dealer_gst = idField({ ...g, check: 'checksum' }, g.words);

  // (another party's heading read beside the seller's, "Sold By | Sold To", names no business)
  const isBusiness = (v: string) => v.length >= 3 && !/\d{3,}/.test(v) && !/invoice|gstin|original|recipient/i.test(v) && !PARTY_HEADING.test(v);
  const dealerPair = model.layout.find(V('dealership_name').labels).find((p) => isBusiness(cleanName(p.value)));
  // "Billed To | Deliver To": a delivery heading on the customer's row heads the consignee's box (ship-to), not the seller's
  const customerHeads = labelSegments(model, V('customer_name').sections ?? [], 2);
  const shipTo = (re: RegExp) => re.test('Deliver To') && labelSegments(model, [re], 2).some((h) => customerHeads.some((c) => c !== h && model.layout.rowOf(c).includes(h)));
  const sellerSections = (name: string) => (V(name).sections ?? []).filter((re) => !shipTo(re));
  const sellerHead = nameUnderHeading(model, sellerSections('dealership_name'), (t) => isBusiness(cleanName(t)));
  found.dealership_name =
    (dealerPair ? field(cleanName(dealerPair.value), dealerPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, [/(?:dealer(?:ship)?|seller|sold\s*by|supplier)(?:'s)?\s*name/i, /sold\s*by/i], { stop: BUSINESS_NAME_STOP, clean: cleanName, accept: isBusiness }) ??
    (sellerHead ? field(cleanName(sellerHead.text), sellerHead.words, { kind: 'labelled' }) : undefined) ??
    agreedName(model) ??
    signatureName(model);

  found.dealer_address =
    addressForKey(model, V('dealer_address').labels) ??
    addressUnderSegment(model, dealerPair?.valueSegment) ??
    labelledAddress(model, [/(?:dealer|seller|supplier)(?:'s)?\s*address/i]) ??
    // the seller's heading over its block ("Supplier Details" / its name / its address)
    addressUnderSegment(model, nameUnderHeading(model, sellerSections('dealer_address'), (t) => !/\d{3,}/.test(t) && t.length >= 3)) ??
    letterheadAddress(model, letterheadLine(model) ?? nameCell(model, found.dealership_name?.value)) ??
    (g?.valid ? addressAboveGstin(model, g.line) : undefined);

  const custV = V('customer_name');
  const isCustomer = (v: string) => looksLikeName(personName(v)) && plausible('customer_name', personName(v)) !== 'fail';
  let custRead: { p?: KeyValue; v?: { text: string; words: Segment['words']; segment?: Segment } } | undefined =
    model.layout
      .find(custV.labels)
      .map((p) => ({ p, v: pairValue(model, p, isCustomer) }))
      .find((x) => x.v) ??
    [pairInSection(model, custV.sections ?? [], custV.inSection ?? [])].filter((p) => p && isCustomer(p.value)).map((p) => ({ p: p!, v: { text: p!.value, words: p!.valueWords, segment: p!.valueSegment } }))[0] ??
    bareNameRead(model, g?.line.index ?? letterheadLine(model)?.index ?? -1, isCustomer) ??
    // the customer's heading over its block, the name on its first line ("Details of Receiver (Billed to)" / "Shri Naveen Banerjee")
    [nameUnderHeading(model, custV.sections ?? [], (t) => isCustomer(t) && !ADDRESS_WORD.test(t))].filter((x) => !!x).map((x) => ({ v: { text: x!.text, words: x!.words, segment: x } }))[0];
  // A consignee's (ship-to) block printed above the buyer's (a Tally voucher: "Consignee (Ship to)" over "Buyer (Bill to)" /
  // "Party"): the party billed is the customer; the consignee only when no buyer's block follows it.
  if (custRead?.p && /consignee|ship(?:ped)?\s*to/i.test(custRead.p.key)) {
    const consignee = custRead.p.keySegment;
    const buyer = nameUnderHeading(model, BUYER_HEADINGS, (t) => isCustomer(t) && !ADDRESS_WORD.test(t));
    if (buyer && consignee && (buyer.page > consignee.page || (buyer.page === consignee.page && buyer.box.Top > consignee.box.Top))) custRead = { v: { text: buyer.text, words: buyer.words, segment: buyer } };
  }
  const custPair = custRead?.p;
  found.customer_name =
    (custRead?.v ? field(personName(custRead.v.text), custRead.v.words, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, CUSTOMER_NAME_LABELS, {
      via: ['same-line', 'right', 'below'],
      stop: NAME_STOP,
      clean: personName,
      accept: (v) => looksLikeName(v) && v.split(/\s+/).length >= 2 && plausible('customer_name', v) !== 'fail',
    });
  // No label names the customer (its heading lost to OCR, or never printed): the first person's name
  // after the seller's block with a PIN-ending address under it in its column is the recipient's
  // block. Position only: heuristic evidence (≤ 0.6).
  let unlabelledAddress: ExtractedField | undefined;
  if (!found.customer_name && custAt === Infinity) {
    const sellerEnd = g?.line.index ?? -1;
    const dealer = typeof found.dealership_name?.value === 'string' ? found.dealership_name.value.toLowerCase() : '';
    for (const s of model.layout.segments) {
      if (s.line.index <= sellerEnd || s.page !== model.lines[0]?.page || model.layout.isProseLine(s.line) || model.layout.isKey(s)) continue;
      const v = personName(s.text);
      const n = v.split(/\s+/).length;
      if (n < 2 || n > 4 || v.toLowerCase() === dealer || !looksLikeName(v) || plausible('customer_name', v) !== 'pass' || ADDRESS_WORD.test(v)) continue;
      const a = addressUnderSegment(model, s);
      if (!a || typeof a.value !== 'string' || !hasPincode(a.value)) continue;
      found.customer_name = field(v, s.words, { kind: 'heuristic' });
      unlabelledAddress = { ...a, confidence_score: Math.min(a.confidence_score, HEURISTIC_CAP) };
      break;
    }
  }
  // Where the customer's block starts: its section header, or the customer's own key.
  const custKeyLine = custPair?.keySegment?.line;
  // (or the line the customer's name was read on, when no pair or section named it)
  const nameLine = (() => {
    const v = found.customer_name?.value;
    if (typeof v !== 'string' || !v) return undefined;
    return model.lines.find((l) => l.text.toLowerCase().includes(v.toLowerCase()));
  })();
  const custFrom = Math.min(custAt, custKeyLine?.index ?? Infinity, nameLine?.index ?? Infinity);

  const addrV = V('customer_address');
  const sectionAddress = pairInSection(model, addrV.sections ?? [], addrV.inSection ?? []);
  found.customer_address =
    addressForKey(model, addrV.labels) ??
    (sectionAddress ? addressFromPair(model, sectionAddress) : undefined) ??
    addressUnderSegment(model, custRead?.v?.segment) ??
    labelledAddress(model, [/(?:customer|buyer|billing|purchaser)(?:'s)?\s*address/i]) ??
    unlabelledAddress ??
    (() => {
      // "Address:" inside the customer block, else the lines under the customer's name
      // (a till roll abbreviates it at the line's start: "Addr:", "Add.")
      const lm = model.findLines(/\baddress\b|^\s*(?:addr\b\.?|add\.)/i).find((x) => x.line.index > custFrom && !model.layout.isProseLine(x.line));
      if (lm) {
        const a = addressAfter(model, lm.line, lm.match.index + lm.match[0].length);
        if (a) return addressField(a);
      }
      const name = typeof found.customer_name?.value === 'string' ? found.customer_name.value : '';
      const nameLine = name ? model.lines.find((l) => l.index >= custFrom && l.text.includes(name)) : undefined;
      return addressUnder(model, nameLine);
    })();

  // "Billing Address:" over the customer's name and address (marketplace invoices): the name heads
  // the block. Taken as the customer when no labelled name was read (or it is that name), and
  // left out of the address.
  const addr = found.customer_address;
  if (addr && typeof addr.value === 'string') {
    const parts = addr.value.split(/,\s*/);
    const head = personName(parts[0] ?? '');
    const current = typeof found.customer_name?.value === 'string' ? found.customer_name.value : '';
    const sameName = !!current && head.toLowerCase() === current.toLowerCase();
    const nameLike = !/\d/.test(parts[0]) && !ADDRESS_WORD.test(parts[0]) && looksLikeName(head) && plausible('customer_name', head) === 'pass';
    if (parts.length >= 3 && nameLike && (sameName || !current || plausible('customer_name', current) === 'fail')) {
      if (!sameName) found.customer_name = { value: head, confidence_score: Math.min(addr.confidence_score, found.customer_name?.confidence_score || 1) };
      found.customer_address = { ...addr, value: parts.slice(1).join(', ') };
    }
  }

  // The customer's mobile: a mobile key-value pair at or below the customer's block (the
  // dealer's phone sits in the letterhead above it); else on a phone label's line, or the line
  // to its right (text-layer PDFs split "Mobile:" and the number into two lines).
  const custTop = custFrom < Infinity ? model.lines[custFrom] : undefined;
  const below = (l: Line | undefined) => !!l && !!custTop && (l.page > custTop.page || (l.page === custTop.page && l.box.Top >= custTop.box.Top - custTop.box.Height * 0.5));
  let mobileAt: { line: Line | undefined; label: string } | undefined;
  // (the seller's and the customer's boxes side by side, "Supplier | Recipient": the customer's phone is in its heading's column)
  const side = customerColumn(model, custV.sections ?? [], V('dealership_name').sections ?? []);
  const inSide = (x: number | undefined) => !side || x === undefined || (x >= side.from && x < side.to);
  const mobilePair = model.layout
    .find(V('customer_mobile_number').labels)
    .find((p) => below(p.keySegment?.line) && findMobiles(p.value).length && inSide(p.keySegment?.box.Left));
  if (mobilePair) {
    const m = findMobiles(mobilePair.value)[0];
    const digits = mobilePair.valueWords.filter((w) => /\d/.test(w.text));
    found.customer_mobile_number = field(m.value, digits.length ? digits : mobilePair.valueWords, { kind: 'structure', pass: true });
    mobileAt = { line: mobilePair.keySegment?.line ?? mobilePair.valueSegment?.line, label: mobilePair.key };
  }
  for (const x of model.findLines(/mobile|mob\.?|phone|ph\.?|contact|cell/i).filter((x) => x.line.index >= custFrom)) {
    if (found.customer_mobile_number) break;
    if (!inSide(model.wordsInRange(x.line, x.match.index, x.match.index + x.match[0].length)[0]?.box.Left)) continue;
    const line = [x.line, model.lineRightOf(x.line)].find((l) => l && findMobiles(l.text.slice(l === x.line ? x.match.index : 0)).length);
    if (!line) continue;
    const from = line === x.line ? x.match.index : 0;
    const m = findMobiles(line.text.slice(from))[0];
    found.customer_mobile_number = field(m.value, model.wordsInRange(line, from + m.index, from + m.index + m.length), { kind: 'structure', pass: true });
    mobileAt = { line: x.line, label: x.line.text.slice(Math.max(0, x.match.index - 16), x.match.index + x.match[0].length) };
  }
  // A mobile alone in a cell a few lines into the customer's block, its caption lost (a sideways page's OCR drops
  // a small "Mobile:" or a phone icon): the customer's by position only (heuristic).
  if (!found.customer_mobile_number && custTop) {
    const bare = model.layout.segments.find((x) => x.line.index > custFrom && x.line.index <= custFrom + 6 && inSide(x.box.Left) && BARE_MOBILE.test(x.text));
    const m = bare ? findMobiles(bare.text)[0] : undefined;
    if (bare && m) found.customer_mobile_number = field(m.value, bare.words, { kind: 'heuristic' });
  }
  // A mobile printed above the line the customer's name was read on, under a label that does not
  // name the customer ("Ph:" beside the seller's GSTIN), is outside the customer's block: the
  // letterhead's phone as likely as the customer's (which one is meant is a guess).
  const mobile = found.customer_mobile_number;
  if (mobile && mobileAt && nameLine && !CUSTOMER_LABEL.test(mobileAt.label) && above(mobileAt.line, nameLine)) {
    mobile.confidence_score = Math.min(mobile.confidence_score, OUTSIDE_BLOCK_CAP);
  }

  found.invoice_number =
    labelledText(model, V('invoice_number').labels, { pairsOnly: true, pattern: ID_VALUE }) ??
    labelledText(model, [/invoice\s*(?:no|number|#)\.?/i, /\binv\.?\s*no\.?/i, /(?<!e[\s-]*way\s*)bill\s*no\.?/i], {
      via: ['same-line', 'right', 'below'],
      pattern: ID_VALUE,
    }) ??
    // (an e-invoice's caption row names it the "Document No." over its value, beside "Document Date")
    captionBelow(model, [/(?:tax\s*)?invoice\s*(?:no|number|#)\.?/i, /\binv\.?\s*no\.?/i, /(?<!e[\s-]*way\s*)bill\s*no\.?/i, /^\s*document\s*(?:no|number)\.?/i]) ??
    (() => {
      // a bill book's serial in a cell of its own near the top ("No. 2084   Date 21/04/2024")
      const seg = model.layout.segments.find((s) => s.page === model.lines[0]?.page && s.box.Top < 0.4 && !model.layout.isProseLine(s.line) && SERIAL_CELL.test(s.text));
      const m = seg ? SERIAL_CELL.exec(seg.text) : null;
      return seg && m ? field(m[1], seg.words.filter((w) => /\d/.test(w.text)), { kind: 'labelled', via: 'line' }) : undefined;
    })();

  // The date of sale: by its label (pairs, then lines), else the first date of the document;
  // only plausible document years, and receipts' broken dates ("09- 06 2018") read too.
  const dateIn = (labels: RegExp[], opts: LabelOptions) => {
    for (const label of labels) {
      let value: string | undefined;
      const hit = model.labelValue(label, {
        ...opts,
        find: (text) => {
          const d = findDocumentDates(text)[0];
          value = d?.value;
          return d;
        },
      });
      if (hit && value) return field(value, hit.words, { kind: 'structure', pass: true });
    }
    return undefined;
  };
  found.invoice_date =
    dateIn(V('invoice_date').labels, { pairsOnly: true }) ??
    // (a date label qualified by another event is not the invoice's: "Order Date", "Due Date", "Ack Date")
    dateIn([/invoice\s*date/i, /(?:inv(?:oice)?|bill)\.?\s*dt\b/i, /(?<!(?:order|due|delivery|ack|booking|expiry|valid(?:ity)?|birth|dispatch|payment|p\.?o\.?)\.?\s*)\bdated?\b/i, /bill\s*date/i], { via: ['same-line', 'right', 'below'] }) ??
    (() => {
      for (const l of model.lines) {
        const d = findDocumentDates(l.text)[0];
        if (d) return field(d.value, model.wordsInRange(l, d.index, d.index + d.length), { kind: 'heuristic' });
      }
      return undefined;
    })();

  found.total_invoice_amount = invoiceTotal(model);
  // (a business's name without its firm title: "M/s Shree Ganesh Mobiles" -> "Shree Ganesh Mobiles")
  found.dealership_name = withoutFirmTitle(found.dealership_name);

  return { found };
};
