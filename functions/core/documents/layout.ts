/**
 * Layout model between OCR lines and fields: key-value pairs, tables and prose, derived from
 * LINE/WORD geometry (the local engines give only those), or read from Textract's own
 * KEY_VALUE_SET / TABLE / CELL blocks when AnalyzeDocument returned them. Field mappers ask
 * this model "what value does the key <label> have" instead of matching substrings of lines.
 *
 * Derivation, per page, in the upright reading frame:
 * - segments: a LINE split where the gap between two words is wider than a few characters
 *   (tesseract joins "Customer Name      Priya Desai" into one line; a ruled cell does the same);
 * - prose: a line reading as a sentence (many words, mostly lower case, sentence punctuation);
 *   a label word inside it is never a key ("...to the customer named below. Kindly deliver...");
 * - key-value pairs: "Label: value" inside a segment; "Label:" or a label-like segment with the
 *   next segment on its row (ruled key-value table, tab stop); "Label:" alone with its value
 *   directly under it;
 * - tables: runs of rows with three or more segments, columns from the segments' x-ranges.
 * `toBlocks()` emits the result as Textract-shaped KEY_VALUE_SET (KEY/VALUE), TABLE/CELL and
 * LAYOUT_TEXT blocks, so the same mapper serves Textract AnalyzeDocument output.
 */
import type { Block, BoundingBox, Line, Word } from './blocks.ts';

export interface Segment {
  id: string;
  page: number;
  line: Line;
  words: Word[];
  text: string;
  box: BoundingBox;
  /** Character span inside the line text. */
  start: number;
  end: number;
}

