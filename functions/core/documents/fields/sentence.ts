/**
 * Values a commercial letter states only in a sentence ("… the loan of our customer Shri X was
 * sanctioned … Kindly deliver one <model> to the customer against an invoice value of Rs. 22,999/- …"):
 * found by the phrases around them, never by position.
 */
import type { DocumentModel } from '../blocks.ts';
import { findAmounts } from '../validators.ts';
import { proseRead } from './certificate.ts';
import { field, tidy, type ExtractedField } from './common.ts';
import { isPhoneBrand } from './phoneBrands.ts';

type Take = Parameters<typeof proseRead<string | number>>[2];

const TITLE = /^(?:(?:Shri|Sri|Smt|Mr|Mrs|Ms|Miss|Kumari|Kum|Dr)\.?\s+)+/i;

/** Words of a run in two cases: a short all-capital word (an acronym) beside mixed-case ones. */
function acronymAmongWords(run: string): boolean {
  const words = run.split(/\s+/).map((w) => w.replace(/[^\p{L}]/gu, '')).filter((w) => w.length >= 2);
  return words.some((w) => w.length <= 4 && w === w.toUpperCase()) && words.some((w) => w !== w.toUpperCase());
}

/**
 * The customer a lender's letter names in a sentence: "our customer Shri X", "the borrower Mr. X",
 * "to Mr. X" (a title then required). The name is the run of capitalised words after the title.
 */
