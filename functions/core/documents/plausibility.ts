/**
 * Validators for free-text fields, applied after extraction: a value that fails its field's
 * check keeps its value but not its confidence (docs/confidence.md). Identifiers, dates and
 * amounts are checked where they are read (checksum/structure evidence); these cover names,
 * business names, addresses and models, which have no checksum.
 */
import type { ExtractedField } from './fields/common.ts';
import { isStateLine, looksLikeName } from './fields/common.ts';
import { isModelCode } from './fields/imei.ts';

/** Ceiling for a value its field's validator rejects. */
export const IMPLAUSIBLE_CAP = 0.4;

const PERSON = new Set(['customer_name', 'name', 'name_as_per_pan', 'father_name', 'account_holder', 'account_holder_name', 'consumer_name', 'licensee_name', 'employer_name']);
const BUSINESS = new Set(['dealership_name', 'dealer_name', 'business_name', 'establishment_name', 'enterprise_name', 'legal_name', 'trade_name', 'buyer_name', 'supplier_name']);
/** Words that label a field: inside a name or an address they show a label was read as the value. */
const LABEL_WORD = /\b(?:invoice|details|dated?|gstin|mobile|phone|contact|total|amount|bill(?:ed|ing)?\s*to|ship(?:ped|ping)?\s*to|customer|buyer|dealer|seller|name|address|signature|signatory|proprietor|manager|subject|order|number|receipt)\b/i;
const PIN = /(?<!\d)\d{3}\s?\d{2,3}(?!\d)/;
/**
 * A key read into an address: the words of its label ("of Principal Place of", "Place of
 * Business", "For communication"), a part label printed with its alternatives ("Road/Street/Lane", "City / Town"), or a
 * part that is the tail of a wrapped key ("of Principal Place of").
 */
const ADDRESS_KEY_RESIDUE = /\b(?:place\s+of\s+business|principal\s+place)\b|^\s*(?:for\s+)?communication\b|\b(?:flat|door|road|street|city|town|village|locality|building|premises)\s*\/\s*\p{L}|(?:^|,\s*)of\s+\p{L}/iu;

/** An Indian PIN code (six digits, the first not 0). */
const PIN_CODE = /(?<![\d.])[1-9]\d{2}\s?\d{3}(?![\d.])/;

/**
 * Words of an address, never of a person's name: a name that holds one is an address line read for
 * the name ("Lotus Court Ring Road Thangal Bazar"). Words that are also surnames (Nagar) are left out.
 */
const ADDRESS_WORD = /\b(?:road|rd|street|lane|marg|chowk|colony|apartments?|towers?|complex|bazaa?r|sector|floor|building|plot|flat|court|layout|enclave|residency|villa|phase|block|opp|near|behind)\b/i;

/**
 * The door of an address ("Plot No. 83", "H. No. 12-7", "Gala No. 20"): a business name never starts with
 * one, so a value that does is the address line beside or under the name's caption.
 */
const DOOR_FIRST = /^\s*(?:plot|h(?:ouse)?|door|flat|shop|gala|khasra|survey|sy|premises|unit|office)\.?\s*no\b/i;

