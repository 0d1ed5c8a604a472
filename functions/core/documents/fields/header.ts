/**
 * Letterhead heuristics shared by invoices, delivery and purchase orders: the issuer's name is
 * usually the first name-like line that is not a document title, with its address below it.
 */
import type { DocumentModel, Line } from '../blocks.ts';
import { segmentLine } from '../layout.ts';
import { DEFAULT_ADDRESS_STOP, addressAfter, cleanName, field, repairNameLookalikes, tidy, type ExtractedField } from './common.ts';
import { AFFILIATION_LINE, TAGLINE_LINE, TRADE_LINE, addressBelow } from './commercial.ts';

// (a bill book's pre-printed choice of payment, "Cash / Credit", is no name either; nor an e-invoice's
// registration labels over the seller's cell: "IRN", "Ack No.", "e-Way Bill"; nor a party's heading: "Details of Receiver (Billed to)";
// nor an order book's title abbreviated alone: "P.O.", "D.O.", "W.O.")
const TITLE =
  /in[vy][o0][il1]ce|\birn\b|\back\.?\s*(?:no|date|dt)\b|e-?way\s*bill|\bdetails\s*of\b|\b(?:bill(?:ed)?|ship(?:ped)?)\s*to\b|original|duplicate|triplicate|recipient|copy|gstin|\bgst\b|delivery\s*order|purchase\s*order|statement|bill\b|receipt|cash\s*memo|^\W*(?:cash|credit)\s*[/|]\s*(?:cash|credit)\W*$|(?:phone|mobile|mob|tel)\s*(?:no)?\.?\s*:|e-?mail|www\.|page\s*\d|date|\bno\b|number|government|certificate|form\b|^\W*[PDW]\.\s?O\.?\W*$/i;

/** A registration number in brackets after the name: "BOON SENG PAPER SDN BHD (1248717-W)", "(Co. No: 20154-T)". */
const TRAILING_REGISTRATION = /\s*[(\[][^()[\]]*\d{3,}[^()[\]]*[)\]]\s*$/;
/** A legal-entity suffix: the registered name, rather than a brand or outlet line above it. */
const LEGAL_ENTITY = /\b(?:pvt\.?\s*ltd|private\s+limited|limited|ltd|llp|s[dou0]n\.?\s*b[hnm][dp]|s\/b|inc|corporation)\b\.?\s*$/i;
/** A legal suffix alone on the next line ("UNIHAKKA INTERNATIONAL SDN" / "BHD"). */
const SUFFIX_LINE = /^\s*(?:s[dou0]n\.?\s*)?b[hnm][dp]\.?\s*$|^\s*(?:pvt\.?\s*)?ltd\.?\s*$|^\s*(?:private\s+)?limited\.?\s*$|^\s*llp\s*$/i;

/** A letterhead line's business name: the text without a trailing bracketed registration number. */
export function letterheadText(line: Line): string {
  // A letterhead sharing its line with the title ("STAR RETAIL PVT LTD      PURCHASE ORDER"): its own cell.
  const cells = segmentLine(line);
  const text = cells.length > 1 ? cells[0].text : line.text;
  // (an underscore is a dot or a smudge read low: "BOOK TA _K (TAMAN DAYA)"; a portal's account
  // menu prints its caret after the name: "Navkar Home Appliances v")
  return withoutLogoInitials(text.replace(TRAILING_REGISTRATION, '').replace(/_/g, '.').replace(/\s+[v˅⌄▾▼]$/u, '').trim());
}

