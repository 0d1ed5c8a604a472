/**
 * Purchase order: po_number, po_date, buyer_name, supplier_name, total_amount.
 *
 * Read from the layout: each field's key-value pairs by its label synonyms first (the type's
 * vocabulary), then a party's section ("Buyer Details" / "Supplier Details", "Vendor:", "Ship
 * To") and its generic "Name" key, then the letter's addressee ("To, The Sales Manager, M/s
 * <supplier>"); the buyer is the issuer, so the letterhead or the "For <business>" signature names
 * it when no label does.
 */
import type { DocumentModel, Word } from '../blocks.ts';
import { addressUnder, letterheadLine, letterheadName, letterheadText, signatureName } from './header.ts';
import { ID_VALUE, repairInnerAbbreviation } from './referenceNumber.ts';
import { TOTAL_LABELS } from './totals.ts';
import { REPAIR_PENALTY } from '../confidence.ts';
import { plausible } from '../plausibility.ts';
import { labelSegments, nameUnderHeading, pairInSection } from './layoutFields.ts';
import type { Segment } from '../layout.ts';
import { addressee, pairValue } from './commercial.ts';
import { invoiceTotal } from './invoice.ts';
import { captionsUnderValues, valueOverCaption } from './certificate.ts';
import { findDates } from '../validators.ts';
import { cleanName, field, hasPincode, labelledDate, labelledText, repairEchoPrefix, type ExtractedField, type Extractor, type FieldVocabulary } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';

const NAME_STOP = /\s{2,}|\b(?:gstin|address|date|phone|mobile|po\s*no)\b/i;
/** A purchase order's total: "Total Order Value" / "Total PO Value" before the invoice labels. */
const PO_TOTAL_LABELS = [
  /total\s*(?:order|po|p\.o\.)\s*(?:value|amount)/i,
  // the value with its taxes, not the net value before them: "Total Value incl. Tax", "Gross Order Value"
  /total\s*(?:value|amount)\s*(?:incl(?:uding|\.)?|inclusive\s*of|with)\s*(?:taxes|tax|gst)|gross\s*(?:order|po)\s*value/i,
  // an order released against a rate contract: "Value of this Release Order", "Total R.O. Value"
  /value\s*of\s*(?:this\s*)?(?:release|supply|purchase)\s*order|total\s*(?:r\.\s?o\.|release\s*order)\s*(?:value|amount)/i, /(?:order|po)\s*(?:value|total)/i,
  // (an ERP's ladder ends in "PO Amount (INR)" / "Order Amount")
  /(?:\bP\.?\s?O\.?|\border)\s*amount(?:\s*\(\s*(?:INR|Rs\.?|₹)\s*\))?/i, ...TOTAL_LABELS];

// (the party's code in the buyer's books after its name, "X (Code 149872)" / "(Vendor Code: V-118)", is no part of it)
const business = (s: string) => cleanName(s.replace(/^m\/s\.?\s*/i, '').replace(/\s*\(\s*(?:vendor\s*|supplier\s*|party\s*)?(?:code|id)\b[^)]*\)?\s*$/i, '')).replace(/,$/, '');
/** Another party's or place's heading read beside a party's label ("Vendor Address | Deliver To", "Bill To | Work Location"): no name. */
const PARTY_HEADING = /^(?:deliver(?:y)?|ship(?:ped)?|bill(?:ed)?|sold|invoice(?:d)?|consign(?:ed)?|dispatch(?:ed)?)\s*to\b|^(?:details|name|address)$|^(?:work|site|project|installation)\s*(?:location|site|address)\b|^site\b|^place\s*of\s*(?:work|delivery|supply)\b/i;
const EMAIL = /[\w.-]+@[\w-]+\.[\w.]+/;
const isBusiness = (s: string) => {
  const v = business(s);
  // (an e-mail's "To: shabana@firm.in" names a mailbox, not a business)
  return v.length >= 3 && plausible('supplier_name', v) === 'pass' && !PARTY_HEADING.test(v) && !EMAIL.test(s);
};

/**
 * The number printed after the document's title ("PURCHASE ORDER" over "# PO-00042", "Purchase
 * Order  No. 118"): the title is the number's label, its "#"/"No." carried by the value.
 */
