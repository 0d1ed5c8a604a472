/**
 * Field lookups over the layout model (layout.ts): a value beside or under its key, a section
 * header and the block under it, and multi-line values (addresses) that continue while the
 * lines stay in the value's column and stop at the next key.
 */
import type { DocumentModel, Word } from '../blocks.ts';
import { xOverlap, type KeyValue, type Segment } from '../layout.ts';
import { DEFAULT_ADDRESS_STOP, field, hasPincode, isStateLine, joinAddress, tidy, withoutPartyCode, type ExtractedField } from './common.ts';

function centre(s: Segment): number {
  return s.box.Left + s.box.Width / 2;
}


/** A key-like text: the segment without its trailing colon/dash. */
function keyText(s: string): string {
  return s.replace(/^[\s|]+|[\s:：.\-–|]+$/g, '').replace(/\s+/g, ' ');
}

/**
 * Segments that are a label on their own (a section header or a key whose value is below or
 * beside): the label must cover the segment's text, give or take `slack` characters. Never in a
 * prose line.
 */
export function labelSegments(model: DocumentModel, labels: readonly RegExp[], slack = 5): Segment[] {
  const lay = model.layout;
  const out: Segment[] = [];
  for (const label of labels) {
    const rx = new RegExp(label.source, label.flags.replace(/[gy]/g, ''));
    for (const s of lay.segments) {
      if (lay.isProseLine(s.line) || out.includes(s)) continue;
      const t = keyText(s.text);
      const m = rx.exec(t);
      if (m && t.length - m[0].length <= slack) out.push(s);
    }
  }
  return out;
}

export interface Block {
  segments: Segment[];
  text: string;
  words: Word[];
}

/**
 * The block of text starting at `first` and continuing down its column: each next segment
 * starts near the same left edge, within two line heights, and is neither a key, a stop label,
 * nor prose. An address ends at the line with its PIN code, or the state line right after it.
 */
/** A line an address continues with although it holds a colon key: the key is a postal part (PO, Sub District, District, VTC, Tehsil, PIN Code…). */
const POSTAL_PART_KEY = /^[^:]{0,60}?(?:^|[\s,])(?:p\.?\s?o|post\s*office|sub[\s-]*district|district|dist|vtc|tehsil|taluka?|mandal|village|landmark|locality|pin\s*code|pincode)\.?\s*:\s*\S/i;

/** A key segment right under another label, overlapping it across: the second line of a wrapped key. */
function wrappedKeyLine(model: DocumentModel, key: Segment): boolean {
  const h = Math.max(key.box.Height, 0.004);
  return model.layout.segments.some(
    (s) =>
      s.page === key.page &&
      s.line !== key.line &&
      s.box.Top < key.box.Top &&
      key.box.Top - (s.box.Top + s.box.Height) <= h * 0.9 &&
      xOverlap(s.box, key.box) > 0,
  );
}

export function columnBlock(
  model: DocumentModel,
  first: Segment,
  opts: { maxLines?: number; stop?: RegExp; address?: boolean; firstText?: string; firstWords?: Word[] } = {},
): Block {
  const lay = model.layout;
  const stop = opts.stop ?? DEFAULT_ADDRESS_STOP;
  const max = opts.maxLines ?? 5;
  const parts = [opts.firstText ?? first.text];
  const words = [...(opts.firstWords ?? first.words)];
  const segs = [first];
  let cur = first;
  let left = opts.firstWords?.length ? Math.min(...opts.firstWords.map((w) => w.box.Left)) : first.box.Left;
  let pinSeen = opts.address ? hasPincode(parts[0]) : false;
  // (past its last line, an address without a PIN takes the PIN printed alone on the next: "West Bengal" / "713126")
  while (parts.length < max || (opts.address && !pinSeen && parts.length === max)) {
    const h = Math.max(cur.box.Height, 0.004);
    const next = lay.segments
      .filter(
        (s) =>
          s.page === cur.page &&
          s.line !== cur.line &&
          s.box.Top > cur.box.Top + h * 0.5 &&
          s.box.Top - (cur.box.Top + cur.box.Height) <= h * 1.6 &&
          // same left edge as the value or (a wrapped "Address: ..." line) as its key, or the same centre (a centred letterhead)
          // (or a hanging indent: a wrapped "Key: value" line indented between the key's edge and the value's)
          (Math.abs(s.box.Left - left) <= h * 1.2 ||
            (cur === first && Math.abs(s.box.Left - first.box.Left) <= h * 1.2) ||
            (cur === first && s.box.Left > first.box.Left && s.box.Left < left) ||
            Math.abs(centre(s) - centre(cur)) <= h * 1.2 ||
            // an address line whose left edge OCR misplaced by a speck's width, under most of the line above
            (opts.address && Math.abs(s.box.Left - left) <= h * 2.5 && xOverlap(s.box, cur.box) >= 0.6 * Math.min(s.box.Width, cur.box.Width))) &&
          // an OCR speck between two address lines ("2", "i" from a stamp or the next column) is stepped over
          !(opts.address && !/[\p{L}\p{N}]{3}/u.test(s.text)),
      )
      .sort((a, b) => a.box.Top - b.box.Top)[0];
    if (!next || lay.isProseLine(next.line) || stop.test(next.text)) break;
    if (parts.length === max && !/^\s*(?:pin(?:\s*code)?\s*[:.-]?\s*)?\d{6}\s*$/i.test(next.text)) break;
    // "PO: Kamthi", "Sub District: Dhamangaon, District: Vellore": a postal part's own label inside an address is no new field
    if ((lay.isKey(next) || /^[^:]{2,30}:\s*\S/.test(next.text)) && !(opts.address && POSTAL_PART_KEY.test(next.text))) break;
    // the value of another key printed in the key column to its left ("State  : Telangana" under the
    // address's value column): a new field, unless that key is a postal part of the address, or the
    // second line of a key wrapped over two ("Address of Principal Place of" / "Business")
    const ownKey = lay.pairs.find((p) => p.valueSegment === next && p.via !== 'below' && p.keySegment && p.keySegment !== next && p.keySegment.box.Left < next.box.Left && lay.rowOf(next).includes(p.keySegment));
    if (ownKey?.keySegment && !wrappedKeyLine(model, ownKey.keySegment) && !(opts.address && POSTAL_PART_KEY.test(`${ownKey.key}: x`))) break;
    if (pinSeen && !isStateLine(next.text)) break;
    parts.push(next.text);
    words.push(...next.words);
    segs.push(next);
    cur = next;
    left = next.box.Left;
    if (opts.address && hasPincode(next.text)) pinSeen = true;
    if (pinSeen && isStateLine(next.text)) break;
  }
  return { segments: segs, text: opts.address ? joinAddress(parts) : tidy(parts.join(' ')), words };
}