/** Words a form prints as labels: a value made of them only ("Customer Name Mobile No.", "Asset Cost") is a label read as a value. */
const FORM_WORD = /^(?:name|no|number|date|dated|address|mobile|phone|contact|customer|buyer|dealer|seller|supplier|vendor|asset|product|model|cost|value|amount|price|total|loan|details?|gstin|code|type|quotation|enquiry|of|the|and|&|\/|#|[:.-]+|addr|amt|cust|dt|inv|mob|tel|ph)$/i;
/**
 * Column and section headings a form prints: one alone ("CATEGORY") is a heading read as a value,
 * and a party heading ("Deliver To", "Ship To", "Sold To") names a party, it is not one; nor does a
 * place heading ("Installation Site") beside it.
 */
const HEADING_WORD = /^(?:category|description|particulars|items?|brand|make|variant|colou?r|specifications?|hsn|sac|qty|quantity|rate|unit|units|remarks?|id|ref|reference|deliver|delivery|ship|shipping|bill|billing|sold|consignee|consignor|to|from|site|installation)$/i;
/** A caption whose words OCR ran together ("INVNO.", "CustName:"): no value prints like that. */
const GLUED_CAPTION = /^(?:inv(?:oice)?|bill|order|po|do|sr|sl|a\/?c|acc?t?|mob(?:ile)?|ph(?:one)?|tel|cust(?:omer)?|dealer|party)\.?(?:no|name|date|dt|addr(?:ess)?)\.?:?$/i;
function labelsOnly(value: string): boolean {
  if (GLUED_CAPTION.test(value.replace(/\s+/g, ''))) return true;
  const words = value.trim().split(/\s+/).map((w) => w.replace(/[.:,]+$/, ''));
  if (words.length === 1) return HEADING_WORD.test(words[0]) || /^(?:details?|name|address|model|product|asset|amount|total|value|price|cost|code|number)$/i.test(words[0]);
  return words.every((w) => FORM_WORD.test(w) || HEADING_WORD.test(w));
}

/**
 * A constitution of business printed as the value of its own caption ("Constitution of Business |
 * Partnership"), not a firm's name: read for a name, the neighbouring row's value was taken.
 */
const CONSTITUTION_ONLY = /^(?:(?:sole\s+)?proprietor(?:ship|y\s+concern)|partnership(?:\s+firm)?|(?:private|public)\s+limited(?:\s+company)?|limited\s+liability\s+partnership|llp|huf|hindu\s+undivided\s+family|(?:co-?\s?operative\s+)?society|trust|company|government\s+department|local\s+authority)$/i;

export type Verdict = 'pass' | 'fail' | 'unknown';

/** The memory sizes phones and tablets are sold with, in GB. */
const RAM_SIZES = [0.5, 1, 1.5, 2, 3, 4, 6, 8, 10, 12, 16, 18, 24, 32];
const STORAGE_SIZES = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];

/** A specification, no maker's code: "8GB/128GB", "5000mAh", "120Hz". */
const MEASURE = /\d\s*(?:GB|TB|MB|mAh|MP|Hz|W|inch|cm)\b/i;

/** A code: digits and a slash or hyphen ("2022/019091", "WO/24-25/117"). */
const CODE_TOKEN = /^(?=.*\d)(?=.*[\/-])\S+$/;
/**
 * Two or more codes read as one number ("BIL/TL/2022/019091 APP/2022/115179 42/394": a licence, its
 * application and a ward number in one row): a number is one code, so which one is meant is a guess.
 */
function codesRunTogether(value: string): boolean {
  return value.trim().split(/\s+/).filter((w) => CODE_TOKEN.test(w)).length >= 2;
}

/**
 * A document's own number does not carry another document's prefix: "QT-7543" / "Q-0586" is the
 * quotation a purchase order, delivery order or invoice refers to ("Reference# QT-7543",
 * "Quotation No. & Date Q-0586 dt. 05.09.2024"), "DC/8748" the delivery challan an invoice goes
 * with, "APP38819927" the loan application an order is issued under; none is the document's own number.
 */
const OTHER_DOCUMENT_PREFIX: Record<string, RegExp> = {
  po_number: /^(?:QT|QTN|QUO|QUOT|Q|ENQ|INV|DC)\s*[-/]\s*\d|^APPL?\s*[-/]?\s*\d/i,
  order_number: /^(?:QT|QTN|QUO|QUOT|Q|ENQ|INV|PO)\s*[-/]\s*\d|^APPL?\s*[-/]?\s*\d/i,
  invoice_number: /^(?:QT|QTN|QUO|QUOT|Q|ENQ|PO|DO|DC)\s*[-/]\s*\d|^APPL?\s*[-/]?\s*\d/i,
};

/** The least a lender finances: an order's asset at a few rupees is a digit read off its amount ("16" for "16,999"). */
const LEAST_ASSET_COST = 500;