function titleNumber(model: DocumentModel): ExtractedField | undefined {
  const TITLE = /^\s*(?:purchase\s*order|p\.?\s?o\.?)\s*$/i;
  // (the title's pair, else the cell under the title: a letterhead beside the title leaves it unpaired)
  // (a number right-aligned under a right-aligned title starts near the title's end)
  const under = model.layout.segments
    .filter((t) => TITLE.test(t.text))
    .map((t) => model.layout.segmentUnderBox(t))
    .filter((s) => !!s);
  const candidates = [...model.layout.find([TITLE], 0).map((p) => ({ text: p.value, words: p.valueWords })), ...under.map((s) => ({ text: s.text, words: s.words }))];
  for (const c of candidates) {
    const m = /^\s*(?:#|no\.?|number)\s*[:.]?\s*/i.exec(c.text);
    if (!m) continue;
    const id = ID_VALUE.exec(c.text.slice(m[0].length));
    if (id) return field(id[1], c.words.filter((w) => /\d/.test(w.text)), { kind: 'labelled', via: 'pair' });
  }
  return undefined;
}

/**
 * A firm's name wrapped in its narrow box before the last word of its legal form ("VAISHALI CASHEW
 * PROCESSORS PRIVATE" over "LIMITED"): the "Limited" / "Ltd." starting the line under it, at its left
 * edge, joined with a space.
 */
export function withLegalFormTail(model: DocumentModel, r: { text: string; words: Word[]; segment?: Segment }): { text: string; words: Word[] } {
  const seg = r.segment;
  if (!seg || !/\b(?:private|pvt\.?|public)\s*$/i.test(r.text)) return r;
  const under = model.layout.segmentBelow(seg, 1.6);
  const h = Math.max(seg.box.Height, 0.004);
  const m = under && Math.abs(under.box.Left - seg.box.Left) <= h * 1.5 ? /^\s*(limited|ltd\.?)(?=\s|$)/i.exec(under.text) : undefined;
  return m && under ? { text: `${r.text.trim()} ${m[1]}`, words: [...r.words, ...under.words.slice(0, 1)] } : r;
}

/** A party's name: its labelled pair, else the "Name" key of its section. */
function partyName(model: DocumentModel, v: FieldVocabulary, other?: FieldVocabulary): ExtractedField | undefined {
  for (const p of model.layout.find(v.labels)) {
    // ("Company Name" in the seller's section is the seller's, whatever the buyer's vocabulary says)
    if (other && p.keySegment && sectionOf(model, p.keySegment, v, other) === 'other') continue;
    const r = pairValue(model, p, isBusiness);
    if (r) {
      const w = withLegalFormTail(model, r);
      return field(business(w.text), w.words, { kind: 'labelled', via: 'pair' });
    }
  }
  const s = pairInSection(model, v.sections ?? [], v.inSection ?? []);
  if (s && isBusiness(s.value)) return field(business(s.value), s.valueWords, { kind: 'labelled', via: 'pair' });
  // the section's heading over its block, the party's name first ("Vendor Address" / "Om Sai Enterprises" / "H.No. 105, ...")
  const first = nameUnderHeading(model, v.sections ?? [], isBusiness);
  if (first) {
    const w = withLegalFormTail(model, { text: first.text, words: first.words, segment: first });
    return field(business(w.text), w.words, { kind: 'labelled' });
  }
  return undefined;
}

/**
 * Whose section a key sits in: the nearest party heading above it in its column ("Buyer Details",
 * "Seller Details"), the field's own party or the other one.
 */
function sameRow(a: { Top: number; Height: number }, b: { Top: number; Height: number }): boolean {
  return Math.abs(a.Top + a.Height / 2 - (b.Top + b.Height / 2)) < Math.max(a.Height, b.Height) * 0.6;
}

export function sectionOf(model: DocumentModel, key: Segment, own: FieldVocabulary, other: FieldVocabulary): 'own' | 'other' | undefined {
  const heads = [
    ...labelSegments(model, own.sections ?? [], 8).map((s) => ({ s, who: 'own' as const })),
    ...labelSegments(model, other.sections ?? [], 8).map((s) => ({ s, who: 'other' as const })),
  ]
    .filter(({ s }) => s.page === key.page && s !== key && s.box.Top < key.box.Top && Math.abs(s.box.Left - key.box.Left) < 0.06)
    // (a key with its own value beside it on its row, "Vendor | Sanjay Kulkarni", or under it before this key, is a field
    // of the form, not a heading over a section)
    .filter(
      ({ s }) =>
        !model.layout.pairs.some(
          (p) => p.keySegment === s && p.valueSegment && p.valueSegment !== s && !model.layout.isKey(p.valueSegment) && (sameRow(p.keyBox, p.valueBox) || p.valueBox.Top + p.valueBox.Height <= key.box.Top),
        ),
    );
  heads.sort((a, b) => b.s.box.Top - a.s.box.Top);
  return heads[0]?.who;
}

/** An e-mailed order's subject: "Purchase Order UJJ-PO-52460 - Urgent requirement" (the number after the title, on its line). */
function subjectNumber(model: DocumentModel): ExtractedField | undefined {
  for (const l of model.lines.slice(0, 12)) {
    const m = /^\s*(?:sub(?:ject)?\s*[:.-]?\s*)?(?:re\s*:\s*)?purchase\s*order\s*(?:no\.?|#)?\s*[:.-]?\s*(?=[A-Z0-9/-]*\d)/i.exec(l.text);
    if (!m) continue;
    const id = ID_VALUE.exec(l.text.slice(m[0].length));
    if (id && /\d/.test(id[1]) && id[1].length >= 4) return field(id[1], model.wordsInRange(l, m[0].length, m[0].length + id[0].length), { kind: 'labelled', via: 'line' });
  }
  return undefined;
}

/** A letter's or mail's closing: "Regards,", "Thanks & Regards,", "Yours faithfully,". */
const CLOSING = /^\s*(?:(?:thanks|thanking\s*you)\s*(?:&|and)\s*)?(?:best\s*|warm\s*|kind\s*)?regards\s*,?\s*$|^\s*yours\s*(?:faithfully|truly|sincerely)\s*,?\s*$/i;

/**
 * The sender's business in the first signature of the page (an e-mailed order: "Regards, / Ramesh Nair /
 * Purchase Manager / Ujjwal Industries / 419/10, … - 302699"): the first line under the closing whose
 * next line is a PIN-ending address. The closing and the address are its label (a later signature is
 * a quoted mail's, the other party's).
 */
export function senderSignature(model: DocumentModel, accept: (name: string) => boolean): ExtractedField | undefined {
  const close = model.lines.find((l) => CLOSING.test(l.text));
  if (!close) return undefined;
  const after = model.lines.filter((l) => l.page === close.page && l.index > close.index).slice(0, 6);
  for (let i = 0; i + 1 < after.length; i++) {
    const l = after[i];
    if (CLOSING.test(l.text) || /^\s*on\s.+wrote\s*:?\s*$/i.test(l.text)) break;
    if (/\d/.test(l.text) || !hasPincode(after[i + 1].text) || !accept(l.text)) continue;
    return field(business(l.text), l.words, { kind: 'labelled' });
  }
  return undefined;
}

/** A letterhead printed in capitals whose signature line writes the same name in mixed case. */
export function shoutedHead(head: string, signature: string): boolean {
  return !/\p{Ll}/u.test(head) && /\p{Lu}/u.test(head) && /\p{Ll}/u.test(signature);
}

/**
 * A supplier's quotation accepted as the order (the buyer's "ACCEPTED" stamp or signature on it):
 * titled "Quotation" near the top, so the letterhead is the supplier's and the addressee the buyer.
 */
function isQuotation(model: DocumentModel): boolean {
  const page = model.lines[0]?.page;
  // (a title alone on its row: a "Quotation" caption in a row of meta captions is not one)
  return model.layout.segments.some((s) => s.page === page && s.box.Top < 0.3 && /^\W*(?:sales\s*|price\s*)?quotation\W*$/i.test(s.text) && model.layout.rowOf(s).length === 1);
}

const BARE_DATE_KEY = /^\s*(?:date|dated|dt)\.?\s*[:.]?\s*/i;

/**
 * The date right under the order's number, after a bare "Date" key (a stamp's or a box's "PO No." over
 * "Date"): the number's own block dates it, before any other "Date" on the page (a quotation's).
 */
function dateUnderNumber(model: DocumentModel, po: ExtractedField | undefined): ExtractedField | undefined {
  if (typeof po?.value !== 'string' || po.value.length < 3) return undefined;
  const lay = model.layout;
  const seg = lay.segments.find((s) => s.text.includes(String(po.value)));
  const under = seg ? lay.segmentBelow(seg) : undefined;
  if (!under) return undefined;
  const keyed = BARE_DATE_KEY.test(under.text) || lay.rowOf(under).some((x) => x.box.Left < under.box.Left && new RegExp(`${BARE_DATE_KEY.source}$`, 'i').test(x.text));
  const d = keyed ? findDates(under.text)[0] : undefined;
  // (the date's own words: a speck read beside it, "© 22/10/2025", is not its evidence)
  return d ? field(d.value, model.wordsInRange(under.line, under.start + d.index, under.start + d.index + d.length), { kind: 'structure', pass: true }) : undefined;
}

export const extractPurchaseOrder: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  // (a number under the title outranks a reference's: "Reference# QT-7569" is the quotation's)
  const poLabels = V('po_number').labels;
  // (a file-style number after a bare "No." starts with letters: "No. DS/RO-LUC/Purchase/2023-24/727")
  // An order typed over its captions (each reference on a rule, its caption under it): the cell above the order's caption.
  const flipped = captionsUnderValues(model);
  const dateLabels = V('po_date').labels;
  const overCaption = (labels: readonly RegExp[], accept: (s: string) => string | undefined) => {
    const v = flipped ? valueOverCaption(model, labels, [...poLabels, ...dateLabels]) : undefined;
    const s = v && typeof v.value === 'string' ? accept(v.value.trim()) : undefined;
    return v && s ? { ...v, value: s } : undefined;
  };
  const po =
    overCaption(poLabels.filter((l) => !/ref|indent|\^no/.test(l.source)), (s) => ID_VALUE.exec(s)?.[1]) ??
    labelledText(model, poLabels.filter((l) => !/ref/.test(l.source)), { pairsOnly: true, pattern: ID_VALUE }) ??
    titleNumber(model) ??
    labelledText(model, poLabels, { pairsOnly: true, pattern: ID_VALUE }) ??
    subjectNumber(model) ??
    labelledText(model, [/(?:\bP\.?\s?O\.?|purchase\s*order)\s*(?:no|number|#)\.?/i, /order\s*(?:no|number)\.?/i, /ref(?:erence)?\.?\s*(?:no|number)\.?/i, /^\s*no\.?(?=\s*(?:[A-Za-z]{1,6}[/-])?[A-Za-z0-9/-]*\d)/i], { ...VIA, pattern: ID_VALUE });
  if (po && typeof po.value === 'string') {
    // (a work order's number echoes its own abbreviation: "WO/24-25/117" read "WO0/24-25/117", "KAL/W0/0023")
    const workOrder = /\bwork\s*order\b|\bW\.\s?O\./i.test(model.text);
    const p = repairEchoPrefix(po.value, workOrder ? ['PO', 'WO'] : ['PO']);
    const inner = repairInnerAbbreviation(p.value, 'PO');
    const wo = workOrder ? repairInnerAbbreviation(inner.value, 'WO') : { value: inner.value, repairs: 0 };
    const r = { value: wo.value, repairs: p.repairs + inner.repairs + wo.repairs };
    found.po_number = r.repairs ? { ...po, value: r.value, confidence_score: Math.max(0, Math.round((po.confidence_score - REPAIR_PENALTY * r.repairs) * 1000) / 1000) } : po;
  }
  // (the order's own date label first; then a bare "Date" under the number before any other "Date")
  const ownDate = dateLabels.filter((l) => !/dated\?/.test(l.source));
  found.po_date =
    overCaption(dateLabels, (s) => { const d = findDates(s); return d.length === 1 ? d[0].value : undefined; }) ??
    labelledDate(model, ownDate, { pairsOnly: true }) ??
    dateUnderNumber(model, found.po_number) ??
    labelledDate(model, dateLabels, { pairsOnly: true }) ??
    labelledDate(model, dateLabels, VIA);

  // The issuer of a purchase order is the buyer: a "Buyer" label or section, else its letterhead
  // (confirmed when the "For <business>" signature names the same business).
  const quotation = isQuotation(model);
  const head = letterheadName(model);
  const signature = signatureName(model);
  const norm = (x: unknown) => String(x ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const headLine = letterheadLine(model);
  const issuer =
    (head && signature && headLine && norm(head.value) === norm(signature.value)
      ? // (a heading in capitals repeated in mixed case by the signature: the name as the business writes it)
        shoutedHead(letterheadText(headLine), String(signature.value))
        ? { ...signature, confidence_score: field(signature.value, headLine.words, { kind: 'heuristic', agreed: true }).confidence_score }
        : field(cleanName(letterheadText(headLine)), headLine.words, { kind: 'heuristic', agreed: true })
      : undefined) ??
    senderSignature(model, isBusiness) ??
    head ??
    signature;

  const to = [addressee(model)].find((x) => x && !EMAIL.test(x.line.text));
  // the addressee confirmed by a PIN-ending address under it: the title and the address block are its label
  const toAddress = to ? addressUnder(model, to.line, 4) : undefined;
  const toConfirmed = typeof toAddress?.value === 'string' && hasPincode(toAddress.value);
  const toParty = to ? field(business(to.name), to.line.words, { kind: toConfirmed ? 'labelled' : 'heuristic' }) : undefined;
  // (on a quotation the "To" block is the buyer's: it names no supplier)
  const supplierV = V('supplier_name');
  const supplierVocabulary = quotation ? { ...supplierV, labels: supplierV.labels.filter((l) => !/\bto\b/.test(l.source)), sections: (supplierV.sections ?? []).filter((l) => !/\bto\b|\^to/.test(l.source)) } : supplierV;
  found.buyer_name = partyName(model, V('buyer_name'), V('supplier_name')) ?? (quotation ? toParty : undefined) ?? issuer;
  found.supplier_name =
    partyName(model, supplierVocabulary, V('buyer_name')) ??
    (quotation ? issuer : toParty) ??
    labelledText(model, [/^\s*(?:party|vendor|supplier)(?:'s)?\s*(?:name)?\b/i, ...supplierVocabulary.labels], { ...VIA, stop: NAME_STOP, clean: business, accept: isBusiness });
  found.total_amount = invoiceTotal(model, PO_TOTAL_LABELS);
  return { found };
};
