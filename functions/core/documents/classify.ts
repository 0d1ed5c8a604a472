/**
 * Classification from keyword/pattern evidence. Each type has weighted cues; a type's score is
 * the sum of the weights of the cues present. The best score wins when it reaches
 * MIN_SCORE; confidence grows with the score and with the margin over the runner-up.
 * An image with little text is an open-box candidate; the pipeline passes the face count so
 * the decision can combine both (`classify(model, { facesFound })`).
 */
import type { DocumentModel } from './blocks.ts';
import type { DocumentType, SupportedDocumentType } from './types.ts';
import { isValidAadhaar, isValidGstin, isValidIfsc, isValidImei, isValidPan, isValidUdyam } from './validators.ts';

export interface ClassifyOptions {
  /** Faces the face detector found in the image (undefined: not measured). */
  facesFound?: number;
}

/** What the open-box decision is made of, exported so the pipeline can combine it. */
export interface OpenBoxInput {
  wordCount: number;
  /** Letters and digits in the whole text. */
  textChars: number;
  /** Little or no text: a photo rather than a document. */
  littleText: boolean;
}

export interface Classification {
  type: DocumentType;
  /** 0..1 */
  confidence: number;
  /** Score per type (sum of cue weights). */
  scores: Partial<Record<SupportedDocumentType, number>>;
  /** Names of the cues that fired for the chosen type (never the values themselves). */
  evidence: string[];
  openBox: OpenBoxInput;
}

interface Cue {
  name: string;
  weight: number;
  test: (text: string) => boolean;
}

const re = (name: string, weight: number, rx: RegExp): Cue => ({ name, weight, test: (t) => rx.test(t) });
// Patterns use spaces, never \s: a number must not join digits across a line break.
const tokens = (t: string, rx: RegExp) => [...t.matchAll(rx)].map((m) => m[0].replace(/[ -]/g, ''));

const anyValid = (rx: RegExp, valid: (s: string) => boolean) => (t: string) => tokens(t, rx).some(valid);
const hasAadhaar = anyValid(/(?<!\d[ -]?)\d{4}[ -]?\d{4}[ -]?\d{4}(?![ -]?\d)/g, isValidAadhaar);
const hasPan = anyValid(/(?<![A-Z0-9])[A-Z]{5}\d{4}[A-Z](?![A-Z0-9])/g, isValidPan);
const hasGstin = anyValid(/(?<![A-Z0-9])\d{2}[A-Z0-9]{13}(?![A-Z0-9])/g, isValidGstin);
const hasImei = anyValid(/(?<!\d)\d{15}(?!\d)/g, isValidImei);
const hasIfsc = anyValid(/(?<![A-Z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Z0-9])/g, isValidIfsc);
const hasUdyam = anyValid(/UDYAM-[A-Z]{2}-\d{2}-\d{7}/g, isValidUdyam);