/**
 * An address for a key: the value of a key-value pair whose key is one of `labels`, continued
 * down its column. Labelled evidence.
 */
export function addressForKey(model: DocumentModel, labels: readonly RegExp[], opts: { after?: number; stop?: RegExp } = {}): ExtractedField | undefined {
  for (const p of model.layout.find(labels)) {
    if (opts.after !== undefined && p.valueSegment && p.valueSegment.line.index < opts.after) continue;
    const a = addressFromPair(model, p, opts);
    if (a) return a;
  }
  return undefined;
}

/** A pair's value continued down its column as an address. */
export function addressFromPair(model: DocumentModel, p: KeyValue, opts: { stop?: RegExp } = {}): ExtractedField | undefined {
  const seg = p.valueSegment;
  if (!seg) return undefined;
  const first = p.via === 'colon' ? p.value : seg.text;
  const firstWords = p.via === 'colon' ? p.valueWords : seg.words;
  const b = columnBlock(model, seg, { address: true, stop: opts.stop, firstText: first, firstWords });
  return b.text.length >= 5 ? field(b.text, b.words, { kind: 'labelled', via: 'pair' }) : undefined;
}

/**
 * A generic key ("Name", "Address") under a section header ("Details of Receiver (Billed to)"):
 * the nearest such pair below one of the headers, in the header's column.
 */
export function pairInSection(model: DocumentModel, sections: readonly RegExp[], keys: readonly RegExp[]): KeyValue | undefined {
  const heads = labelSegments(model, sections, 14);
  let best: { p: KeyValue; d: number } | undefined;
  for (const h of heads) {
    for (const p of model.layout.find(keys, 3)) {
      const k = p.keySegment;
      if (!k || k.page !== h.page || k === h) continue;
      const dy = k.box.Top - h.box.Top;
      // (a heading centred over its box, "Bill to Party" over "Name : …": the key starts left of the heading's centre,
      // within a box's half-width, with no other heading of its row between them)
      const centre = h.box.Left + h.box.Width / 2;
      const centred =
        k.box.Left < centre &&
        centre - k.box.Left <= 0.3 &&
        !model.layout.rowOf(h).some((o) => o !== h && o.box.Left + o.box.Width / 2 > k.box.Left && o.box.Left + o.box.Width / 2 < centre);
      const sameColumn = Math.abs(k.box.Left - h.box.Left) < 0.06 || (p.keyBox.Left >= h.box.Left - 0.01 && p.keyBox.Left <= h.box.Left + h.box.Width) || centred;
      if (dy <= 0 || dy > h.box.Height * 12 || !sameColumn) continue;
      if (!best || dy < best.d) best = { p, d: dy };
    }
  }
  return best?.p;
}