/** A logo of initials read into the name ("JE Janata Electricals & Electronics"): dropped. */
function withoutLogoInitials(text: string): string {
  const m = /^([A-Z]{2,4})\s+(.+)$/.exec(text);
  if (!m) return text;
  const initials = m[2].split(/\s+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join('');
  return initials.startsWith(m[1]) ? m[2] : text;
}

function isLetterheadCandidate(model: DocumentModel, l: Line): boolean {
  const t = letterheadText(l);
  return (
    l.page === model.lines[0]?.page &&
    l.index < 8 &&
    // a logo or a smudge read as letters ("OF" at 7%, "Pr RN") is not the name
    l.confidence >= 50 &&
    !TITLE.test(t) &&
    // "A unit of X Pvt. Ltd.", "Managed by ...": the company behind the banner, not the name the shop trades under
    !/^\(?\s*(?:a\s+)?(?:unit|division|brand|franchisee?)\s+of\b|^\(?\s*(?:managed|owned|operated|powered|marketed)\s+by\b/i.test(t) &&
    // a bill book's printed clause above the name ("Subject to Darbhanga Jurisdiction") names no one
    !/\bjurisdiction\b/i.test(t) &&
    // a name may start with a number only when it is a registered company ("99 SPEED MART S/B")
    (/^[A-Za-z][A-Za-z0-9 .&'()/-]{2,60}$/.test(t) || (/^\d{1,3}\s+[A-Za-z][A-Za-z0-9 .&'()/-]{2,60}$/.test(t) && LEGAL_ENTITY.test(t))) &&
    !/\d{3,}/.test(t) &&
    /[A-Z]/.test(t) // printed business names are capitalised; an all-lowercase line is a scribble
  );
}

/**
 * The issuer's name line: the first plausible business-name line near the top of page 1, or
 * one of the next two candidates when that one carries a legal-entity suffix (receipts print a
 * brand or outlet name above the registered company).
 */
export function letterheadLine(model: DocumentModel): Line | undefined {
  const candidates = model.lines.filter((l) => isLetterheadCandidate(model, l));
  const first = candidates[0];
  if (!first || LEGAL_ENTITY.test(letterheadText(first))) return first;
  return candidates.slice(1, 3).find((l) => LEGAL_ENTITY.test(letterheadText(l)) && l.index - first.index <= 3) ?? first;
}

/**
 * The issuer's name as printed, over one or two lines: the letterhead line, with the line above
 * when the name on it is a fragment ("POPULAR BOOK" over "CO. (M) SDN BHD": the name part before
 * the legal suffix is one word or starts with "Co."/"&"), and the line below when a bracket is
 * left open ("AIK HUAT HARDWARE ENTERPRISE (SETIA" / "ALAM) SDN BHD") or the suffix goes on
 * alone ("... SDN" / "BHD").
 */
export function letterheadBlock(model: DocumentModel): { lines: Line[]; text: string } | undefined {
  const line = letterheadLine(model);
  if (!line) return undefined;
  const lines = [line];
  const text = letterheadText(line);
  const near = (a: Line, b: Line) => Math.abs(b.box.Top - (a.box.Top + a.box.Height)) <= Math.max(a.box.Height, b.box.Height) * 1.2;
  const above = model.linesBefore(line, 1)[0];
  const namePart = text.replace(LEGAL_ENTITY, '').replace(/\([^)]*\)/g, ' ').trim();
  if (above && LEGAL_ENTITY.test(text) && near(above, line) && isLetterheadCandidate(model, above) && (namePart.split(/\s+/).length <= 1 || /^(?:co\b|company\b|&|and\b)/i.test(namePart))) {
    lines.unshift(above);
  }
  const below = model.linesAfter(line, 1)[0];
  const open = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
  if (below && near(line, below) && ((open && /\)/.test(below.text) && below.text.length <= 40) || SUFFIX_LINE.test(below.text))) lines.push(below);
  return { lines, text: lines.map((l) => (l === line ? text : letterheadText(l))).join(' ') };
}

