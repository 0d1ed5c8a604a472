/**
 * Close-up of the IMEI label on a phone box: model, ram, rom, imei_number (array), price.
 */
import type { DocumentModel, Word } from '../blocks.ts';
import type { KeyValue } from '../layout.ts';
import { findAmounts, readImei } from '../validators.ts';
import { combineConfidence } from '../confidence.ts';
import { field, labelledAmount, labelledText, repairModelName, tidy, type ExtractedField, type Extractor } from './common.ts';
import { DIGITISH } from './lookalikes.ts';
import { isLabelText, valueUnderCaption } from './certificate.ts';
import { evidenceOf } from '../../evidence/fieldEvidence.ts';
import { PHONE_BRANDS, isPhoneBrand } from './phoneBrands.ts';

/** Phone brands as printed on box labels: a heading "<Brand> <Model>" without a "Model" label. */
const BRAND = new RegExp(`^\\s*(?:${PHONE_BRANDS})\\b\\s+(.+)$`, 'i');

/**
 * A labelled model that the box's heading prints with more after it ("Model : Redmi Pad SE" under the
 * heading "Xiaomi Redmi Pad SE 8.7 4G"): small print may have lost its end, which one is whole is a
 * guess (docs/confidence.md, competing evidence).
 */
const SHORTER_THAN_HEADING_CAP = 0.6;

function shorterThanHeading(labelled: ExtractedField | undefined, heading: ExtractedField | undefined): ExtractedField | undefined {
  if (!labelled || typeof labelled.value !== 'string' || typeof heading?.value !== 'string') return labelled;
  const v = labelled.value.toLowerCase();
  const h = heading.value.toLowerCase();
  const at = h.indexOf(v);
  const cut = at >= 0 && /^\s+\S/.test(h.slice(at + v.length));
  return cut ? { ...labelled, confidence_score: Math.min(labelled.confidence_score, SHORTER_THAN_HEADING_CAP) } : labelled;
}

/** "V30 VIVO": the brand printed after the model in the next cell is not part of the model. */
function withoutTrailingBrand(model: string): string {
  const words = model.split(/\s+/);
  return words.length > 1 && isPhoneBrand(words[words.length - 1]) ? words.slice(0, -1).join(' ') : model;
}

/**
 * The maker's model code ("CPH2599", "V2318", "SM-A156E", "23108RN04I"), not the model's name:
 * one token with four digits or more, or letters and digits joined by a hyphen.
 */
export function isModelCode(s: string): boolean {
  const t = s.trim();
  return !/\s/.test(t) && ((t.match(/\d/g) ?? []).length >= 4 || /^[A-Z]{1,4}-[A-Z]?\d{2,}[A-Z]?$/i.test(t) || /^[A-Z]{2,4}\d{3,}/.test(t));
}

/**
 * A model line printing the maker's code beside the marketing name ("RMX3997 (12x 5G)", "SM-A155F | Galaxy A15 5G",
 * "Galaxy A15 5G (SM-A155F)"): the name without the code. Only a code of letters and digits together is dropped
 * (a name's bare number stays: "Nokia 3310").
 */
export function withoutModelCode(s: string): string {
  const parts = s.replace(/[()[\]|]/g, ' ').split(/\s+/).filter(Boolean);
  const code = (p: string) => isModelCode(p) && /\p{L}/u.test(p) && /\d/.test(p) && p.length >= 5;
  const kept = parts.filter((p) => !code(p));
  if (kept.length === parts.length || !kept.length) return s;
  const rest = kept.join(' ');
  return /\p{L}/u.test(rest) && rest.length >= 2 && !/^model\b/i.test(rest) ? rest : s;
}

/**
 * The model from a heading that starts with the brand ("vivo T3x 5G"), as printed, brand
 * included (heuristic: no label says it is the model). Among the first lines, or anywhere on a
 * label or price tag with no "Model" label at all.
 */