export function sentenceCustomer(model: DocumentModel): ExtractedField | undefined {
  const take = (needTitle: boolean): Take => (rest) => {
    const lead = /^\s*[:,]?\s*(?:named\s+)?/i.exec(rest)![0].length;
    const title = TITLE.exec(rest.slice(lead));
    if (needTitle && !title) return undefined;
    const at = lead + (title ? title[0].length : 0);
    // capitalised words (initials "K." included) up to a lower-case word, a comma or a sentence's end
    const m = /^(?:\p{Lu}[\p{L}'’-]*\.?(?:\s+|$)){1,5}/u.exec(rest.slice(at) + ' ');
    if (!m) return undefined;
    // (a caption run on after the name is no part of it: "Bindeshwari Bisht Mob 7263802784")
    const name = m[0].trim().replace(/[.,]$/, '').replace(/\s+(?:mob(?:ile)?|ph(?:one)?|tel|contact|cell)\.?$/i, '');
    if (name.replace(/[^\p{L}]/gu, '').length < 3 || !/\s/.test(name) && !title) return undefined;
    // (untitled, an acronym before a capitalised word is no name: "the customer OTP. Upload the invoice")
    if (!title && acronymAmongWords(name)) return undefined;
    return { at, length: name.length, value: tidy(name) };
  };
  const named =
    proseRead(model, [/\b(?:our|the|your|said)\s+(?:customer|borrower|applicant|client)\b/i], take(false)) ??
    // (an order approved for its borrower: "DO No … dt 01-09-2024 is approved for Bindeshwari Bisht Mob …")
    proseRead(model, [/\b(?:is|are|has\s+been|was)\s+(?:approved|sanctioned)\s+for\s+/i], take(false)) ??
    // (the loan's borrower: "we have sanctioned a consumer loan to Thoibi Namgyal (mobile …)")
    proseRead(model, [/\b(?:sanctioned|approved|granted)\s+(?:a\s+|the\s+)?(?:[a-z-]+\s+){0,3}loan\s+(?:of\s+(?:Rs\.?|INR|₹)\s*[\d,.]+\/?-?\s+)?to\s+/i], take(false)) ??
    proseRead(model, [/\b(?:deliver|hand\s*over|handover|release|supply)\b(?:[^.]|\b(?:No|Rs)\.){0,80}?\bto\s+/i, /\bin\s+(?:the\s+)?(?:name|favou?r)\s+of\s+/i], take(true));
  return named ? field(named.value, named.words, { kind: 'labelled' }) : undefined;
}

/**
 * The store a lender's message sends the customer to, with its address after the comma: "Deliver at Mithila Smart
 * Phones, Door No. 28/24, Paddal, Mandi, Himachal Pradesh - 175552." (the address up to its PIN).
 */
const DELIVER_AT = /\bdeliver(?:y)?\s+(?:it\s+|the\s+\w+\s+)?at\s+/i;
export function sentenceDealer(model: DocumentModel): { name: ExtractedField; address?: ExtractedField } | undefined {
  let address: { at: number; length: number; value: string } | undefined;
  const hit = proseRead(model, [DELIVER_AT], (rest) => {
    const m = /^((?:\p{Lu}[\p{L}&'.-]*\s+){0,5}\p{Lu}[\p{L}&'.-]*)\s*,\s*/u.exec(rest);
    if (!m) return undefined;
    const pin = /^[^;]{5,120}?\b\d{6}\b/.exec(rest.slice(m[0].length));
    address = pin ? { at: m[0].length, length: pin[0].length, value: tidy(pin[0]) } : undefined;
    return { at: 0, length: m[1].length, value: tidy(m[1]) };
  });
  if (!hit) return undefined;
  const name = field(hit.value, hit.words, { kind: 'labelled' });
  // (read again for the address's own words: the same sentence, the part after the name)
  const addr = address ? proseRead(model, [DELIVER_AT], () => address) : undefined;
  return { name, address: addr ? field(addr.value, addr.words, { kind: 'labelled' }) : undefined };
}

/** Where a model named in a sentence stops: the next preposition, clause or punctuation. */
// (a memory size in brackets is the model's own: "Narzo 70x 5G (4GB/64GB)")
const MODEL_END = /\s+(?:to|against|for|at|on|in|from|with|worth|valued|costing|priced|of\s+(?:Rs|INR|₹)|as|and|bearing|under|upon)\b|\s*[,;]|\s*\((?!\s*\d{1,2}\s*GB\s*[/+])|\.(?:\s|$)/i;

/** The asset a letter asks to be delivered: "deliver one <model> to …", "hand over the <model> against …". */
export function sentenceAsset(model: DocumentModel): ExtractedField | undefined {
  // (or the purchase the loan was sanctioned for: "for the purchase of one realme Narzo 70x 5G from your store")
  const hit = proseRead(model, [/\b(?:deliver|hand\s*over|handover|release|supply)\s+(?:one|1|a|an|the)\s+(?:(?:no\.?|unit|piece|set)\s+(?:of\s+)?)?/i, /\bpurchase\s+of\s+(?:one|1|a|an)\s+(?:(?:no\.?|unit|piece|set)\s+(?:of\s+)?)?/i], (rest) => {
    const end = MODEL_END.exec(rest);
    const raw = rest.slice(0, end ? end.index : Math.min(rest.length, 60)).trim();
    const words = raw.split(/\s+/);
    // (a maker printing its name in lower case starts a model too: "realme Narzo 70x 5G", "vivo T3x")
    if (!raw || words.length > 10 || !(/^(?:[\p{Lu}\d]|[a-z]\p{Lu})/u.test(raw) || isPhoneBrand(words[0])) || /^(?:customer|borrower|product|asset|vehicle|device|goods|above)\b/i.test(raw)) return undefined;
    // (the kind of goods, then its model by name: "one Godrej Washing Machine, Model WTEON ADR 80 5.0 to our customer";
    // never the maker's code, "…, model code KJ7")
    const after = end ? end.index + end[0].length : -1;
    const named = after > 0 && /,$/.test(end![0]) ? /^\s*model\s+(?!code\b|no\b|number\b)(\S.*?)(?=\s+(?:to|for|against|from|with|at)\b|\s*[,;(]|\.(?:\s|$)|$)/i.exec(rest.slice(after)) : null;
    if (named) return { at: after + named.index + named[0].indexOf(named[1]), length: named[1].length, value: named[1].trim() };
    return { at: rest.indexOf(raw), length: raw.length, value: raw };
  });
  return hit ? field(hit.value, hit.words, { kind: 'labelled' }) : undefined;
}

/**
 * The asset's price stated in a sentence: "an invoice value of Rs. 22,999/-", "asset cost of ₹ …", or
 * the amount a delivery is asked "for" ("deliver one X to Mr. Y for Rs. 45,000"). Down payments and
 * balances in the same paragraph have their own words and are not read.
 */
export function sentenceAmount(model: DocumentModel): ExtractedField | undefined {
  const take: Take = (rest) => {
    const lead = /^\s*(?:of\s+|is\s+|:\s*)?(?:Rs\.?|INR|₹)\s*/i.exec(rest);
    if (!lead) return undefined;
    const a = findAmounts(rest.slice(lead[0].length, lead[0].length + 20))[0];
    if (!a || a.index > 1 || a.value <= 0) return undefined;
    return { at: lead[0].length + a.index, length: a.length, value: a.value };
  };
  const hit =
    proseRead(model, [/\b(?:invoice|asset|product|device|vehicle|purchase|sale)\s+(?:value|price|cost|amount)\b/i, /\b(?:value|price|cost)\s+of\s+(?:the\s+)?(?:asset|product|device|vehicle|handset)\b/i], take) ??
    proseRead(model, [/\b(?:deliver|hand\s*over|handover|supply)\s+(?:one|1|a|an|the)\b(?:[^.]|\b(?:Mr|Mrs|Ms|Dr|Smt|Sri|No)\.){0,120}?\s(?:for|worth|costing|priced\s+at|valued\s+at)\b/i], take);
  return hit ? field(hit.value, hit.words, { kind: 'structure', pass: true }) : undefined;
}