/** The address printed under a value (a name under "Bill To", a dealer under "To,"), in its column. */
export function addressUnderSegment(model: DocumentModel, seg: Segment | undefined, opts: { stop?: RegExp } = {}): ExtractedField | undefined {
  if (!seg) return undefined;
  let first = model.layout.segmentBelow(seg, 1.6);
  // (a qualifier in brackets under the name is stepped over: "(Authorised Honda Dealer, Dealer Code SP161864)")
  if (first && /^\s*\([^()]{3,80}\)\s*$/.test(first.text)) first = model.layout.segmentBelow(first, 1.6);
  if (!first || model.layout.isKey(first) || (opts.stop ?? DEFAULT_ADDRESS_STOP).test(first.text) || !/\d|road|nagar|street|lane|sector|floor|shop|colony|market/i.test(first.text)) return undefined;
  // (another key's value is no address under the name: "Point of Sale | Dzukou Cellcom" over "POS ID | DLR37636")
  if (model.layout.pairs.some((p) => p.valueSegment === first && p.via === 'beside' && !/\baddr/i.test(p.key))) return undefined;
  const h = Math.max(seg.box.Height, 0.004);
  if (Math.abs(first.box.Left - seg.box.Left) > h * 1.5 && Math.abs(centre(first) - centre(seg)) > h * 1.5) return undefined;
  const b = columnBlock(model, first, { address: true, stop: opts.stop });
  return b.text.length >= 5 ? field(b.text, b.words, { kind: 'labelled' }) : undefined;
}

/** An address's first part: a house, shop or plot number ("Qr. No. 224,", "Shop 12", "D. No. 51-192", "14/2"). */
const HOUSE_NUMBER_START = /^\s*(?:(?:shop|flat|house|h|plot|qr|qtr|d|door|gala|unit|office|room|site|block|bldg|building)\.?\s*(?:no\.?)?\s*[:.]?\s*)?\d/i;

/**
 * Whether the first line of a heading's block is a key in its own right. A name the layout read as the key of what
 * sits beside it under the next heading of the heading's row (the next party's block), or of the block's address
 * under it (from a house number: "Godavari Tech Mobile Point" / "Qr. No. 224, …"), is no key: it heads its block.
 */
export function keyOfItsOwn(model: DocumentModel, head: Segment, first: Segment): boolean {
  const lay = model.layout;
  const asKey = lay.pairs.find((p) => p.keySegment === first);
  const v = asKey?.valueSegment;
  if (!asKey || !v) return !!asKey;
  const tol = Math.max(head.box.Height, 0.006) * 1.5;
  const columnApart = asKey.via === 'beside' && lay.rowOf(head).some((o) => o !== head && Math.abs(o.box.Left - v.box.Left) < tol);
  const overAddress = asKey.via === 'below' && HOUSE_NUMBER_START.test(asKey.value);
  // (a colon inside brackets is a code's caption after the name: "Dzukou Smart Zone (CP Code: RT20531)")
  const codeInBrackets = /\([^)]*$/.test(asKey.key);
  return !columnApart && !overAddress && !codeInBrackets;
}

/**
 * A party's section heading over its block, the party's name on the block's first line ("Vendor
 * Address" / "Om Sai Enterprises" / "H.No. 105, ..."): that line, left-aligned under the heading.
 * A name holding a label word ("Om Sai Enterprises") read as a key of the block beside it, under
 * the next heading, is still a name.
 */
export function nameUnderHeading(model: DocumentModel, sections: readonly RegExp[], accept: (text: string) => boolean): Segment | undefined {
  const lay = model.layout;
  for (const head of labelSegments(model, sections, 2)) {
    // (a heading set apart from its block by up to three of its heights: boxed cards leave a gap, and a small
    // heading's height is smaller than the gap under it)
    let first = lay.segmentBelow(head, 3);
    // an e-invoice's party box prints its GSTIN first, the name under it ("Supplier" / "GSTIN : 29…" / name)
    if (first && /^\s*gstin\b/i.test(first.text) && Math.abs(first.box.Left - head.box.Left) < Math.max(head.box.Height, 0.006) * 1.5) first = lay.segmentBelow(first, 1.6);
    if (!first || Math.abs(first.box.Left - head.box.Left) >= Math.max(head.box.Height, 0.006) * 1.5 || /\d{3,}/.test(withoutPartyCode(first.text))) continue;
    if (!keyOfItsOwn(model, head, first) && accept(first.text)) return first;
  }
  return undefined;
}


/**
 * The part of a pair's value that one of its key's captions names, when the key prints two captions joined by a
 * slash and the value two values joined the same way ("Loan A/c / DO" | "CDL6414331955/SFL-POR-652785", "Model /
 * Code" | "P3x 5G (8GB/256GB) / RMX3944"). The value splits at spaced slashes, else (two codes) at its only slash; undefined
 * when the key is not of two captions, none matches `caption`, or the parts do not pair with them one to one.
 */
export function partForCaption(p: KeyValue, caption: RegExp): string | undefined {
  const captions = p.key.split(/\s+\/\s+/);
  if (captions.length !== 2) return undefined;
  const at = captions.findIndex((c) => caption.test(c.trim()));
  if (at < 0) return undefined;
  const spaced = p.value.trim().split(/\s+\/\s+/);
  // (an unspaced slash parts two codes only, never words: "Redmi 13C 5G 8GB/256GB" is one model)
  const parts = spaced.length === 2 ? spaced : /\s/.test(p.value.trim()) ? [] : p.value.trim().split('/');
  return parts.length === 2 && parts.every((x) => x.trim()) ? parts[at].trim() : undefined;
}