export function plausible(fieldName: string, value: unknown): Verdict {
  if (fieldName === 'amount' && typeof value === 'number') return value >= LEAST_ASSET_COST ? 'pass' : 'fail';
  if (typeof value !== 'string' || !value) return 'unknown';
  if (fieldName in OTHER_DOCUMENT_PREFIX && OTHER_DOCUMENT_PREFIX[fieldName].test(value.trim())) return 'fail';
  if (/_number$/.test(fieldName) && codesRunTogether(value)) return 'fail';
  if (fieldName in OTHER_DOCUMENT_PREFIX) return 'unknown';
  if (PERSON.has(fieldName)) {
    const words = value.trim().split(/\s+/);
    const capitalised = words.every((w) => /^[A-Z]/.test(w));
    // (a heading read beside a party's label, "Bill To | Installation Site", is no one's name)
    // (a title left in front, "MS. PILLAI MOUMITA": read from a form's own line, not the card's or the page's name)
    const titled = /^\s*(?:mr|mrs|ms|miss|shri|smt|kumari|dr)\b\.?\s/i.test(value);
    // (nor a reference's caption beside the party's heading: "Challan No.", "L.R. No.")
    const reference = /\bno\.?$|\bno\.\s|\bchallan\b/i.test(value);
    return looksLikeName(value) && capitalised && !titled && !reference && !LABEL_WORD.test(value) && !ADDRESS_WORD.test(value) && !labelsOnly(value) ? 'pass' : 'fail';
  }
  if (BUSINESS.has(fieldName)) {
    const letters = (value.match(/\p{L}/gu) ?? []).length;
    // (a bracketed word alone, "(Contractor)", is the party's role printed under its heading)
    // (nor an order's title: "SUPPLY ORDER", "WORK ORDER")
    const bare = /^(?:tax\s*)?invoice|^details$|^original|^duplicate|^to,?$|^\(.*\)$|^(?:supply|work|purchase|delivery|release)\s*order$/i.test(value.trim());
    // A business name is printed capitalised: a value starting in lower case is the rest of a sentence ("and ...").
    const capitalised = /^[\p{Lu}\d&("'.]/u.test(value.trim());
    // (an empty piece between slashes, "APP/ /": a reference number whose digits a name cleaner took out)
    const emptied = /\/\s*(?:\/|$)/.test(value);
    // (a caption read as the value: "Name of Person in charge / Nominee")
    const caption = /\bname\s+of\b/i.test(value);
    return letters >= 3 && capitalised && !bare && !emptied && !caption && !DOOR_FIRST.test(value) && !CONSTITUTION_ONLY.test(value.trim().replace(/[.:]+$/, '')) && !labelsOnly(value) && !/\d{4,}/.test(value) && !/\b(?:invoice|gstin|date|signature|signatory)\b/i.test(value) ? 'pass' : 'fail';
  }
  if (/address/.test(fieldName)) {
    // A certificate's or bill's `address` is also complete when it ends in its state after a street
    // and a town ("12, MG Road, Kothrud, Pune, Maharashtra": some print no PIN).
    const parts = value.split(/\s*,\s*/);
    const complete = PIN.test(value) || (fieldName === 'address' && parts.length >= 3 && isStateLine(parts[parts.length - 1]));
    // (a state and PIN alone, "West Bengal - 734419", is the last line of an address whose other lines went unread)
    const onlyState = parts.every((x) => !x.replace(PIN_CODE, '').replace(/[\s\-–,.]+/g, ' ').trim() || isStateLine(x.replace(PIN_CODE, '').replace(/[\s\-–]+$/, '')));
    return complete && !onlyState && !LABEL_WORD.test(value.replace(/\b(?:shop|flat|house|plot)\s*no\b/gi, '')) && !ADDRESS_KEY_RESIDUE.test(value) && !runsPastState(value) ? 'pass' : 'fail';
  }
  if (fieldName === 'ram' || fieldName === 'rom') {
    // Memory comes in a few sizes: "14 GB" of RAM is a digit misread ("4" / "12" / "16"), "100 GB" of storage too.
    const m = /^\s*(\d+(?:\.\d+)?)\s*(GB|TB|MB)\s*$/i.exec(value);
    if (!m) return 'unknown';
    const gb = Number(m[1]) * (/tb/i.test(m[2]) ? 1024 : /mb/i.test(m[2]) ? 1 / 1024 : 1);
    return (fieldName === 'ram' ? RAM_SIZES : STORAGE_SIZES).includes(gb) ? 'pass' : 'fail';
  }
  if (fieldName === 'asset_model' || fieldName === 'model') {
    // The maker's model code ("CPH2599", "SM-A156E") read for the model's name is not the model.
    // An address read for the model ("Model Town Extn, Vijayawada, Andhra Pradesh 520020"): a PIN, or a state after a comma.
    const address = /,/.test(value) && (PIN_CODE.test(value) || value.split(/\s*,\s*/).some((part) => isStateLine(part.replace(/\s*-?\s*\d{6}\s*$/, ''))));
    // (and on a label, a name given with the maker's code, "RMX3997 (12x 5G)", is the code and the name run together: which one the reader wants is a guess)
    const withCode = fieldName === 'model' && /\s/.test(value.trim()) && value.split(/[\s()[\]]+/).some((w) => w && isModelCode(w) && !MEASURE.test(w));
    // (a product's name is printed capitalised or with a number: "loan" is a word of the sentence beside its caption;
    // nor does it carry a serial number: "… 4K LED TV CQF028430216" ran the next cell into it)
    const named = /[\p{Lu}\d]/u.test(value);
    const serial = value.split(/\s+/).some((w) => /^(?=(?:\D*\d){8})[A-Z0-9]{10,}$/i.test(w));
    // (nor a sum of money: "Rs. 27,000/-" is the cost printed in the asset's row, a grouped number too)
    const money = /(?:\brs\.?|₹|\binr\b)\s*\d|\b\d{1,3}(?:,\d{2,3})+\b/i.test(value);
    return /\p{L}/u.test(value) && named && !serial && !money && !labelsOnly(value) && !address && !withCode && !/\d[\d,]*\.\d{2}\b|\bto be\b/i.test(value) && !isModelCode(value) ? 'pass' : 'fail';
  }
  return 'unknown';
}

/**
 * Fields naming the two parties of a document (issuer and counter-party, a person and the father):
 * the same text read for both means one of them took the other's value.
 */
const DISTINCT_PARTIES: readonly [string, string][] = [
  ['dealership_name', 'customer_name'],
  ['dealer_address', 'customer_address'],
  ['dealer_name', 'customer_name'],
  ['buyer_name', 'supplier_name'],
  ['name_as_per_pan', 'father_name'],
];
/** Ceiling for the weaker of two parties read the same (docs/confidence.md). */
export const SAME_PARTY_CAP = 0.5;

/**
 * Ceiling for free text bearing a trace of misread print (`misreadTrace`): the value is scored by
 * exact text, and one of its characters is likely wrong although the engine was sure of the word.
 */
export const MISREAD_TRACE_CAP = 0.5;

/** Marks no name or address prints: a bar, backslash, underscore, tilde, caret, asterisk, angle or curly bracket, guillemet, dollar (an S misread: "$/O:"). */
const STRAY_MARK = /[|\\_~^*<>{}»«¦¬$]/;
/**
 * A look-alike letter against its word's case: a capital I between small letters ("ShIva"; not "McIntyre"), a
 * small l between capitals ("BHARDlAJ"), "Il" for the numeral II ("Phase Il"), or a capital I
 * after a word's capital and before small letters ("JIn" for "Jln").
 */
const CASE_BREAK = /(?<!M)(?<!Ma)\p{Ll}I\p{Ll}|\p{Lu}l\p{Lu}|^(?:Il|lI|Ill|IIl)$|^\p{Lu}I\p{Ll}{1,2}$/u;
/** Brackets opened and closed in different numbers: OCR read a J, an l or a smudge as ")". */
const unbalanced = (s: string) => (s.match(/\(/g) ?? []).length !== (s.match(/\)/g) ?? []).length || (s.match(/\[/g) ?? []).length !== (s.match(/\]/g) ?? []).length;

/**
 * A trace of misread print in a name or an address: a stray mark, an unbalanced bracket ("VISHNU
 * BAJA)"), a word whose look-alike letter breaks its case, or (in an address or a person's name) a
 * quote or bracket before the first word ("‘D/O …", "(licensed), Door No. …"). None of these is
 * printed on the documents; OCR makes them from a J, an l, a smudge or a fold.
 */
export function misreadTrace(fieldName: string, value: unknown): boolean {
  if (typeof value !== 'string' || !value) return false;
  if (!PERSON.has(fieldName) && !BUSINESS.has(fieldName) && !/address/.test(fieldName)) return false;
  // (nor a space just inside a bracket, "(Unit I )": OCR split a stroke off the last letter, an II read as I)
  if (STRAY_MARK.test(value) || unbalanced(value) || /\(\s|\s\)/.test(value)) return true;
  if (value.split(/[\s,.\/-]+/).some((w) => CASE_BREAK.test(w))) return true;
  // a name printed in capitals with one small letter inside a word ("DURGA MAJjU"): a glyph misread under a stroke
  if (PERSON.has(fieldName) && (value.match(/\p{Ll}/gu) ?? []).length === 1 && /\p{Lu}{2}\p{Ll}\p{Lu}/u.test(value)) return true;
  if (!BUSINESS.has(fieldName) && /^\s*[‘’'"“”`(\[]/.test(value)) return true;
  // a firm's name that stops at a word no name ends with ("… PROCESSORS PRIVATE", "Gupta &"): the rest was cut
  // off (a wrapped line, the cell's edge). Only the score: as a validator it refused such a header line before
  // the mapper could join its next line ("LIMITED").
  if (BUSINESS.has(fieldName) && /(?:\b(?:private|pvt\.?|and|of|the|for)|&)\s*$/i.test(value)) return true;
  // an address printed from its start opens with a capital or a number: a first word in lower case
  // ("val Arcade, …" from "Royal Arcade") is the end of a word the scan's edge or a stamp cut off
  return /address/.test(fieldName) && /^\s*\p{Ll}/u.test(value) && !/^\s*(?:near|nr|opp|opposite|behind|beside|c\/o|at|po|vill|village|post|dist)\b/i.test(value);
}

/**
 * Ceiling for a reference number with a look-alike glyph where its letters meet its digits
 * (`lookAlikeAtJoin`): which of the two was printed is a guess the shape cannot settle.
 */
export const LOOK_ALIKE_CAP = 0.6;

/** Numbers an issuer makes up (an invoice's, an order's, a consumer's): no checksum or layout tells a letter from a digit in them. */
const REFERENCE = new Set(['invoice_number', 'order_number', 'po_number', 'consumer_number', 'registration_number']);
/**
 * A 0 or 1 right after a letter and before a digit or a separator (`T1242520447`: TI or T1?
 * `S1/23-24/0812`, `F0175652`), an O, I or l right after a digit, or an I or l (an O too, but not
 * the O of a `DO`/`PO` prefix, which the prefix repair reads as printed) right after a letter and
 * before a digit.
 */
const LOOK_ALIKE_JOIN = /(?<=[A-Za-z])[01](?=[\d/.-])|(?<=\d)[OIl](?=[\d/.-]|$)|(?<=[A-Za-z])[Il](?=\d)|(?<=[A-CE-OQ-Za-z])O(?=\d)/;

/**
 * A reference number holding a look-alike glyph where a run of letters meets a run of digits: OCR
 * reads such a glyph with full confidence either way, and the tuned and dev pages' values so made were
 * right 11 times in 20 (wrong: `T1242520447` for `TI242520447`, `F0175652` for `FO175652`).
 */
export function lookAlikeAtJoin(fieldName: string, value: unknown): boolean {
  return REFERENCE.has(fieldName) && typeof value === 'string' && LOOK_ALIKE_JOIN.test(value);
}

/**
 * An address that runs on past its state: after a PIN, a last part that starts with the state and
 * goes on in words ("… Hyderabad 500238, Telangana Scan to verify"): text printed after the address
 * (a caption, a QR code's legend) was joined to it.
 */
function runsPastState(value: string): boolean {
  const parts = value.split(/\s*,\s*/);
  const last = parts[parts.length - 1];
  if (parts.length < 2 || !PIN_CODE.test(parts.slice(0, -1).join(', ')) || isStateLine(last) || /\d/.test(last)) return false;
  const words = last.split(/\s+/);
  return [1, 2, 3].some((k) => k < words.length && isStateLine(words.slice(0, k).join(' ')));
}

/** Caps the confidence of every field whose value fails its validator, bears a misread trace or a look-alike glyph at a join, and of two parties read alike. */
export function applyPlausibility(data: Record<string, ExtractedField>): Record<string, ExtractedField> {
  for (const [name, f] of Object.entries(data)) {
    if (plausible(name, f.value) === 'fail') f.confidence_score = Math.min(f.confidence_score, IMPLAUSIBLE_CAP);
    else if (misreadTrace(name, f.value)) f.confidence_score = Math.min(f.confidence_score, MISREAD_TRACE_CAP);
    else if (lookAlikeAtJoin(name, f.value)) f.confidence_score = Math.min(f.confidence_score, LOOK_ALIKE_CAP);
  }
  const key = (v: unknown) => (typeof v === 'string' ? v.toLowerCase().replace(/^m\/s\.?\s*/, '').replace(/[^\p{L}\p{N}]+/gu, '') : '');
  for (const [a, b] of DISTINCT_PARTIES) {
    const [x, y] = [data[a], data[b]];
    if (!x || !y || key(x.value).length < 4 || key(x.value) !== key(y.value)) continue;
    // the stronger evidence keeps the text; the weaker one (both when they tie) took the other's
    const weaker = Math.min(x.confidence_score, y.confidence_score);
    for (const f of [x, y]) if (f.confidence_score <= weaker) f.confidence_score = Math.min(f.confidence_score, SAME_PARTY_CAP);
  }
  return data;
}