export const CUES: Record<Exclude<SupportedDocumentType, 'ASSET_OPEN_BOX_IMAGE'>, Cue[]> = {
  PAN: [
    re('income-tax-department', 3, /income\s*tax\s*department|आयकर\s*विभाग/i),
    re('permanent-account-number', 3, /permanent\s*account\s*number/i),
    { name: 'valid-pan', weight: 1.5, test: hasPan },
    re('govt-of-india', 0.5, /govt\.?\s*of\s*india/i),
  ],
  AADHAAR: [
    re('uidai', 3, /unique\s*identification\s*authority/i),
    re('aadhaar-word', 2.5, /aadhaa?r|आधार/i),
    re('government-of-india', 0.5, /government\s*of\s*india|भारत\s*सरकार/i),
    { name: 'verhoeff-valid-number', weight: 2, test: hasAadhaar },
    re('dob-or-yob', 0.5, /\bDOB\b|year\s*of\s*birth|जन्म/i),
    re('vid', 1, /\bVID\b|enrol?ment\s*no/i),
  ],
  INVOICE: [
    re('tax-invoice', 3, /tax\s*invoice/i),
    re('invoice-word', 1.5, /\binvoice\b/i),
    re('invoice-no-or-date', 1.5, /invoice\s*(?:no|number|date|#)/i),
    { name: 'valid-gstin', weight: 1, test: hasGstin },
    re('totals', 1, /grand\s*total|total\s*amount|amount\s*in\s*words/i),
    re('hsn', 0.5, /\bHSN\b|\bSAC\b|\bCGST\b|\bSGST\b|\bIGST\b/i),
    // Receipts and cash bills are invoices for a consumer-durable flow (a shop's bill of sale).
    re('receipt-or-bill', 2, /\b(?:receipt(?!\s+of\b)|cash\s*(?:bill|memo|sale)|bill\s*(?:no|#)|retail\s*invoice|simplified\s*tax\s*invoice)\b/i),
    { name: 'receipt-shape', weight: 2.5, test: receiptShape },
    re('tax-words', 0.5, /\b(?:GST|SST|VAT)\b|tax\s*(?:amount|@|\d)/i),
  ],
  IMEI_CLOSEUP_IMAGE: [
    re('imei-word', 2, /\bIMEI/i),
    { name: 'luhn-valid-imei', weight: 2.5, test: hasImei },
    re('ram-rom', 0.5, /\bRAM\b|\bROM\b|storage/i),
    re('mrp', 0.5, /M\.?R\.?P/i),
    re('model', 0.5, /\bmodel\b/i),
  ],
  DELIVERY_ORDER: [
    re('delivery-order', 4, /delivery\s*order/i),
    re('do-no', 2.5, /\bD\.?\s?O\.?\s*(?:no|number|date)\b/i),
    re('please-deliver', 1, /please\s*deliver|kindly\s*deliver/i),
    re('financier', 0.5, /financ|loan/i),
  ],
  GST_CERT: [
    re('form-gst-reg-06', 4, /form\s*GST\s*REG\s*-?\s*0?6/i),
    re('registration-certificate', 2, /registration\s*certificate|certificate\s*of\s*registration/i),
    re('goods-and-services-tax', 1.5, /goods\s*and\s*services\s*tax/i),
    re('legal-name', 1, /legal\s*name/i),
    re('trade-name', 1, /trade\s*name/i),
    re('constitution-of-business', 1.5, /constitution\s*of\s*business/i),
    { name: 'valid-gstin', weight: 1, test: hasGstin },
  ],
  UDYAM_CERT: [
    re('udyam', 4, /udyam/i),
    re('msme', 2, /micro,?\s*small\s*(?:and|&)\s*medium/i),
    { name: 'udyam-number', weight: 2, test: hasUdyam },
    re('type-of-enterprise', 1.5, /type\s*of\s*enterprise/i),
    re('major-activity', 1, /major\s*activity/i),
  ],
  FSSAI_CERTIFICATE: [
    re('fssai', 3, /\bFSSAI\b/i),
    re('food-safety', 3, /food\s*safety/i),
    re('food-business-operator', 1.5, /food\s*business\s*operator/i),
    re('license-number-14', 1, /licen[cs]e\s*(?:no|number)\.?\s*:?\s*\d{14}\b/i),
  ],
  SHOP_ACT_LICENSE: [
    re('shops-and-establishments', 4, /shops?\s*(?:and|&)\s*(?:commercial\s*)?establishments?/i),
    re('name-of-establishment', 1.5, /name\s*of\s*(?:the\s*)?establishment|establishment\s*name/i),
    re('gumasta', 2, /gumasta/i),
    re('establishment-certificate', 2, /registration\s*certificate\s*of\s*(?:an?\s*)?establishment/i),
    re('labour-department', 1, /labou?r\s*department/i),
    re('intimation', 0.5, /intimation\s*receipt|form\s*['‘’]?[FfBb]['‘’]?\b/i),
  ],
  PURCHASE_ORDER: [
    re('purchase-order', 4, /purchase\s*order/i),
    re('po-no', 2, /\bP\.?\s?O\.?\s*(?:no|number|date)\b/i),
    re('vendor-supplier', 1, /\bvendor\b|\bsupplier\b/i),
    re('delivery-terms', 0.5, /ship\s*to|delivery\s*(?:date|schedule)|terms\s*(?:and|&)\s*conditions/i),
  ],
  BANK_STATEMENT: [
    re('statement-of-account', 4, /statement\s*of\s*account|account\s*statement|bank\s*statement/i),
    { name: 'valid-ifsc', weight: 1.5, test: hasIfsc },
    re('balances', 1.5, /opening\s*balance|closing\s*balance/i),
    re('transaction-columns', 1, /withdrawals?|deposits?|narration|cheque\s*no/i),
    re('account-labels', 1.5, /account\s*(?:holder|number|no)|a\/c\s*no/i),
    re('statement-period', 1.5, /statement\s*(?:period|from|date)|period\s*of\s*statement/i),
  ],
  EBILL: [
    re('electricity', 2, /electricity|power\s*(?:distribution|supply)|vidyut|bijli/i),
    re('units-consumed', 2.5, /units?\s*(?:consumed|billed)|consumption\s*\(?kwh/i),
    re('consumer-no', 2, /consumer\s*(?:no|number|name|id)|\bCA\s*No|service\s*connection\s*(?:no|number)/i),
    re('bill-date', 1, /bill\s*date/i),
    re('meter-tariff', 1.5, /meter\s*(?:no|reading)|\bkwh\b|tariff|sanctioned\s*load/i),
    re('due-date', 0.5, /due\s*date/i),
  ],
};

/**
 * A till receipt: a total-like label and several money amounts (two decimals), with
 * item/qty/cash/change words a statement or bill does not carry together.
 */
function receiptShape(text: string): boolean {
  const money = (text.match(/\b\d{1,6}[.,]\d{2}\b/g) ?? []).length;
  const total = /\b(?:total|sub\s*-?\s*total|grand\s*total|amount\s*due|nett?)\b/i.test(text);
  const till = (text.match(/\b(?:qty|quantity|item|cash|change|tendered|rounding|price|amount|disc(?:ount)?|payment|thank\s*you)\b/gi) ?? []).length;
  return total && money >= 3 && till >= 2;
}

/** Below this best score a document is not recognised. */
export const MIN_SCORE = 3;
/** Fewer words than this (and few characters) make an image a photo rather than a document. */
export const LITTLE_TEXT_WORDS = 12;
export const LITTLE_TEXT_CHARS = 60;

export function openBoxInput(model: DocumentModel): OpenBoxInput {
  const wordCount = model.words.length;
  const textChars = (model.text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return { wordCount, textChars, littleText: wordCount < LITTLE_TEXT_WORDS && textChars < LITTLE_TEXT_CHARS };
}

function round(x: number): number {
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}

export function classify(model: DocumentModel, opts: ClassifyOptions = {}): Classification {
  const text = model.text;
  const upper = text.toUpperCase();
  const scores: Partial<Record<SupportedDocumentType, number>> = {};
  const fired: Partial<Record<SupportedDocumentType, string[]>> = {};
  for (const [type, cues] of Object.entries(CUES) as [SupportedDocumentType, Cue[]][]) {
    let s = 0;
    const names: string[] = [];
    for (const cue of cues) {
      if (cue.test(text) || cue.test(upper)) {
        s += cue.weight;
        names.push(cue.name);
      }
    }
    scores[type] = s;
    fired[type] = names;
  }

  // Open box: a photo with little text; a detected face makes it far more likely.
  const openBox = openBoxInput(model);
  const faces = opts.facesFound ?? 0;
  const obNames: string[] = [];
  let ob = 0;
  if (openBox.littleText) {
    ob += 2;
    obNames.push('little-text');
  }
  if (faces > 0) {
    ob += 3;
    obNames.push('faces-found');
  }
  scores.ASSET_OPEN_BOX_IMAGE = ob;
  fired.ASSET_OPEN_BOX_IMAGE = obNames;

  const ranked = (Object.entries(scores) as [SupportedDocumentType, number][]).sort((a, b) => b[1] - a[1]);
  const [bestType, best] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;

  if (best < MIN_SCORE) {
    // Little text is an open-box photo only where faces were looked for (a photo); a near-empty
    // PDF page or an unmeasured image is not recognised (its spec fields could not be given).
    if (openBox.littleText && opts.facesFound !== undefined) {
      return { type: 'ASSET_OPEN_BOX_IMAGE', confidence: 0.55, scores, evidence: obNames, openBox };
    }
    return { type: 'UNKNOWN', confidence: round(1 - best / MIN_SCORE / 2), scores, evidence: [], openBox };
  }

  const strength = 1 - Math.exp(-best / 3);
  const margin = (best - second) / best;
  return { type: bestType, confidence: round(strength * (0.6 + 0.4 * margin)), scores, evidence: fired[bestType] ?? [], openBox };
}