function brandLine(model: DocumentModel): ExtractedField | undefined {
  for (const seg of model.layout.segments.slice(0, 12)) {
    const m = BRAND.exec(seg.text);
    if (!m || /imei|ram|rom|mrp|price|smartphone|\d{6,}|:/i.test(m[1])) continue;
    const value = repairModelName(tidy(seg.text.replace(/\s*\(.*$/, '')));
    return m[1].trim().length >= 2 ? field(value, seg.words, { kind: 'heuristic' }) : undefined;
  }
  return undefined;
}

/** A brand alone on its line, as a price card or box prints it over the model ("IQOO" / "Z9 Lite 5G"); a logo's O read as 0. */
const brandAlone = (t: string) => isPhoneBrand(t.trim()) || isPhoneBrand(t.trim().replace(/0/g, 'O').replace(/^[1l|]+I?(?=Q)/i, 'i'));

/**
 * The model printed on the line under a brand standing alone (heuristic: no label says it is the model),
 * without the brand: a short line of a name, no key, figure or memory size.
 */
function modelUnderBrand(model: DocumentModel): ExtractedField | undefined {
  for (const seg of model.layout.segments.slice(0, 12)) {
    if (!brandAlone(seg.text)) continue;
    const under = model.layout.segmentBelow(seg, 3);
    // (the maker's code in its own cell beside the name, "RMX3997 | 12x 5G": the name from the whole line)
    const t = under ? withoutModelCode(tidy(isModelCode(tidy(under.text)) ? under.line.text : under.text)) : '';
    if (!under || !t || t.split(/\s+/).length > 5 || /imei|\bram\b|\brom\b|mrp|price|colou?r|\d{5,}|[:₹]|\d\s*(?:GB|TB)\b|\brs\b/i.test(t)) continue;
    const words = isModelCode(tidy(under.text)) ? model.layout.segments.filter((x) => x.line === under.line && !isModelCode(tidy(x.text))).flatMap((x) => x.words) : under.words;
    return field(repairModelName(t), words.length ? words : under.words, { kind: 'heuristic' });
  }
  return undefined;
}

/**
 * Ceiling for an IMEI list shorter than the numbered IMEI labels on the label: a number is missing, so
 * the list is wrong as a whole, as low as a value failing its validator (docs/confidence.md).
 */
export const INCOMPLETE_CAP = 0.4;
/** Ceiling for a selling price read beside a different MRP (which of the two is "the price" is a convention). */
export const TWO_PRICES_CAP = 0.6;

const IMEI_TOKEN = new RegExp(`(?<![0-9A-Za-z])${DIGITISH}(?:-?${DIGITISH}){14}(?![0-9A-Za-z])`, 'g');
/** A labelled variant without units, RAM then storage as shops write it: "VAR : 8/128", "Variant: 6+128" (storage a size phones come in). */
const VARIANT = /\b(?:var(?:iant)?|config(?:uration)?|ram\s*\/\s*rom)\b\.?\s*[:\-]?\s*(\d{1,2})\s*(?:GB)?\s*[/+]\s*(16|32|64|128|256|512)\s*(GB|TB)?(?![\d/])/i;
const RAM_ROM = /(\d{1,2})\s*GB\s*(?:RAM)?\s*[+/|,&]\s*(\d{2,4})\s*(GB|TB)/i;
const RAM = /(?:\bRAM\b\s*[:\-]?\s*(\d{1,2})\s*GB)|(?:(\d{1,2})\s*GB\s*RAM\b)/i;
// (a feature phone's storage is a single digit of GB, named as such: "1GB RAM, 8GB ROM")
const ROM = /(?:\b(?:ROM|storage|internal\s*storage|memory)\b\s*[:\-]?\s*(\d{2,4})\s*(GB|TB))|(?:(\d{1,4})\s*(GB|TB)\s*(?:ROM|storage)\b)/i;

/** Every distinct IMEI on the label, Luhn-checked (valid ones first, as read order). */
export function imeiReads(model: DocumentModel) {
  const seen = new Set<string>();
  const out: { value: string; valid: boolean; confidence: number; words: readonly Word[] }[] = [];
  for (const m of model.findAll(IMEI_TOKEN)) {
    if ((m.match[0].match(/\d/g) ?? []).length < 12) continue;
    const r = readImei(m.match[0]);
    if (seen.has(r.value)) continue;
    seen.add(r.value);
    out.push({ value: r.value, valid: r.valid, confidence: field(r.value, m.words, { kind: 'checksum', pass: r.valid, repairs: r.repairs }).confidence_score, words: m.words });
  }
  return out;
}

/**
 * Two memory sizes side by side with their captions unread ("6 GB | 128 GB"): RAM then storage, by
 * their sizes (a phone's RAM up to 24 GB, its storage a size storage comes in). Known by shape alone:
 * pattern evidence.
 */
const BARE_RAM_ROM = /(?<![\d.])(\d{1,2})\s*GB\s+(32|64|128|256|512|1024)\s*(GB|TB)\b/i;
function bareSizes(model: DocumentModel, which: 1 | 2): ExtractedField | undefined {
  const m = model.findLine(BARE_RAM_ROM);
  if (!m || Number(m.match[1]) > 24) return undefined;
  return field(which === 1 ? `${m.match[1]} GB` : `${m.match[2]} ${m.match[3].toUpperCase()}`, m.words, { kind: 'pattern' });
}

function spec(model: DocumentModel, re: RegExp, pick: (m: RegExpExecArray) => string | undefined): ExtractedField | undefined {
  const m = model.findLine(re);
  if (!m) return undefined;
  const v = pick(m.match);
  return v ? field(v, m.words, { kind: 'structure', pass: true }) : undefined;
}

/** A product card's captions: another field's key, never a model. */
const CARD_CAPTION = /^(?:(?:product|device|sub)[\s-]*)?(?:category|brand|make|type|variant|colou?r|details|information|info)$/i;

function priceInBox(model: DocumentModel, label: RegExp): ExtractedField | undefined {
  const whole = new RegExp(`^\\s*(?:${label.source})[\\s:.]*$`, 'i');
  for (const cap of model.layout.segments) {
    if (!whole.test(cap.text)) continue;
    // (centred in a box wider than its caption: anywhere to the right of the caption's start)
    const next = model.layout.segmentUnderBox(cap, 3, Infinity);
    if (!next || /\p{L}{3}/u.test(next.text.replace(/\b(?:rs|inr)\b/gi, ''))) continue;
    const a = findAmounts(next.text).filter((h) => h.value >= 100 && (h.currency || h.decimals)).pop();
    if (a) return field(a.value, next.words, { kind: 'structure', pass: true });
  }
  return undefined;
}

export const extractImei: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const imeis = imeiReads(model);
  const valid = imeis.filter((i) => i.valid);
  const chosen = valid.length ? valid : imeis;
  if (chosen.length) {
    // "IMEI 1" and "IMEI 2" printed but fewer numbers read: the list is incomplete, say so.
    const numbered = Math.max(0, ...model.findAll(/\bIMEI\s*[-#]?\s*([1-4])(?![0-9])/gi).map((m) => Number(m.match[1])));
    const score = combineConfidence(chosen.map((i) => i.confidence));
    const where = evidenceOf(chosen.flatMap((i) => i.words));
    found.imei_number = { value: chosen.map((i) => i.value), confidence_score: chosen.length < numbered ? Math.min(score, INCOMPLETE_CAP) : score, ...(where ? { evidence: where } : {}) };
  }

  const labelledModel =
    labelledText(model, V('model').labels, {
      stop: /\s{2,}|\b(?:colou?r|ram|rom|imei|mrp|storage|memory|price)\b/i,
      clean: (s) => withoutTrailingBrand(repairModelName(withoutModelCode(tidy(s.replace(/^(?:name|number|no\.?)(?![A-Za-z])\s*[:\-]?\s*/i, ''))))),
      // (a card's heading "Product" over its first caption, "Category" / "Brand": the caption is no model)
      // (nor another caption under it: a bilingual caption's English line under its local-language line, "Model Sankhya" / "Model No.")
      accept: (s) => s.length >= 2 && !isModelCode(s) && !CARD_CAPTION.test(s) && !isLabelText(s, V('model').labels),
    });
  // A grid of caption rows over value rows ("Utpad / Product Name" over "Narzo 70 Pro 5G"): the name under its caption
  const nameUnderCaption = valueUnderCaption(model, V('model').labels, (s) => {
    const t = tidy(s);
    return t.length >= 2 && !isModelCode(t) && !CARD_CAPTION.test(t) && !isLabelText(t, V('model').labels) && !/\d\s*(?:GB|TB)\b|imei|[:₹]/i.test(t);
  });
  found.model =
    shorterThanHeading(labelledModel, brandLine(model)) ??
    brandLine(model) ??
    (nameUnderCaption ? field(withoutTrailingBrand(repairModelName(tidy(nameUnderCaption.text))), nameUnderCaption.words, { kind: 'labelled', via: 'pair' }) : undefined) ??
    modelUnderBrand(model) ??
    // a phone-back sticker prints only the maker's code ("Model No. 24066PC95I"): with no name anywhere, the code is
    // the model (the model validator still holds it in review: a code may stand for a name the page does not print)
    labelledText(model, V('model').labels, {
      stop: /\s{2,}|\b(?:colou?r|ram|rom|imei|mrp|storage|memory|price|made\s+in)\b/i,
      clean: (s) => tidy(s.replace(/^(?:name|number|no\.?)(?![A-Za-z])\s*[:\-]?\s*/i, '')).split(/\s+/)[0] ?? '',
      accept: (s) => isModelCode(s),
    });

  // "RAM | 8 GB" and "ROM | 128 GB" as key-value cells, else the printed specification line.
  // (a capacity's qualifier after it is no capacity of its own: "128 GB (expandable up to 1 TB)")
  const capacity = (v: string) => v.replace(/\s*\(?\s*(?:expandable|extendable|up\s*to|upto)\b.*$/i, '');
  // (a phone's storage screen prints what is used over the total: "34.6 GB" / "/128 GB")
  const withTotal = (x: KeyValue) => {
    const u = x.valueSegment ? model.layout.segmentBelow(x.valueSegment, 1.5) : undefined;
    return u && /^\s*\/\s*\d/.test(u.text) ? `${x.value} ${u.text.trim()}` : x.value;
  };
  const pairGb = (labels: RegExp[], re: RegExp) => {
    const p = model.layout.find(labels).find((x) => re.test(capacity(withTotal(x))));
    const m = p && re.exec(capacity(withTotal(p)));
    if (p && m) return field(`${m[1]} ${(m[2] ?? 'GB').toUpperCase()}`, p.valueWords, { kind: 'structure', pass: true });
    // a row of captions over a row of values ("RAM | ROM | M.R.P." over "6 GB | 128 GB | Rs. 14,999.00"): a caption
    // paired with the next caption beside it has its value under it
    for (const q of model.layout.find(labels)) {
      const under = q.keySegment ? model.layout.segmentBelow(q.keySegment) : undefined;
      const u = under && re.exec(tidy(under.text));
      if (under && u) return field(`${u[1]} ${(u[2] ?? 'GB').toUpperCase()}`, under.words, { kind: 'structure', pass: true });
    }
    return undefined;
  };
  found.ram =
    pairGb(V('ram').labels, /^(\d{1,2})(?:\.0)?\s*(GB)\b/i) ?? spec(model, RAM_ROM, (m) => `${m[1]} GB`) ?? spec(model, RAM, (m) => `${m[1] ?? m[2]} GB`) ?? spec(model, VARIANT, (m) => `${m[1]} GB`) ?? bareSizes(model, 1);
  found.rom =
    pairGb(V('rom').labels, /(?:^|[+/]\s*)(\d{2,4})\s*(GB|TB)\s*$/i) ??
    spec(model, RAM_ROM, (m) => `${m[2]} ${m[3].toUpperCase()}`) ??
    spec(model, /\b(?:ROM|storage|internal\s*storage|memory)\b\s*[:\-]?\s*(\d{2,4})\s*(GB|TB)/i, (m) => `${m[1]} ${m[2].toUpperCase()}`) ??
    spec(model, ROM, (m) => (m[1] ? `${m[1]} ${m[2].toUpperCase()}` : `${m[3]} ${m[4].toUpperCase()}`)) ??
    spec(model, VARIANT, (m) => `${m[2]} ${(m[3] ?? 'GB').toUpperCase()}`) ??
    bareSizes(model, 2);

  // The price the phone sells at: an offer/selling price or MOP before a plain "Price", the MRP
  // (often printed struck out beside the offer) last.
  // (a price is money: paise, a currency mark or three digits at least; "5G" under a "BEST PRICE" banner is not)
  // (a shop's price tag abbreviates its selling price: "SP", "S.P.", and prices it as a rate: "NET RATE", "Our Rate")
  const MRP = /M\.?\s?R\.?\s?P\.?/i;
  let sellingPrice = false;
  for (const label of [/\b(?:offer|best|selling|sale|special|deal|net|our|final|effective)\s*(?:price|rate)\b/i, /(?<![\w.])S\.?\s?P\.?(?![\w.])/, /\bMOP\b/i, /(?<!M\.?\s?R\.?\s?)\bprice\b/i, MRP]) {
    let value: number | undefined;
    const hit = model.labelValue(label, {
      via: ['same-line', 'right', 'below'],
      find: (text) => {
        // (money with its currency mark before a bare number beside it: "Rs. 4,499/- | Mfd: Jul 2024")
        const money = findAmounts(text).filter((h) => h.value > 0 && (h.currency || h.decimals || h.value >= 100));
        const a = money.filter((h) => h.currency).pop() ?? money.pop();
        value = a?.value;
        return a;
      },
    });
    if (hit && value !== undefined) {
      found.price = field(value, hit.words, { kind: 'structure', pass: true });
      sellingPrice = label !== MRP;
      break;
    }
    // a price card's box: the caption alone ("OFFER PRICE") and the price large under it, centred in the box
    // rather than under the caption's start (the next line down, within three caption heights, money alone)
    const boxed = priceInBox(model, label);
    if (boxed) {
      found.price = boxed;
      break;
    }
  }
  // A shop's price beside the maker's MRP, the two different: which one a reader means by the phone's price is a
  // convention (we give the price it sells at), so the value is reviewed.
  if (sellingPrice && typeof found.price?.value === 'number') {
    let mrp: number | undefined;
    model.labelValue(MRP, {
      via: ['same-line', 'right', 'below'],
      find: (text) => {
        const a = findAmounts(text).filter((h) => h.value >= 100).pop();
        mrp = a?.value;
        return a;
      },
    });
    if (mrp !== undefined && Math.abs(mrp - found.price.value) >= 1) found.price = { ...found.price, confidence_score: Math.min(found.price.confidence_score, TWO_PRICES_CAP) };
  }
  // The statutory MRP line, its amount right after the caption ("Max. Retail Price ₹ 19,999.00 (Incl. of all taxes)"),
  // on a line taken for prose (a stamp's words read onto its end, "(Incl. of all taxes)" in lower case): that amount.
  if (!found.price) {
    const MRP_LINE = /(?:\bM\.?\s?R\.?\s?P\b\.?|\bmax(?:imum)?\.?\s*retail\s*price)\s*[:\-]?\s*(?:₹|rs\.?|inr|\S)?\s*(\d{1,3}(?:,\d{2,3})+\.\d{2}|\d{3,6}\.\d{2})(?![\d,])/i;
    for (const l of model.lines) {
      const m = MRP_LINE.exec(l.text);
      const a = m ? findAmounts(m[1]).pop() : undefined;
      if (!m || !a || a.value < 100) continue;
      const at = m.index + m[0].length - m[1].length;
      found.price = field(a.value, model.wordsInRange(l, at, at + m[1].length), { kind: 'structure', pass: true });
      break;
    }
  }
  // its caption unread: the one amount on the label written as money with a currency mark ("Rs. 14,999.00"),
  // known by its shape alone (pattern evidence)
  if (!found.price) {
    const money = model.lines.flatMap((l) => findAmounts(l.text).filter((h) => h.currency && h.value >= 100).map((h) => ({ l, h })));
    if (money.length === 1) {
      const { l, h } = money[0];
      found.price = field(h.value, model.wordsInRange(l, h.index, h.index + h.length), { kind: 'pattern' });
    }
  }

  return { found };
};