/** A cell of nothing but quote marks, dots or degree signs: a speck, no text. */
const SPECK = /^[\s"“”'‘’`.,·•°]+$/;

export type PairSource = 'colon' | 'beside' | 'below' | 'textract';

export interface KeyValue {
  page: number;
  key: string;
  keyWords: Word[];
  keyBox: BoundingBox;
  value: string;
  valueWords: Word[];
  valueBox: BoundingBox;
  /** The segment holding the value (multi-line values continue under it). */
  valueSegment?: Segment;
  /** The segment holding the key. */
  keySegment?: Segment;
  via: PairSource;
}

export interface Cell {
  row: number;
  col: number;
  text: string;
  words: Word[];
  box: BoundingBox;
}

export interface Table {
  page: number;
  rows: Cell[][];
  box: BoundingBox;
}

const KEY_MAX_CHARS = 42;

/**
 * A qualifier that says by what record a key's value is given ("Name as per Aadhaar", "Name on PAN",
 * "Address as per Aadhaar", "Name as per Biller", "Name as in Bank Records"): part of the key, as an app
 * or a verification page prints it. The key is matched without it.
 */
export const KEY_RECORD_QUALIFIER = /^\s+(?:as\s+(?:per|on|in)|on|in)\s+(?:the\s+)?(?:pan|aadhaa?r|uidai|itd|biller|bank|records?|card|certificate|bill|passbook|kyc)(?:\s+(?:card|records?|details))?(?=\s*(?:[:：]|$)|\s{2,})/i;

/** A key without the record qualifier that ends it ("Name as per Aadhaar" -> "Name"); other keys as they are. */
function withoutRecordQualifier(key: string): string {
  const at = key.search(/(?<=\S)\s+(?:as\s+(?:per|on|in)|on|in)\s/i);
  return at > 0 && KEY_RECORD_QUALIFIER.test(key.slice(at)) ? key.slice(0, at) : key;
}

/** A key is a short phrase: letters first, few digits ("CGST @ 9%" passes, "12 MG Road" does not). */
function looksLikeKey(s: string): boolean {
  const t = s.trim();
  if (!t || t.length > KEY_MAX_CHARS || !/^[\p{L}(#]/u.test(t)) return false;
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  const digits = (t.match(/\d/g) ?? []).length;
  return letters >= 2 && digits <= 2 && t.split(/\s+/).length <= 6;
}

/**
 * Words that make a short phrase a label on forms of every kind (Textract learns this; a
 * geometric analyser needs it said): a bare "Customer Name" beside "Ritu Patel" is a key, a
 * bare "Royal Traders" beside "Name: ..." is not.
 */
const KEY_WORDS = new Set(
  ('name no no. number num date dated address addr mobile mob phone ph tel telephone contact cell email e-mail amount value total price cost mrp cust ' +
    'model asset product device customer buyer dealer dealership seller supplier vendor consignee receiver recipient borrower applicant purchaser ' +
    'order invoice inv bill gstin gst uin pan dob birth gender sex issue details detail city state pin pincode code tenure emi loan imei serial ' +
    'ram rom storage memory colour color qty quantity rate hsn hsn/sac sac description particulars item items sold ship shipped shipping billed billing deliver ' +
    'ref reference place supply mode payment account a/c ifsc branch period from upto valid validity license licence registration reg ' +
    'enterprise type activity holder father husband relation vid enrolment sr s.no sl sno fee down subject taxable cgst sgst igst net payable ' +
    'grand due consumer units bank statement opening closing balance trade legal constitution liability establishment employer nature business ' +
    'kind fssai udyam po purchase delivery do proprietor owner firm shop company id unit # ' +
    'category premises commencement expiry till fee status designation district village town taluka tehsil classification renewal ' +
    'registered charges pay previous current arrears reading occupier micr nominee currency make ' +
    // an order's party captions: "Ordered By"
    'ordered ' +
    // a lender's captions: the loan account number and customer id as acronyms ("LAN", "CIF"), its dealer as a partner
    'lan cif partner ' +
    // a Hindi bill's captions in Latin letters: number, date, name, address, customer, amount, total
    'sankhya kramank dinank naam pata grahak rashi yog')
    .split(' '),
);

function keyWordCount(s: string): number {
  return s
    .toLowerCase()
    .split(/[\s/()]+/)
    .filter((w) => KEY_WORDS.has(w) || KEY_WORDS.has(w.replace(/[.:#'’s]+$/, '')) || KEY_WORDS.has(w.replace(/[.:]+$/, ''))).length;
}

/** The legal form that ends a firm's name (labels name a firm in the singular: "Enterprise Name", "Name of Company"). */
const FIRM_ENDING = /\b(?:(?:pvt|private)\.?\s*(?:ltd|limited)|ltd|limited|llp|enterprises|industries|traders)\.?$|&\s*co\.?$/i;

/** How a caption of a reference, a date or a party ends ("D.O. Ref.", "Invoice No.", "Retailer Name"). */
const CAPTION_END = /\b(?:no|number|ref|date|name|code|id)\.?\s*[:：]?\s*$|#\s*[:：]?\s*$/i;

/** A label without a colon: capitalised words with a label word among them, no digits, at most five words. */
export function looksLikeBareKey(s: string): boolean {
  // "Trade Name, if any": a form's qualifier after a comma is part of the label, not an address's comma.
  // A numbered point's label ("2. Name of Borrower", "(3) Asset / Model") is a label without its number.
  // A qualifier in brackets after a label is part of it ("Cost of Asset (as per quotation)").
  const full = s.trim().replace(/,\s*if\s+(?:any|applicable)\s*$/i, '').replace(/^\(?\d{1,2}[.)]\s+(?=\p{L})/u, '');
  const t = full.replace(/\s*\([^()\d]{2,30}\)\s*$/, '');
  // A bare label has no colon (that is a colon key) and no comma (an address line: "Model Town, Pune").
  if (!looksLikeKey(t) || /[\d,:：]/.test(t) || t.split(/\s+/).length > 5) return false;
  // "Contact No." ends with a dot; a sentence does not end in a short abbreviation.
  if (/[!?]$/.test(t) || (/\.$/.test(t) && !/\b\w{1,3}\.$/.test(t))) return false;
  // A firm's name ending in its legal form is a value, whatever label words it holds ("KRISHNA ENTERPRISES PRIVATE LIMITED").
  if (FIRM_ENDING.test(t)) return false;
  // OCR sometimes reads a label's first capital in lower case ("sold To"): allowed when a later word is capitalised.
  const capitalised = /^[A-Z(#]/.test(t) || (/^\p{Ll}/u.test(t) && /\s\p{Lu}/u.test(t) && t.split(/\s+/).length <= 3);
  // (the label word may be in the qualifier: "Vehicle (Make / Model)")
  return capitalised && (keyWordCount(t) > 0 || keyWordCount(full.slice(t.length)) > 0);
}

/**
 * A long caption as Indian forms print it: "<Name|Date|Address|…> of <what>", perhaps with an
 * alternative after a slash ("Name of Person in charge / Nominee", "Date of Incorporation /
 * Registration of Enterprise"). Longer than a bare label, still a caption and never a value or a sentence.
 */
const CAPTION_HEAD = /^(?:name|date|address|type|nature|place|period|details|number|category|kind|class)\s+of\s+(?:the\s+)?\p{L}/iu;
function longCaption(s: string): boolean {
  const t = s.trim().replace(/\s*\([^()\d]{2,30}\)\s*$/, '');
  return CAPTION_HEAD.test(t) && t.length <= 60 && !/[\d,:：;.!?]/.test(t.replace(/\b\w{1,3}\.(?=\s|$)/g, '')) && t.split(/\s+/).length <= 9;
}

/** A caption: a bare label, or a long "<Name|Date|…> of …" caption. */
export function looksLikeCaption(s: string): boolean {
  return looksLikeBareKey(s) || longCaption(s);
}

/** Sentence-like: many words, mostly lower-case, or sentence punctuation inside. */
export function isProse(text: string): boolean {
  if (longCaption(text)) return false;
  // (a bracketed qualifier after a label makes no sentence: "Cost of Asset (as per quotation)")
  const words = text.trim().replace(/^(\p{Lu}[^()]*?)\s*\([^()\d]{2,30}\)\s*$/u, '$1').split(/\s+/);
  if (words.length < 6) return false;
  const lower = words.filter((w) => /^[a-z]/.test(w)).length;
  const stopWords = words.filter((w) => /^(?:the|a|an|of|to|for|is|are|on|in|and|our|your|we|by|this|that|with|from|as|be|will|has|have|named|below|above|please|kindly)$/i.test(w)).length;
  // a sentence ends inside the line ("...below. Kindly deliver"); an abbreviation's dot does not ("Pvt. Ltd.", "Opp. Bus Stand")
  // (the next word is looked at, not taken: "Pvt. Ltd." must not leave "td." to be judged alone)
  const sentenceEnd = [...text.matchAll(/(\p{L}*[a-z]{2})[.!?](?=\s+[A-Z])/gu)].some((m) => !ABBREVIATION.test(m[1]));
  return lower / words.length >= 0.35 || stopWords >= 3 || sentenceEnd;
}

/** Words printed with a dot that ends no sentence. */
const ABBREVIATION = /^(?:pvt|ltd|co|no|nos|rd|st|dr|mr|mrs|ms|smt|shri|sri|opp|nr|bldg|flr|ave|dt|inv|qty|sr|jr|govt|dept|est|estd|ext|hno|plot|sec|vill|dist|distt|tal|ph|tel|mob|fax|approx|pcs|amt|rs|etc|vs|viz|po|ps|apt|ho|ref|cr|bros|corp|inc|mfg|blk|plt)$/i;

function union(boxes: BoundingBox[]): BoundingBox {
  if (!boxes.length) return { Left: 0, Top: 0, Width: 0, Height: 0 };
  const l = Math.min(...boxes.map((b) => b.Left));
  const t = Math.min(...boxes.map((b) => b.Top));
  const r = Math.max(...boxes.map((b) => b.Left + b.Width));
  const btm = Math.max(...boxes.map((b) => b.Top + b.Height));
  return { Left: l, Top: t, Width: r - l, Height: btm - t };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/** Split a line into segments at wide gaps between its words. */
export function segmentLine(line: Line): Segment[] {
  const all = [...line.words].sort((a, b) => a.box.Left - b.box.Left);
  // A character's width from the line itself (no page aspect ratio needed).
  const charW0 = median(all.map((w) => w.box.Width / Math.max(1, w.text.length))) || line.box.Width / Math.max(1, line.text.length);
  // A ruling read as a glyph ("|", "[", "]", "│") separates cells; it is neither key nor value. So
  // does a colon standing alone in a column of colons ("Legal Name      :  RAHUL"): it is the
  // form's separator, not part of the key or the value.
  // Dotted leaders ("Certificate No. .......... SEA/RJ/458120") are the same kind of separator.
  const wideBefore = (w: Word, i: number) => i === 0 || w.box.Left - (all[i - 1].box.Left + all[i - 1].box.Width) > charW0 * 2.6;
  const rule = (w: Word, i: number) =>
    /^[|│\[\]]+$/.test(w.text) || /^[.·…_]{3,}$/.test(w.text) || (/^(?:[:：]|[.·…_]{1,2})$/.test(w.text) && wideBefore(w, i));
  const isRule = all.map((w, i) => rule(w, i));
  const words = all.filter((_, i) => !isRule[i]);
  if (!words.length) return [];
  const ruledBefore = new Set(all.flatMap((w, i) => (isRule[i] && all[i + 1] && !isRule[i + 1] ? [all[i + 1]] : [])));
  const charW = median(words.map((w) => w.box.Width / Math.max(1, w.text.length))) || line.box.Width / Math.max(1, line.text.length);
  const groups: Word[][] = [[words[0]]];
  for (let i = 1; i < words.length; i++) {
    const prev = words[i - 1];
    const gap = words[i].box.Left - (prev.box.Left + prev.box.Width);
    // A word space is about one character wide; a column or tab stop is several.
    if (gap > charW * 2.6 || ruledBefore.has(words[i])) groups.push([words[i]]);
    else groups[groups.length - 1].push(words[i]);
  }
  return groups.map((ws, i) => {
    const start = Math.min(...ws.map((w) => w.start));
    const end = Math.max(...ws.map((w) => w.end));
    return { id: `${line.id}.s${i}`, page: line.page, line, words: ws, text: line.text.slice(start, end), box: union(ws.map((w) => w.box)), start, end };
  });
}

function centreY(b: BoundingBox): number {
  return b.Top + b.Height / 2;
}

function sameRow(a: BoundingBox, b: BoundingBox): boolean {
  const h = Math.min(a.Height, b.Height);
  return Math.abs(centreY(a) - centreY(b)) <= h * 0.6;
}

/** How far two boxes overlap across (negative: the gap between them). */
export function xOverlap(a: BoundingBox, b: BoundingBox): number {
  return Math.min(a.Left + a.Width, b.Left + b.Width) - Math.max(a.Left, b.Left);
}

const COLON_RE = /^([^:：]{1,60}?)\s*[:：]\s*(.*)$/;
/** "S/O:", "W/O:" head a care-of name inside an address: a relation, not a key. */
const CARE_OF = /^\s*[SDWC]\s*[/\\|]\s*[O0o]\s*$/i;

/** "Label: value" (or "Label:") when the part before the colon reads as a label. */
const COLON_KEY = {
  exec(text: string): RegExpExecArray | null {
    const m = COLON_RE.exec(text);
    return m && looksLikeKey(m[1]) && !CARE_OF.test(m[1]) ? m : null;
  },
  test(text: string): boolean {
    return this.exec(text) !== null;
  },
};

export class Layout {
  readonly segments: Segment[];
  readonly rows: Segment[][];
  readonly pairs: KeyValue[] = [];
  readonly tables: Table[] = [];
  /** Ids of lines that read as prose sentences. */
  readonly prose = new Set<string>();
  /** Keys whose colon is printed apart ("DO Number     :     DO/24-25/118", or ": value"). */
  private readonly colonAfter = new Set<Segment>();
  /** A reference's second line joined to its first ("KRF/DO/2025/" over "71611"): no key's value of its own. */
  private readonly continuations = new Set<Segment>();

  constructor(lines: readonly Line[], textract?: { pairs: KeyValue[]; tables: Table[] }) {
    this.segments = lines.flatMap(segmentLine);
    // A line OCR read across two or more cells, each a label ("NAME OF THE ESTABLISHMENT ‖ NAME OF
    // EMPLOYER"), is a row of labels whose stop words add up, not a sentence.
    const cellsOf = new Map<string, Segment[]>();
    for (const s of this.segments) cellsOf.set(s.line.id, [...(cellsOf.get(s.line.id) ?? []), s]);
    for (const l of lines) {
      const cells = cellsOf.get(l.id) ?? [];
      // (a caption's bracketed qualifier wrapped to the next line, "(as per the enrolment)", with the value's next line
      // beside it in the value column: the qualifier is no sentence's start, the rest is judged alone)
      const qualified = cells.length >= 2 && /^\s*\([^()]*\)\s*$/.test(cells[0].text) && !isProse(cells.slice(1).map((c) => c.text).join(' '));
      if (isProse(l.text) && !qualified && !(cells.length >= 2 && cells.every((c) => looksLikeCaption(c.text)))) this.prose.add(l.id);
    }
    this.rows = this.buildRows();
    this.separatedColons();
    if (textract && (textract.pairs.length || textract.tables.length)) {
      this.pairs.push(...textract.pairs);
      this.tables.push(...textract.tables);
    } else {
      this.derivePairs();
      this.deriveTables();
    }
  }

  private buildRows(): Segment[][] {
    const rows: Segment[][] = [];
    const byTop = [...this.segments].sort((a, b) => a.page - b.page || centreY(a.box) - centreY(b.box));
    // Two cells of one OCR line overlapping in height share a row even when a speck ("AM", 0.5 of a
    // line high) opened the row with a centre the taller cell misses by a hair.
    const vOverlap = (a: BoundingBox, b: BoundingBox) => Math.min(a.Top + a.Height, b.Top + b.Height) - Math.max(a.Top, b.Top);
    const sameLine = (row: Segment[], s: Segment) => row.some((r) => r.line === s.line && vOverlap(r.box, s.box) >= Math.min(r.box.Height, s.box.Height) * 0.8);
    for (const s of byTop) {
      // (a speck OCR read as quotes or dots between a key and its value, "Trade Name (if any) ‖ “. ‖ INDRAVATI
      // TEXTILES", is in no row: the value is the next cell)
      if (SPECK.test(s.text)) continue;
      const row = rows[rows.length - 1];
      if (row && row[0].page === s.page && (sameRow(row[0].box, s.box) || sameLine(row, s))) row.push(s);
      else rows.push([s]);
    }
    for (const r of rows) r.sort((a, b) => a.box.Left - b.box.Left);
    return rows;
  }

  /**
   * Colon-aligned forms print the colon in a column of its own, apart from both the label and
   * the value ("Name of Dealer     :     Ambika Mobile"), or next to the value (": Ambika"). The
   * label before such a colon is a key: a lone colon is dropped (neither key nor value), and the
   * label is paired with what follows it.
   */
  private separatedColons(): void {
    const drop = new Set<Segment>();
    for (const row of this.rows) {
      for (let i = 1; i < row.length; i++) {
        const seg = row[i];
        const prev = row[i - 1];
        const t = seg.text.trim();
        const lone = /^[:：]-?$/.test(t);
        if (!lone && !/^[:：]\s*\S/.test(t)) continue;
        if (drop.has(prev) || /[:：]/.test(prev.text) || !looksLikeKey(prev.text) || this.prose.has(prev.line.id)) continue;
        this.colonAfter.add(prev);
        if (lone) drop.add(seg);
      }
    }
    if (!drop.size) return;
    this.segments.splice(0, this.segments.length, ...this.segments.filter((s) => !drop.has(s)));
    for (const row of this.rows) row.splice(0, row.length, ...row.filter((s) => !drop.has(s)));
  }

  /** The row holding a segment. */
  rowOf(seg: Segment): Segment[] {
    return this.rows.find((r) => r.includes(seg)) ?? [seg];
  }

  isProseLine(line: Line): boolean {
    return this.prose.has(line.id);
  }

  /**
   * The first segment under `seg` whose span meets it, within `within` of its heights: a value set in a box
   * under its caption, larger and centred or right-aligned rather than under the caption's start
   * (`segmentBelow` keeps to the caption's column). It may start up to `reach` heights past the caption's end.
   */
  segmentUnderBox(seg: Segment, within = 3, reach = 2): Segment | undefined {
    const bottom = seg.box.Top + seg.box.Height;
    const h = seg.box.Height;
    return this.segments
      .filter((x) => x.page === seg.page && x.line !== seg.line && x.box.Top > bottom && x.box.Top - bottom <= h * within && x.box.Left < seg.box.Left + seg.box.Width + h * reach && x.box.Left + x.box.Width > seg.box.Left)
      .sort((a, b) => a.box.Top - b.box.Top)[0];
  }

  /** The segment directly under `seg` in its column, within `maxGap` line heights. */
  segmentBelow(seg: Segment, maxGap = 2.2): Segment | undefined {
    const bottom = seg.box.Top + seg.box.Height;
    const h = Math.max(seg.box.Height, 0.004);
    return this.segments
      .filter(
        (s) =>
          s.page === seg.page &&
          s !== seg &&
          s.line !== seg.line &&
          centreY(s.box) > bottom &&
          s.box.Top - bottom <= h * maxGap &&
          (Math.abs(s.box.Left - seg.box.Left) <= h * 1.5 || xOverlap(s.box, seg.box) > Math.min(s.box.Width, seg.box.Width) * 0.5),
      )
      .sort((a, b) => a.box.Top - b.box.Top || Math.abs(a.box.Left - seg.box.Left) - Math.abs(b.box.Left - seg.box.Left))[0];
  }

  /** A segment of the same column directly above (a running block such as an address), if any. */
  segmentAbove(seg: Segment): Segment | undefined {
    const h = Math.max(seg.box.Height, 0.004);
    return this.segments.find(
      (s) => s.page === seg.page && s.line !== seg.line && s.box.Top < seg.box.Top && seg.box.Top - (s.box.Top + s.box.Height) <= h * 0.8 && Math.abs(s.box.Left - seg.box.Left) <= h * 1.5,
    );
  }

  /** The next segment to the right on the same row. */
  segmentRight(seg: Segment): Segment | undefined {
    const row = this.rowOf(seg);
    return row[row.indexOf(seg) + 1];
  }

  /** Is this segment the key of a pair (so a multi-line value must stop before it)? */
  isKey(seg: Segment): boolean {
    return this.pairs.some((p) => p.keySegment === seg);
  }

  private derivePairs(): void {
    const headerBelow = new Set<Segment>();
    this.rows.forEach((row, ri) => {
      // A row of labels over a row of values aligned under them (stacked form fields, a one-row table).
      const below = this.alignedRowBelow(row, ri);
      if (below) {
        const wrapsUsed = new Set<Segment>();
        row.forEach((seg, i) => {
          if (COLON_KEY.test(below[i].text)) return;
          // A value wrapped inside its cell ("Nandanvan Electricals &" / "Electronics"): the line right under
          // it, at its left edge, on a row that is not a full row of the table.
          const v = below[i];
          const words = [...v.words];
          let text = v.text;
          const wrap = this.segments.find(
            (w) =>
              w.page === v.page &&
              w.line !== v.line &&
              !wrapsUsed.has(w) &&
              w.box.Top > v.box.Top + v.box.Height * 0.5 &&
              w.box.Top - (v.box.Top + v.box.Height) <= v.box.Height * 1.2 &&
              Math.abs(w.box.Left - v.box.Left) <= Math.max(v.box.Height, 0.004) &&
              this.rowOf(w).length < below.length &&
              !COLON_KEY.test(w.text) &&
              !this.prose.has(w.line.id),
          );
          // (a cell's second line, not the first line of a block running on under the value: an address under a name)
          const runsOn =
            wrap &&
            this.segments.some(
              (w) => w.page === wrap.page && w.line !== wrap.line && w.box.Top > wrap.box.Top + wrap.box.Height * 0.5 && w.box.Top - (wrap.box.Top + wrap.box.Height) <= wrap.box.Height * 1.2 && Math.abs(w.box.Left - wrap.box.Left) <= Math.max(wrap.box.Height, 0.004),
            );
          if (wrap && !runsOn) {
            wrapsUsed.add(wrap);
            headerBelow.add(wrap);
            words.push(...wrap.words);
            text = `${text} ${wrap.text}`;
          }
          this.pairs.push(this.pair(seg, seg.words, seg.text, v, words, text, 'below'));
        });
        for (const s of below) headerBelow.add(s);
        return;
      }
      for (let i = 0; i < row.length; i++) {
        const seg = row[i];
        if (headerBelow.has(seg)) continue;
        const prose = this.prose.has(seg.line.id);
        if (this.colonAfter.has(seg)) {
          // "Label   :   value" (the colon apart): the next cell on the row, else the text under the label
          const next = row[i + 1];
          const valueOf = (v: Segment) => {
            const words = v.words.filter((w) => !/^[:：]$/.test(w.text));
            return [words, v.text.replace(/^\s*[:：]\s*/, '')] as const;
          };
          if (next && !COLON_KEY.test(next.text.replace(/^\s*[:：]\s*/, ''))) {
            const [w, t] = valueOf(next);
            // the value's own cell starts after the colon (a wrapped value continues under its first word)
            const cell: Segment = w.length && w.length < next.words.length ? { ...next, id: `${next.id}.v`, words: w, box: union(w.map((x) => x.box)), start: Math.min(...w.map((x) => x.start)), text: t } : next;
            if (t) this.pairs.push(this.pair(seg, seg.words, seg.text, cell, w, t, 'beside'));
            i++;
          } else if (!next) {
            const below = this.segmentBelow(seg);
            if (below && !COLON_KEY.test(below.text)) this.pairs.push(this.pair(seg, seg.words, seg.text, below, below.words, below.text, 'below'));
          }
          continue;
        }
        const m = COLON_KEY.exec(seg.text);
        // In a sentence only a leading "Label:" is a key; never a label word in mid-sentence.
        if (m && looksLikeKey(m[1]) && (!prose || seg.start === 0) && !/\d\s*$/.test(m[1])) {
          if (this.colonPair(seg, m, row[i + 1], row.length)) i++;
          continue;
        }
        if (prose || m) continue;
        const next = row[i + 1];
        if (!looksLikeBareKey(seg.text)) continue;
        const bilingual = this.bilingualCaptionValue(seg, next);
        if (bilingual) {
          this.pairs.push(this.pair(seg, seg.words, seg.text, bilingual.value, bilingual.value.words, bilingual.value.text, 'beside'));
          if (bilingual.continues) i++;
          continue;
        }
        // A bare label beside its value: a ruled key-value cell or a tab stop; label/value/label/value rows too.
        // Two headers side by side over two columns of blocks ("Sold By" | "Sold To") are not a pair: each heads its column.
        // (a key-value table's next row starts with a label again: "Seller | Star Mobile" over "Seller Address | ...")
        const headers = !!next && looksLikeBareKey(next.text) && this.columnsBelow(row, ri) && !looksLikeBareKey(this.rows[ri + 1][0].text) && !COLON_KEY.test(this.rows[ri + 1][0].text);
        if (next && !headers && !this.continuations.has(next) && !COLON_KEY.test(next.text) && !(looksLikeBareKey(next.text) && (keyWordCount(next.text) >= 2 || row.length > 2))) {
          this.pairs.push(this.pair(seg, seg.words, seg.text, next, next.words, next.text, 'beside'));
          i++;
        } else if (
          (!next ||
            (row.length <= 3 && row.every((x) => looksLikeBareKey(x.text))) ||
            // the next cell is another key with its own value beside it ("Customer Name | Customer ID | 8217352965"): this key's value is under it
            (looksLikeBareKey(next.text) && !!row[i + 2] && !looksLikeBareKey(row[i + 2].text) && !COLON_KEY.test(row[i + 2].text))) &&
          seg.text.split(/\s+/).length <= 4 &&
          !seg.text.includes(',') &&
          !this.segmentAbove(seg)
        ) {
          // A label alone on its row ("Address", "Deliver To"), or a row of section headers: the value is under it.
          const under = this.segmentBelow(seg);
          // (a business under its label may hold one label word: "Galaxy Enterprises", "New India Mobile")
          if (under && !(looksLikeBareKey(under.text) && keyWordCount(under.text) >= 2) && !COLON_KEY.test(under.text)) this.pairs.push(this.pair(seg, seg.words, seg.text, under, under.words, under.text, 'below'));
        }
      }
    });
  }

  /**
   * A bilingual caption cell prints the local-language caption with the value beside it and the English caption under
   * it ("Grahaka Sankhya | 5715304841" over "Account ID"; "Thikana | PLOT NO. 40, …" over "Supply Address | GOSANINUAGAON
   * …"): the English caption's value is the one beside the line above it, in the same cell. Taken when the English
   * caption has no value of its own beside it and the line under it is the next cell's caption (a value beside it too),
   * or when what lies beside it continues that value down its column, the value runs on below the caption's cell, and
   * the line above is no caption of ours (the local-language words, or OCR's reading of another script). `continues`
   * says the cell beside this caption was that continuation.
   */
  private bilingualCaptionValue(seg: Segment, next: Segment | undefined): { value: Segment; continues: boolean } | undefined {
    // (the caption's first line, right above it in its cell: closer than a line's height, the smaller of the two, as
    // an OCR box may take in a rule or a descender)
    const above = this.segments
      .filter(
        (s) =>
          s.page === seg.page &&
          s.line !== seg.line &&
          s.box.Top < seg.box.Top &&
          seg.box.Top - (s.box.Top + s.box.Height) <= Math.max(Math.min(seg.box.Height, s.box.Height), 0.004) &&
          Math.abs(s.box.Left - seg.box.Left) <= Math.max(seg.box.Height, 0.004) * 1.5,
      )
      .sort((a, b) => b.box.Top - a.box.Top)[0];
    // (words, not specks: a rule's or a stamp's marks read as "L" and "!")
    if (!above || !/\p{L}{2}/u.test(above.text)) return undefined;
    const h = Math.max(seg.box.Height, 0.004);
    const aboveRow = this.rowOf(above);
    const value = aboveRow[aboveRow.indexOf(above) + 1];
    if (!value || !/[\p{L}\d]{2}/u.test(value.text) || COLON_KEY.test(value.text) || looksLikeBareKey(value.text) || value.box.Left <= above.box.Left + above.box.Width) return undefined;
    const inValueColumn = !!next && Math.abs(next.box.Left - value.box.Left) <= h * 1.5;
    // (with nothing beside it, the value nearest this caption in the value's column is its own when it is not the line
    // above's: a reading that set each value between its caption and the next, "Name of the Company / Firm" nearer
    // "New Bharat …" than the operator's name above it)
    const mid = (b: BoundingBox) => b.Top + b.Height / 2;
    const nearest = this.segments
      .filter((o) => o.page === seg.page && Math.abs(o.box.Left - value.box.Left) <= h * 1.5)
      .sort((a, b) => Math.abs(mid(a.box) - mid(seg.box)) - Math.abs(mid(b.box) - mid(seg.box)))[0];
    const ownValue = nearest !== value;
    if (!inValueColumn) {
      if (ownValue) return undefined;
      // (nothing beside the English caption in the value's column: the next cell's caption further right, or nothing)
      if (next && !looksLikeBareKey(next.text)) return undefined;
      const under = this.segmentBelow(seg, 1.5);
      const underRow = under ? this.rowOf(under) : [];
      const underHasValue = !!under && !!underRow[underRow.indexOf(under) + 1];
      return !under || underHasValue ? { value, continues: false } : undefined;
    }
    const continuation = next!.box.Top - (value.box.Top + value.box.Height) <= h * 1.2;
    // (and the value runs on past the caption's cell, on a row with no caption of its own: a key-value table's next row,
    // "Restaurant | Karavali Dhaba" over "Address | 32/9, …", holds a key at each row)
    const after = this.segmentBelow(next!, 1.5);
    const runsOn = !!after && Math.abs(after.box.Left - next!.box.Left) <= h * 1.5 && !this.rowOf(after).some((o) => o !== after && Math.abs(o.box.Left - seg.box.Left) <= h * 1.5);
    return continuation && runsOn && !looksLikeCaption(above.text) && !COLON_KEY.test(above.text) ? { value, continues: true } : undefined;
  }

  /** The next row holds as many cells as `row`, each starting under one of its cells (columns continue below). */
  private columnsBelow(row: Segment[], ri: number): boolean {
    const next = this.rows[ri + 1];
    return (
      !!next &&
      next.length === row.length &&
      next[0].page === row[0].page &&
      next[0].box.Top - (row[0].box.Top + row[0].box.Height) < row[0].box.Height * 3.5 &&
      row.every((s, i) => Math.abs(s.box.Left - next[i].box.Left) <= Math.max(s.box.Height, 0.006) * 2.5)
    );
  }

  /**
   * The row under `row` when `row` is all labels and the next row has as many segments, each
   * starting under one of the labels, and is not itself followed by a like row (that would be a
   * table of many rows, whose header does not label its first row alone).
   */
  private alignedRowBelow(row: Segment[], ri: number): Segment[] | undefined {
    if (row.length < 2 || !row.every((s) => looksLikeCaption(s.text) && !this.prose.has(s.line.id))) return undefined;
    const aligned = (a: Segment[], b: Segment[] | undefined) =>
      !!b &&
      b.length === a.length &&
      b[0].page === a[0].page &&
      // (a ruled table's header band may stand over four line heights above its one row)
      b[0].box.Top - (a[0].box.Top + a[0].box.Height) < a[0].box.Height * 5 &&
      // each value starts under its label, or sits within the label's span (centred or right-aligned figures)
      a.every(
        (s, i) =>
          Math.abs(s.box.Left - b[i].box.Left) <= Math.max(s.box.Height, 0.006) * 2.5 ||
          xOverlap(s.box, b[i].box) >= Math.min(s.box.Width, b[i].box.Width) * 0.6 ||
          // (a figure right-aligned in its column starts under its label or just after it and runs past it, short of the next label)
          (b[i].box.Left >= s.box.Left &&
            b[i].box.Left <= s.box.Left + s.box.Width + Math.max(s.box.Height, 0.006) * 2.5 &&
            (i === a.length - 1 || b[i].box.Left + b[i].box.Width <= a[i + 1].box.Left)),
      );
    const next = this.rows[ri + 1];
    if (!aligned(row, next)) return undefined;
    // A left column of labels ("Seller | Star Mobile" over "Seller Address | ...") is a key-value table, not a header row.
    if (next.every((s) => looksLikeBareKey(s.text)) || looksLikeBareKey(next[0].text)) return undefined;
    const after = this.rows[ri + 2];
    // (a grid of caption rows: the row after the values is captions again, one of them perhaps misread, "MCR" for "MICR")
    const captions = (r: Segment[]) => r.filter((s) => looksLikeCaption(s.text)).length >= Math.ceil(r.length * 0.75);
    // (a bilingual grid prints each caption in the local language over the English: the row after the values
    // is captions when the row right under it, aligned with it, is)
    const third = this.rows[ri + 3];
    const bilingual = !!after && !!third && aligned(after, third) && captions(third);
    if (after && aligned(next, after) && !captions(after) && !bilingual) return undefined;
    return next;
  }

  /** Records the pair for "Label: value" / "Label:" + value; true when it used `next` as the value. */
  private colonPair(seg: Segment, m: RegExpExecArray, next: Segment | undefined, rowLength: number): boolean {
    const keyText = m[1].trim();
    const keyEnd = seg.text.indexOf(':') >= 0 ? seg.text.indexOf(':') : seg.text.indexOf('：');
    const keyWords = seg.words.filter((w) => w.start < seg.start + keyEnd);
    let valueText = m[2].trim();
    if (valueText) {
      const from = seg.start + seg.text.length - m[2].length;
      // A second "Label: value" after the first value on the same cell ("Mob: 98... GST No: 27...").
      const inner = /\s([A-Z][A-Za-z.#/' ]{1,28}?)\s*:\s*\S/.exec(m[2]);
      let rest: Segment | undefined;
      if (inner && looksLikeBareKey(inner[1])) {
        const cut = from + inner.index + 1;
        valueText = m[2].slice(0, inner.index).trim();
        const words = seg.words.filter((w) => w.start >= cut);
        rest = { ...seg, id: `${seg.id}.k`, words, text: seg.line.text.slice(cut, seg.end), start: cut, box: union(words.map((w) => w.box)) };
      }
      const valueWords = seg.words.filter((w) => w.end > from && w.start < from + m[2].length - (rest ? rest.text.length : 0));
      this.pairs.push(this.pair(seg, keyWords, keyText, seg, valueWords, valueText, 'colon'));
      const m2 = rest ? COLON_KEY.exec(rest.text) : null;
      if (rest && m2) this.colonPair(rest, m2, undefined, 1);
      return false;
    }
    // (the next cell on the row is another column's when a key above it already took it as its value below:
    // "Retailer:" beside a boxed "Sanction Ref No.:" over its number)
    const taken = !!next && this.pairs.some((p) => p.valueSegment === next && p.via === 'below');
    // (nor is it this key's value when it is a caption of its own over its column's value: "Retailer Name: | D.O. Ref."
    // over "Indus Valley Agencies | 100/965998")
    const captionBeside = !!next && CAPTION_END.test(next.text) && looksLikeBareKey(next.text.replace(/\s*[:：]\s*$/, '')) && !!this.segmentBelow(next) && !!this.segmentBelow(seg);
    if (next && !taken && !captionBeside && !COLON_KEY.test(next.text) && !(rowLength > 2 && looksLikeBareKey(next.text))) {
      this.pairs.push(this.pair(seg, keyWords, keyText, next, next.words, next.text, 'beside'));
      return true;
    }
    const below = this.segmentBelow(seg);
    if (!below || COLON_KEY.test(below.text)) return false;
    // A reference broken after a separator at its cell's edge continues on the next line ("KRF/DO/2025/" / "71611").
    const cont = /[/-]$/.test(below.text.trim()) ? this.segmentBelow(below, 1.5) : undefined;
    if (cont && /^[A-Z0-9][A-Z0-9/-]*$/i.test(cont.text.trim()) && Math.abs(cont.box.Left - below.box.Left) <= Math.max(below.box.Height, 0.006) * 1.5) {
      this.continuations.add(cont);
      this.pairs.push(this.pair(seg, keyWords, keyText, below, [...below.words, ...cont.words], `${below.text.trim()}${cont.text.trim()}`, 'below'));
    } else this.pairs.push(this.pair(seg, keyWords, keyText, below, below.words, below.text, 'below'));
    return false;
  }

  private pair(keySeg: Segment, keyWords: Word[], key: string, valueSeg: Segment, valueWords: Word[], value: string, via: PairSource): KeyValue {
    return {
      page: keySeg.page,
      key: key.replace(/^[\s|│]+|[\s:：.\-–|│]+$/g, ''),
      keyWords,
      keyBox: union(keyWords.map((w) => w.box)),
      value,
      valueWords,
      valueBox: union(valueWords.map((w) => w.box)),
      valueSegment: valueSeg,
      keySegment: keySeg,
      via,
    };
  }

  private deriveTables(): void {
    let run: Segment[][] = [];
    const flush = () => {
      if (run.length >= 2) this.tables.push(this.table(run));
      run = [];
    };
    for (const row of this.rows) {
      const wide = row.length >= 3 && !row.some((s) => this.prose.has(s.line.id));
      const prev = run[run.length - 1];
      const near = prev && prev[0].page === row[0].page && row[0].box.Top - (prev[0].box.Top + prev[0].box.Height) < prev[0].box.Height * 3;
      if (wide && (!prev || near)) run.push(row);
      else {
        flush();
        if (wide) run.push(row);
      }
    }
    flush();
  }

  private table(rows: Segment[][]): Table {
    // Columns: the widest row's segments, extended by any segment that overlaps none of them.
    const header = rows.reduce((a, b) => (b.length > a.length ? b : a));
    const cols = header.map((s) => ({ left: s.box.Left, right: s.box.Left + s.box.Width }));
    const colOf = (s: Segment) => {
      let best = 0;
      let bestScore = -Infinity;
      cols.forEach((c, i) => {
        const ov = Math.min(c.right, s.box.Left + s.box.Width) - Math.max(c.left, s.box.Left);
        const score = ov > 0 ? ov : -Math.abs((c.left + c.right) / 2 - (s.box.Left + s.box.Width / 2));
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      });
      return best;
    };
    const cells = rows.map((row, r) => {
      const byCol = new Map<number, Segment[]>();
      for (const s of row) byCol.set(colOf(s), [...(byCol.get(colOf(s)) ?? []), s]);
      return [...byCol.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([c, ss]) => ({ row: r + 1, col: c + 1, text: ss.map((s) => s.text).join(' '), words: ss.flatMap((s) => s.words), box: union(ss.map((s) => s.box)) }));
    });
    return { page: rows[0][0].page, rows: cells, box: union(rows.flat().map((s) => s.box)) };
  }

  /**
   * Pairs whose key is one of the labels: the label must cover the key (a few characters of
   * slack for "No.", "'s", "#"), so "Customer Name" matches /customer\s*name/ but a key "Name
   * of the Customer's Father" does not match /customer/.
   */
  find(labels: readonly RegExp[], slack = 3): KeyValue[] {
    const out: KeyValue[] = [];
    const letters = (t: string) => (t.match(/\p{L}/gu) ?? []).length;
    for (const label of labels) {
      const rx = new RegExp(label.source, label.flags.replace(/[gy]/g, ''));
      for (const p of this.pairs) {
        const key = p.key.replace(/\s+/g, ' ').trim();
        // A parenthesised qualifier says which party or copy the key is about ("Buyer (Bill to)",
        // "Consignee (Ship to)"): the key is matched with and without it.
        // So does a record qualifier ("Name as per Aadhaar", "Name on PAN"): the key is matched without it too.
        const bare = withoutRecordQualifier(key.replace(/\s*\([^)]*\)\s*/g, ' ').trim());
        const covered = (k: string) => {
          const m = rx.exec(k);
          // letters of the key the label leaves uncovered ("No", "'s" pass; "Value" in "Asset Value" does not)
          return !!m && letters(k) - letters(m[0]) <= slack;
        };
        // A column header naming two fields ("Dealer Name & Address", "Customer Name / Mobile") is a key of each.
        const parts = bare.split(/\s+(?:&|\/|and)\s+/i);
        if ((covered(key) || (bare && bare !== key && covered(bare)) || (parts.length > 1 && parts.some((x) => covered(x)))) && !out.includes(p)) out.push(p);
      }
    }
    return out;
  }

  /**
   * The derived structure as Textract's AnalyzeDocument returns it (FORMS, TABLES and LAYOUT), ids
   * prefixed "layout-", so one reader serves both. Shapes follow real responses (see
   * test/fixtures/textract/README.md for the public ones they were learned from):
   * - KEY_VALUE_SET: the KEY lists its VALUE first, then its CHILD words; KEY and VALUE carry the
   *   pair's one confidence; a VALUE without words has no Relationships (Textract never lists an
   *   empty relationship);
   * - TABLE (STRUCTURED_TABLE): CHILD lists every CELL of the grid row by row, empty ones too
   *   (those without Relationships); a first row without digits is COLUMN_HEADER; a cell whose
   *   text runs over empty neighbours on its row becomes a MERGED_CELL over them (the words stay
   *   in the cell they lie in);
   * - LAYOUT_*: CHILD lists LINE ids, every line in exactly one layout block, blocks in reading
   *   order: LAYOUT_TABLE (lines of a table), LAYOUT_KEY_VALUE (runs of lines holding pairs),
   *   LAYOUT_TITLE (a large line near the top of page 1), LAYOUT_PAGE_NUMBER, LAYOUT_TEXT (the rest);
   * - every block has Page, Confidence 0..100 and Geometry with BoundingBox and Polygon.
   * `frame` maps a box of the upright reading frame back onto the page as uploaded (DocumentModel
   * turns sideways pages upright; Textract reports geometry on the page as uploaded).
   * PAGE blocks are the OCR engine's: `analysisBlocks()` (analysis.ts) lists these under them.
   */
  toBlocks(frame: (page: number, box: BoundingBox) => BoundingBox = (_p, b) => b): Block[] {
    const blocks: Block[] = [];
    const geo = (page: number, b: BoundingBox) => geometryOf(frame(page, b));
    const children = (ids: string[]) => (ids.length ? [{ Type: 'CHILD' as const, Ids: ids }] : []);
    this.pairs.forEach((p, i) => {
      const kid = `layout-kv-${i}-key`;
      const vid = `layout-kv-${i}-value`;
      const Confidence = meanConf([...p.keyWords, ...p.valueWords]);
      blocks.push(
        { BlockType: 'KEY_VALUE_SET', Id: kid, EntityTypes: ['KEY'], Page: p.page, Confidence, Geometry: geo(p.page, p.keyBox), Relationships: [{ Type: 'VALUE', Ids: [vid] }, ...children(p.keyWords.map((w) => w.id))] },
        { BlockType: 'KEY_VALUE_SET', Id: vid, EntityTypes: ['VALUE'], Page: p.page, Confidence, Geometry: geo(p.page, p.valueWords.length ? p.valueBox : p.keyBox), Relationships: children(p.valueWords.map((w) => w.id)) },
      );
    });
    this.tables.forEach((t, ti) => blocks.push(...tableBlocks(t, `layout-table-${ti}`, (b) => geo(t.page, b))));
    blocks.push(...this.layoutBlocks(geo));
    for (const b of blocks) if (!b.Relationships?.length) delete b.Relationships;
    return blocks;
  }

  /** LAYOUT_* blocks over the lines (see toBlocks). */
  private layoutBlocks(geo: (page: number, b: BoundingBox) => Block['Geometry']): Block[] {
    const lines = [...new Map(this.segments.map((s) => [s.line.id, s.line])).values()].sort((a, b) => a.index - b.index);
    const lineOfWord = new Map(this.segments.flatMap((s) => s.words.map((w) => [w.id, s.line] as const)));
    const kind = new Map<string, LayoutKind>();
    this.tables.forEach((t, ti) => {
      for (const w of t.rows.flat().flatMap((c) => c.words)) {
        const l = lineOfWord.get(w.id);
        if (l) kind.set(l.id, `TABLE:${ti}`);
      }
    });
    for (const p of this.pairs) {
      for (const w of [...p.keyWords, ...p.valueWords]) {
        const l = lineOfWord.get(w.id);
        if (l && !kind.has(l.id)) kind.set(l.id, 'KEY_VALUE');
      }
    }
    for (const page of new Set(lines.map((l) => l.page))) {
      const onPage = lines.filter((l) => l.page === page && !kind.has(l.id));
      const title = page === lines[0]?.page ? titleLine(lines.filter((l) => l.page === page), onPage) : undefined;
      if (title) kind.set(title.id, 'TITLE');
      for (const l of onPage) if (PAGE_NUMBER.test(l.text.trim())) kind.set(l.id, 'PAGE_NUMBER');
    }
    // Runs of lines of one kind (a table's lines all together), in reading order.
    const groups: { kind: LayoutKind; lines: Line[] }[] = [];
    for (const l of lines) {
      const k = kind.get(l.id) ?? 'TEXT';
      const same = k.startsWith('TABLE:') ? groups.find((g) => g.kind === k) : undefined;
      const last = groups[groups.length - 1];
      const joins = (g: { kind: LayoutKind; lines: Line[] } | undefined) => {
        if (!g || g.kind !== k || (k !== 'TEXT' && k !== 'KEY_VALUE')) return false;
        const prev = g.lines[g.lines.length - 1];
        const h = Math.max(prev.box.Height, l.box.Height);
        return prev.page === l.page && l.box.Top - (prev.box.Top + prev.box.Height) < h * 1.5 && l.box.Top >= prev.box.Top - h * 0.5;
      };
      if (same) same.lines.push(l);
      else if (joins(last)) last!.lines.push(l);
      else groups.push({ kind: k, lines: [l] });
    }
    return groups.map((g, i) => {
      const page = g.lines[0].page;
      const type = `LAYOUT_${g.kind.startsWith('TABLE:') ? 'TABLE' : g.kind}` as Block['BlockType'];
      return {
        BlockType: type,
        Id: `layout-${type.slice(7).toLowerCase()}-${i}`,
        Page: page,
        Confidence: mean(g.lines.map((l) => l.confidence)),
        Geometry: geo(page, union(g.lines.map((l) => l.box))),
        Relationships: [{ Type: 'CHILD', Ids: g.lines.map((l) => l.id) }],
      };
    });
  }
}

type LayoutKind = 'TEXT' | 'KEY_VALUE' | 'TITLE' | 'PAGE_NUMBER' | `TABLE:${number}`;

const PAGE_NUMBER = /^(?:page\s*)?\d{1,3}(?:\s*(?:of|\/)\s*\d{1,3})?$/i;

/** A title: the tallest short line in the top quarter of the page, well above the page's usual line height. */
function titleLine(pageLines: Line[], free: Line[]): Line | undefined {
  const h = median(pageLines.map((l) => l.box.Height));
  const top = Math.min(...pageLines.map((l) => l.box.Top));
  const bottom = Math.max(...pageLines.map((l) => l.box.Top + l.box.Height));
  return free
    .filter((l) => l.box.Top <= top + (bottom - top) * 0.25 && l.box.Height >= h * 1.4 && l.text.split(/\s+/).length <= 8 && /\p{L}{3}/u.test(l.text) && !isProse(l.text))
    .sort((a, b) => b.box.Height - a.box.Height)[0];
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** BoundingBox and its Polygon (corners clockwise from the top-left), as Textract gives both. */
function geometryOf(b: BoundingBox): NonNullable<Block['Geometry']> {
  const r = b.Left + b.Width;
  const btm = b.Top + b.Height;
  return { BoundingBox: b, Polygon: [{ X: b.Left, Y: b.Top }, { X: r, Y: b.Top }, { X: r, Y: btm }, { X: b.Left, Y: btm }] };
}

/** A table as TABLE, CELL (every grid position) and MERGED_CELL blocks. */
function tableBlocks(t: Table, id: string, geo: (b: BoundingBox) => Block['Geometry']): Block[] {
  const cells = t.rows.flat();
  const nRows = Math.max(...cells.map((c) => c.row));
  const nCols = Math.max(...cells.map((c) => c.col));
  const at = new Map(cells.map((c) => [`${c.row}-${c.col}`, c]));
  const span = (xs: Cell[], lo: (b: BoundingBox) => number, hi: (b: BoundingBox) => number) =>
    xs.length ? [Math.min(...xs.map((c) => lo(c.box))), Math.max(...xs.map((c) => hi(c.box)))] : undefined;
  const rowY = (r: number) => span(cells.filter((c) => c.row === r), (b) => b.Top, (b) => b.Top + b.Height) ?? [t.box.Top, t.box.Top + t.box.Height];
  const colX = (c: number) => span(cells.filter((x) => x.col === c), (b) => b.Left, (b) => b.Left + b.Width) ?? [t.box.Left, t.box.Left + t.box.Width];
  const header = nRows > 1 && t.rows[0].every((c) => c.row === 1 && !/\d/.test(c.text));
  const out: Block[] = [];
  const ids: string[] = [];
  const merged: Block[] = [];
  for (let r = 1; r <= nRows; r++) {
    for (let c = 1; c <= nCols; c++) {
      const cell = at.get(`${r}-${c}`);
      const [top, bottom] = rowY(r);
      const [left, right] = colX(c);
      const cid = `${id}-cell-${r}-${c}`;
      ids.push(cid);
      out.push({
        BlockType: 'CELL',
        Id: cid,
        Page: t.page,
        RowIndex: r,
        ColumnIndex: c,
        RowSpan: 1,
        ColumnSpan: 1,
        Confidence: cell?.words.length ? meanConf(cell.words) : mean(cells.flatMap((x) => x.words.map((w) => w.confidence))),
        Geometry: geo(cell?.box ?? { Left: left, Top: top, Width: right - left, Height: bottom - top }),
        ...(r === 1 && header ? { EntityTypes: ['COLUMN_HEADER'] } : {}),
        ...(cell?.words.length ? { Relationships: [{ Type: 'CHILD' as const, Ids: cell.words.map((w) => w.id) }] } : {}),
      });
      // A cell running over the empty cells beside it on its row (past their middle) spans them.
      if (cell) {
        const mid = (k: number) => (colX(k)[0] + colX(k)[1]) / 2;
        let first = c;
        let last = c;
        while (first > 1 && !at.has(`${r}-${first - 1}`) && cell.box.Left < mid(first - 1)) first--;
        while (last < nCols && !at.has(`${r}-${last + 1}`) && cell.box.Left + cell.box.Width > mid(last + 1)) last++;
        if (last > first) {
          const covered = Array.from({ length: last - first + 1 }, (_, k) => `${id}-cell-${r}-${first + k}`);
          const [l2, r2] = [colX(first)[0], colX(last)[1]];
          merged.push({ BlockType: 'MERGED_CELL', Id: `${id}-merged-${r}-${first}`, Page: t.page, RowIndex: r, ColumnIndex: first, RowSpan: 1, ColumnSpan: last - first + 1, Confidence: meanConf(cell.words), Geometry: geo({ Left: l2, Top: top, Width: r2 - l2, Height: bottom - top }), Relationships: [{ Type: 'CHILD', Ids: covered }] });
        }
      }
    }
  }
  const table: Block = {
    BlockType: 'TABLE',
    Id: id,
    Page: t.page,
    EntityTypes: ['STRUCTURED_TABLE'],
    Confidence: meanConf(cells.flatMap((c) => c.words)),
    Geometry: geo(t.box),
    Relationships: [{ Type: 'CHILD', Ids: ids }, ...(merged.length ? [{ Type: 'MERGED_CELL' as const, Ids: merged.map((m) => m.Id) }] : [])],
  };
  return [table, ...out, ...merged];
}

function meanConf(words: readonly Word[]): number {
  return words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
}

/**
 * Key-value pairs and tables from Textract AnalyzeDocument FORMS/TABLES blocks, over the lines
 * the model already holds (words looked up by id). As real responses have them:
 * - a block's page is the PAGE that lists it (synchronous responses may omit `Page`), else `Page`;
 * - a KEY's or VALUE's CHILD ids may name SELECTION_ELEMENTs (check boxes) besides WORDs: a value
 *   that is only a check box reads SELECTED or NOT_SELECTED;
 * - boxes are the union of the words' boxes (the model's upright frame) when there are words,
 *   Textract's geometry (the page as uploaded) only when there are none;
 * - a MERGED_CELL's CHILD ids are the CELLs it covers, each holding its own words: the merged
 *   text becomes the top-left cell and the covered cells drop out of the row;
 * - cells marked TABLE_TITLE or TABLE_FOOTER (a title or footnote inside the table's grid) are
 *   not data rows and are left out; TABLE_SUMMARY and TABLE_SECTION_TITLE rows stay.
 */
export function textractStructure(blocks: readonly Block[], wordById: ReadonlyMap<string, Word>): { pairs: KeyValue[]; tables: Table[] } {
  const byId = new Map(blocks.map((b) => [b.Id, b]));
  const rel = (b: Block, t: string) => (b.Relationships ?? []).filter((r) => r.Type === t).flatMap((r) => r.Ids);
  const pageOf = new Map<string, number>();
  blocks.filter((b) => b.BlockType === 'PAGE').forEach((p, i) => {
    for (const id of rel(p, 'CHILD')) pageOf.set(id, p.Page ?? i + 1);
  });
  const page = (b: Block, ws: Word[]) => pageOf.get(b.Id) ?? b.Page ?? ws[0]?.page ?? 1;
  const wordsOf = (b: Block) => rel(b, 'CHILD').map((id) => wordById.get(id)).filter((w): w is Word => !!w);
  const selectionOf = (b: Block) => rel(b, 'CHILD').map((id) => byId.get(id)).find((c) => c?.BlockType === 'SELECTION_ELEMENT')?.SelectionStatus;
  const text = (ws: Word[]) => ws.map((w) => w.text).join(' ');
  const boxOf = (b: Block | undefined, ws: Word[]) => (ws.length ? union(ws.map((w) => w.box)) : (b?.Geometry?.BoundingBox ?? union([])));
  const pairs: KeyValue[] = [];
  for (const k of blocks) {
    if (k.BlockType !== 'KEY_VALUE_SET' || !k.EntityTypes?.includes('KEY')) continue;
    const v = rel(k, 'VALUE').map((id) => byId.get(id)).find((b) => b?.EntityTypes?.includes('VALUE'));
    const kw = wordsOf(k);
    const vw = v ? wordsOf(v) : [];
    const selection = v && !vw.length ? selectionOf(v) : undefined;
    pairs.push({
      page: page(k, kw),
      key: text(kw).replace(/[\s:：.\-–]+$/, ''),
      keyWords: kw,
      keyBox: boxOf(k, kw),
      value: selection ?? text(vw),
      valueWords: vw,
      valueBox: boxOf(v, vw),
      via: 'textract',
    });
  }
  const tables: Table[] = [];
  for (const t of blocks) {
    if (t.BlockType !== 'TABLE') continue;
    const cells = rel(t, 'CHILD').map((id) => byId.get(id)).filter((c): c is Block => c?.BlockType === 'CELL');
    const covered = new Map<string, Block>(); // covered CELL id -> its MERGED_CELL
    for (const m of rel(t, 'MERGED_CELL').map((id) => byId.get(id))) {
      if (m?.BlockType === 'MERGED_CELL') for (const id of rel(m, 'CHILD')) covered.set(id, m);
    }
    const rows = new Map<number, Cell[]>();
    for (const c of cells) {
      if (c.EntityTypes?.some((e) => e === 'TABLE_TITLE' || e === 'TABLE_FOOTER')) continue;
      const m = covered.get(c.Id);
      if (m && (c.RowIndex !== m.RowIndex || c.ColumnIndex !== m.ColumnIndex)) continue;
      // The merged cell's words, in its cells' order (row by row, left to right).
      const parts = m ? rel(m, 'CHILD').map((id) => byId.get(id)).filter((x): x is Block => !!x).sort((a, b) => (a.RowIndex ?? 0) - (b.RowIndex ?? 0) || (a.ColumnIndex ?? 0) - (b.ColumnIndex ?? 0)) : [c];
      const ws = parts.flatMap(wordsOf);
      const cell = { row: c.RowIndex ?? 1, col: c.ColumnIndex ?? 1, text: text(ws), words: ws, box: boxOf(m ?? c, ws) };
      rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
    }
    const all = [...rows.values()].flat();
    tables.push({
      page: page(t, all.flatMap((c) => c.words)),
      rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, cs]) => cs.sort((a, b) => a.col - b.col)),
      box: all.some((c) => c.words.length) ? union(all.filter((c) => c.words.length).map((c) => c.box)) : (t.Geometry?.BoundingBox ?? union([])),
    });
  }
  return { pairs, tables };
}