/** The issuer's name from the "For <Business>" signature block. */
const SIGNATURE = /^\s*for\s*[:,-]?\s+((?:m\/s\.?\s*)?[A-Za-z][A-Za-z0-9 .&'()-]{2,60})$/i;

export function signatureName(model: DocumentModel): ExtractedField | undefined {
  const m = model.findLine(SIGNATURE);
  if (m && !/office\s*use|any\s*queries/i.test(m.line.text)) return field(cleanName(m.match[1]), m.words, { kind: 'heuristic' });
  if (m) return undefined;
  // the signature block in a cell of its own beside other text on its line ("Declaration  ‖  for Navrang Two Wheelers")
  const cell = model.layout.segments.find((x) => x.start > 0 && SIGNATURE.test(x.text) && !model.layout.isProseLine(x.line));
  const c = cell ? SIGNATURE.exec(cell.text) : null;
  return cell && c && !/office\s*use|any\s*queries/i.test(cell.text) ? field(cleanName(c[1]), cell.words, { kind: 'heuristic' }) : undefined;
}

/**
 * Position alone (the first name-like line is the issuer; the lines under it its address) was
 * right about half the time on real receipts (bench/results/accuracy.md): scored no higher.
 */
export const LETTERHEAD_CAP = 0.5;

function capped(f: ExtractedField): ExtractedField {
  return { ...f, confidence_score: Math.min(f.confidence_score, LETTERHEAD_CAP) };
}

export function letterheadName(model: DocumentModel): ExtractedField | undefined {
  const b = letterheadBlock(model);
  return b ? capped(field(businessName(b.text), b.lines.flatMap((l) => l.words), { kind: 'heuristic' })) : undefined;
}

/** A business name as printed: a person's name clean-up, but numbers stay ("99 SPEED MART S/B", "24x7 Mart"). */
export function businessName(s: string): string {
  return repairLegalForms(tidy(repairNameLookalikes(s).replace(/[^\p{L}\p{N}\s.'&/()-]/gu, ' ')).replace(/^[.\s]+|\s+$/g, ''));
}

/** Legal forms as OCR misreads them ("SON BHD", "SDN BHE", "COMFANY", "Pvt Lid"): a closed vocabulary, so spelled as registered. */
const LEGAL_FORM_MISREADS: [RegExp, (sep: string) => string][] = [
  [/\bs[dou0]n(\.?\s*)b[hnm][dpe]\b/gi, (sep) => `sdn${sep}bhd`],
  // the space before it lost ("INTERNATIONALSDN BHD")
  [/(?<=[A-Za-z]{3})(?:sdn)(?=\.?\s*bhd\b)/gi, () => ' sdn'],
  [/\bcom[fp]an[yv]\b/gi, () => 'company'],
  [/\bp[vy]t(\.?\s*)l[tfi1][dl]\b/gi, (sep) => `pvt${sep}ltd`],
  [/\bl[i1l]m[i1l]ted\b/gi, () => 'limited'],
];

export function repairLegalForms(name: string): string {
  let out = name;
  for (const [re, spell] of LEGAL_FORM_MISREADS) {
    out = out.replace(re, (m: string, sep?: string) => {
      const fixed = spell(typeof sep === 'string' ? sep : '');
      // the printed case: "SDN BHD", "Sdn Bhd", "sdn bhd"
      if (m === m.toUpperCase()) return fixed.toUpperCase();
      return /^\p{Lu}/u.test(m) ? fixed.replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : fixed;
    });
  }
  return out;
}

/** The address printed under a name line (heuristic evidence). */
/**
 * Lines printed between a business name and its address that are not address: a company
 * registration number ("(21109-A)", "ROC No.: 1072825-A", "Co. Reg. No: …", "CIN: U5…").
 */
export const REGISTRATION_LINE =
  /^\s*[(\[]?\s*(?:(?:co(?:mpany)?\.?\s*(?:reg(?:istration)?\.?|no\.?)|roc|cin|reg(?:istration)?\.?)\s*(?:no|n[ao0]|number)?\.?\s*[:.]?\s*)?[(\[]?[A-Z0-9]{0,4}\d{4,}[\s-]*[A-Z]?\s*[)\]]?\s*[)\]]?\s*$/i;
/** Lines between a name and its address: a registration number, what the shop deals in, whose it is. */
const NOT_ADDRESS_LINE = new RegExp(`${REGISTRATION_LINE.source}|${TRADE_LINE.source}|${AFFILIATION_LINE.source}|${TAGLINE_LINE.source}`, 'i');
/** Ends an address under a letterhead: a label, a date-and-time line, or a bare phone number. */
export const LETTERHEAD_STOP = new RegExp(
  `${DEFAULT_ADDRESS_STOP.source}|\\b\\d{1,2}[-/.\\s](?:\\d{1,2}|[A-Za-z]{3})[-/.\\s]?\\d{2,4}\\s+\\d{1,2}:\\d{2}|^\\s*\\+?[\\d\\s()-]{9,}\\s*$` +
    // a registration line after the address ("ROC No. : (1072825-A)", "Company No: ...", "Co. Reg: ...")
    `|^\\s*\\(?\\s*(?:roc|co\\.?\\s*reg|company\\s*(?:no|reg)|reg(?:istration)?\\.?\\s*no|cin)\\b` +
    // the document's title or a contact line under the address ("TAX INVOICE", "Fax:", "www.")
    `|^\\W*(?:(?:tax|retail|gst|simplified)\\s*)?(?:invoice|receipt)\\b|^\\W*(?:cash\\s*(?:bill|memo|sale)|fax|website|www\\.|sst|vat)\\b`,
  'i',
);

export function addressUnder(model: DocumentModel, nameLine: Line | undefined, maxLines = 4): ExtractedField | undefined {
  if (!nameLine) return undefined;
  const a = addressAfter(model, nameLine, nameLine.text.length, { maxLines, skip: NOT_ADDRESS_LINE, stop: LETTERHEAD_STOP });
  return a && /\d|road|nagar|street|market|sector|floor|shop/i.test(a.text) ? capped(field(a.text, a.words, { kind: 'heuristic' })) : undefined;
}

/**
 * The issuer's address under its letterhead, followed down the letterhead's column (left, right
 * or centre aligned: a logo or a title beside it is not address), else the lines after it in
 * reading order. Heuristic evidence, capped.
 */
export function letterheadAddress(model: DocumentModel, line: Line | undefined, maxLines = 4): ExtractedField | undefined {
  if (!line) return undefined;
  // Under the whole name block when the name runs over two lines.
  const block = letterheadBlock(model);
  const nameLine = block?.lines.includes(line) ? block.lines[block.lines.length - 1] : line;
  const cell = model.layout.segments.find((x) => x.line === nameLine);
  const a = cell ? addressBelow(model, cell, { stop: LETTERHEAD_STOP, maxLines }) : undefined;
  return a ? capped(field(a.text, a.words, { kind: 'heuristic' })) : addressUnder(model, nameLine, maxLines);
}
