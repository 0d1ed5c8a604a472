/**
 * Tax invoice: customer_name, customer_address, dealership_name, dealer_address, dealer_gst,
 * total_invoice_amount (number), invoice_date, invoice_number, customer_mobile_number.
 */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import { findAmounts, findDates, findMobiles } from '../validators.ts';
import { addressUnder, letterheadLine, letterheadName, signatureName } from './header.ts';
import { addressForKey, addressFromPair, addressUnderSegment, pairInSection } from './layoutFields.ts';
import { gstinCandidates } from './gstin.ts';
import { BUSINESS_NAME_STOP } from './labelReach.ts';
import { TOTAL_LABELS } from './totals.ts';
import { ID_VALUE } from './referenceNumber.ts';
import {
  addressAfter,
  cleanName,
  field,
  idField,
  labelledAddress,
  labelledDate,
  labelledText,
  looksLikeName,
  type ExtractedField,
  type Extractor,
} from './common.ts';

const CUSTOMER_SECTION = /bill(?:ed)?\s*to|buyer|customer|consignee|ship(?:ped)?\s*to|sold\s*to|details\s*of\s*receiver|party\s*(?:name|details|address)/i;
const CUSTOMER_NAME_LABELS = [
  /customer(?:'s)?\s*name/i,
  /buyer(?:'s)?\s*name/i,
  /name\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser)/i,
  /bill(?:ed)?\s*to/i,
  /sold\s*to/i,
  /\bbuyer\b/i,
  /\bcustomer\b/i,
];
const NAME_STOP = /\s{2,}|\b(?:mobile|mob|ph|phone|date|gstin|invoice|address|contact)\b/i;

/**
 * The invoice total: every line carrying a total label (value on the line or to its right) is a
 * candidate. Amounts written with paise or a currency mark beat bare numbers (receipts print
 * "Total Qty: 4" beside "Total: 4.10"); then the label's rank in TOTAL_LABELS; then the
 * earlier line.
 */
export function invoiceTotal(model: DocumentModel): ExtractedField | undefined {
  type Candidate = { rank: number; money: boolean; index: number; value: number; words: Word[] };
  let best: Candidate | undefined;
  const seen: number[] = [];
  const all: Candidate[] = [];
  TOTAL_LABELS.forEach((label, rank) => {
    for (const { line, match } of model.findLines(label)) {
      const places: [Line, number][] = [[line, match.index + match[0].length]];
      const right = model.lineRightOf(line);
      if (right) places.push([right, 0]);
      for (const [l, from] of places) {
        const hits = findAmounts(l.text.slice(from)).filter((a) => a.value > 0);
        const a = hits.filter((h) => h.currency || h.decimals).pop() ?? hits.pop();
        if (!a) continue;
        const c = { rank, money: a.currency || a.decimals, index: l.index, value: a.value, words: model.wordsInRange(l, from + a.index, from + a.index + a.length) };
        if (c.money) seen.push(c.value);
        all.push(c);
        if (!best || Number(c.money) > Number(best.money) || (c.money === best.money && (c.rank < best.rank || (c.rank === best.rank && c.index < best.index)))) best = c;
        break;
      }
    }
  });
  if (!best) return undefined;
  // A rounding line ("Rounding Adj -0.01", "Round Off") settles the total: the payable amount is
  // the total printed after it, not the one before.
  const rounding = model.lines.find((l) => /\bround(?:ing|ed|\s*off)?\b/i.test(l.text) && !/total/i.test(l.text));
  if (rounding && best.index < rounding.index) {
    const after = all.filter((c) => c.money && c.index > rounding.index).sort((a, b) => a.index - b.index)[0];
    if (after) best = after;
  }
  const f = field(best.value, best.words, { kind: 'structure', pass: true });
  // A total is confirmed by a second reading: the same amount printed again (amount due, cash),
  // or the item amounts above it adding up to it. Otherwise (a total before rounding, a cash
  // tendered, a misread digit) the pick is uncertain, the more so when other totals disagree.
  const b = best.value;
  const money = model.lines.flatMap((l) => findAmounts(l.text).filter((a) => a.currency || a.decimals).map((a) => a.value));
  const printedTwice = money.filter((v) => Math.abs(v - b) < 0.005).length >= 2;
  const disagree = seen.some((v) => Math.abs(v - b) >= 0.005);
  if (!printedTwice && !itemsAddUp(model, best.index, b)) f.confidence_score = Math.min(f.confidence_score, disagree || !best.money ? 0.5 : 0.6);
  return f;
}

const NOT_AN_ITEM = /total|tax|gst|vat|sst|round|disc|cash|change|tender|balance|paid|due|payable|saving|deposit|service\s*charge/i;

/** Do the last amounts of the lines above the total (items, not taxes or subtotals) add up to it? */
function itemsAddUp(model: DocumentModel, totalIndex: number, total: number): boolean {
  const page = model.lines[totalIndex]?.page;
  let sum = 0;
  let n = 0;
  for (const l of model.lines) {
    if (l.index >= totalIndex || l.page !== page || NOT_AN_ITEM.test(l.text)) continue;
    const a = findAmounts(l.text).filter((x) => x.decimals && x.value > 0).pop();
    if (!a) continue;
    sum += a.value;
    n++;
  }
  return n > 0 && Math.abs(sum - total) < 0.011;
}
/** Index of the first line of the customer block (Infinity when there is none). */
function customerStart(model: DocumentModel): number {
  return model.findLine(CUSTOMER_SECTION)?.line.index ?? Infinity;
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
  if (!head || !signature || !line || norm(head.value) !== norm(signature.value)) return head;
  return field(head.value, line.words, { kind: 'heuristic', agreed: true });
}

export const extractInvoice: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const custAt = customerStart(model);

  // Dealer GSTIN: the seller's block comes before the customer block; a buyer GSTIN may follow.
  const gstins = gstinCandidates(model);
  const g =
    gstins.find((x) => x.valid && x.line.index < custAt) ??
    gstins.find((x) => x.valid && !CUSTOMER_SECTION.test(x.line.text)) ??
    gstins.find((x) => x.valid) ??
    gstins[0];
  if (g) found.dealer_gst = idField({ ...g, check: 'checksum' }, g.words);

  const isBusiness = (v: string) => v.length >= 3 && !/\d{3,}/.test(v) && !/invoice|gstin|original|recipient/i.test(v);
  const dealerPair = model.layout.find(V('dealership_name').labels).find((p) => isBusiness(cleanName(p.value)));
  found.dealership_name =
    (dealerPair ? field(cleanName(dealerPair.value), dealerPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, [/(?:dealer(?:ship)?|seller|sold\s*by|supplier)(?:'s)?\s*name/i, /sold\s*by/i], { stop: BUSINESS_NAME_STOP, clean: cleanName }) ??
    agreedName(model) ??
    signatureName(model);

  found.dealer_address =
    addressForKey(model, V('dealer_address').labels) ??
    addressUnderSegment(model, dealerPair?.valueSegment) ??
    labelledAddress(model, [/(?:dealer|seller|supplier)(?:'s)?\s*address/i]) ??
    (() => {
      // A letterhead sharing its row with the title ("Galaxy Appliances ... TAX INVOICE"): its own column only.
      const head = letterheadLine(model);
      const cell = head ? model.layout.segments.find((x) => x.line === head) : undefined;
      return cell && model.layout.rowOf(cell).length > 1 ? (addressUnderSegment(model, cell) ?? addressUnder(model, head)) : addressUnder(model, head);
    })();

  const custV = V('customer_name');
  const custPair =
    model.layout.find(custV.labels).find((p) => looksLikeName(cleanName(p.value))) ??
    [pairInSection(model, custV.sections ?? [], custV.inSection ?? [])].find((p) => p && looksLikeName(cleanName(p.value)));
  found.customer_name =
    (custPair ? field(cleanName(custPair.value), custPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, CUSTOMER_NAME_LABELS, {
      via: ['same-line', 'right', 'below'],
      stop: NAME_STOP,
      clean: cleanName,
      accept: looksLikeName,
    });

  const addrV = V('customer_address');
  const sectionAddress = pairInSection(model, addrV.sections ?? [], addrV.inSection ?? []);
  found.customer_address =
    addressForKey(model, addrV.labels) ??
    (sectionAddress ? addressFromPair(model, sectionAddress) : undefined) ??
    addressUnderSegment(model, custPair?.valueSegment) ??
    labelledAddress(model, [/(?:customer|buyer|billing|purchaser)(?:'s)?\s*address/i]) ??
    (() => {
      // "Address:" inside the customer block, else the lines under the customer's name
      const lm = model.findLines(/\baddress\b/i).find((x) => x.line.index > custAt && !model.layout.isProseLine(x.line));
      if (lm) {
        const a = addressAfter(model, lm.line, lm.match.index + lm.match[0].length);
        if (a) return field(a.text, a.words, { kind: 'labelled' });
      }
      const name = typeof found.customer_name?.value === 'string' ? found.customer_name.value : '';
      const nameLine = name ? model.lines.find((l) => l.index >= custAt && l.text.includes(name)) : undefined;
      return addressUnder(model, nameLine);
    })();

  // The customer's mobile: on the label's line, else on the line to its right (text-layer PDFs
  // split "Mobile:" and the number into two lines).
  for (const x of model.findLines(/mobile|mob\.?|phone|ph\.?|contact|cell/i).filter((x) => x.line.index >= custAt)) {
    const line = [x.line, model.lineRightOf(x.line)].find((l) => l && findMobiles(l.text.slice(l === x.line ? x.match.index : 0)).length);
    if (!line) continue;
    const from = line === x.line ? x.match.index : 0;
    const m = findMobiles(line.text.slice(from))[0];
    found.customer_mobile_number = field(m.value, model.wordsInRange(line, from + m.index, from + m.index + m.length), { kind: 'structure', pass: true });
    break;
  }

  found.invoice_number =
    labelledText(model, V('invoice_number').labels, { pairsOnly: true, pattern: ID_VALUE }) ??
    labelledText(model, [/invoice\s*(?:no|number|#)\.?/i, /\binv\.?\s*no\.?/i, /bill\s*no\.?/i], {
      via: ['same-line', 'right', 'below'],
      pattern: ID_VALUE,
    });

  found.invoice_date =
    labelledDate(model, V('invoice_date').labels, { pairsOnly: true }) ??
    labelledDate(model, [/invoice\s*date/i, /\bdated?\b/i, /bill\s*date/i], { via: ['same-line', 'right', 'below'] }) ??
    (() => {
      for (const l of model.lines) {
        const d = findDates(l.text)[0];
        if (d) return field(d.value, model.wordsInRange(l, d.index, d.index + d.length), { kind: 'heuristic' });
      }
      return undefined;
    })();

  found.total_invoice_amount = invoiceTotal(model);

  return { found };
};
