/**
 * A structural copy of the subset of Amazon Textract's `Block` we use (no AWS SDK import: the
 * pure core works on plain data), and `DocumentModel`, a navigable view over a Block list:
 * pages -> lines -> words in reading order, label/value lookup and word geometry.
 *
 * Every OCR engine (Textract, tesseract.js, ...) converts its output into these Blocks, so the
 * field mapping is written once.
 */

import { KEY_RECORD_QUALIFIER, Layout, segmentLine, textractStructure, xOverlap, type KeyValue, type PairSource, type Table } from './layout.ts';

export type BlockType =
  | 'PAGE'
  | 'LINE'
  | 'WORD'
  | 'QUERY'
  | 'QUERY_RESULT'
  | 'KEY_VALUE_SET'
  | 'TABLE'
  | 'CELL'
  | 'MERGED_CELL'
  | 'SELECTION_ELEMENT'
  | 'SIGNATURE'
  | 'TABLE_TITLE'
  | 'TABLE_FOOTER'
  | 'LAYOUT_TITLE'
  | 'LAYOUT_HEADER'
  | 'LAYOUT_FOOTER'
  | 'LAYOUT_SECTION_HEADER'
  | 'LAYOUT_PAGE_NUMBER'
  | 'LAYOUT_LIST'
  | 'LAYOUT_FIGURE'
  | 'LAYOUT_TABLE'
  | 'LAYOUT_KEY_VALUE'
  | 'LAYOUT_TEXT';

export type RelationshipType = 'CHILD' | 'VALUE' | 'ANSWER' | 'COMPLEX_FEATURES' | 'MERGED_CELL' | 'TITLE' | 'TABLE' | 'TABLE_TITLE' | 'TABLE_FOOTER';

/** Normalised to the page: 0..1 on each axis, origin top-left. */
export interface BoundingBox {
  Left: number;
  Top: number;
  Width: number;
  Height: number;
}

export interface Point {
  X: number;
  Y: number;
}

export interface Geometry {
  BoundingBox: BoundingBox;
  Polygon?: Point[];
}

export interface Relationship {
  Type: RelationshipType;
  Ids: string[];
}

export interface Block {
  BlockType: BlockType;
  Id: string;
  Text?: string;
  /** 0..100 */
  Confidence?: number;
  Geometry?: Geometry;
  Relationships?: Relationship[];
  /** 1-based page number (Textract sets it on multi-page documents). */
  Page?: number;
  EntityTypes?: string[];
  TextType?: 'PRINTED' | 'HANDWRITING';
  Query?: { Text: string; Alias?: string; Pages?: string[] };
  /** SELECTION_ELEMENT blocks (check boxes, option buttons). */
  SelectionStatus?: 'SELECTED' | 'NOT_SELECTED';
  /** CELL and MERGED_CELL blocks (AnalyzeDocument TABLES): 1-based position and span. */
  RowIndex?: number;
  ColumnIndex?: number;
  RowSpan?: number;
  ColumnSpan?: number;
}

export interface Word {
  id: string;
  text: string;
  /** 0..100, as OCR reports it. */
  confidence: number;
  box: BoundingBox;
  page: number;
  /** Character span of this word inside its line's text. */
  start: number;
  end: number;
}

export interface Line {
  id: string;
  text: string;
  /** 0..100 */
  confidence: number;
  box: BoundingBox;
  page: number;
  words: Word[];
  /** Position in the document's reading order (0-based, across pages). */
  index: number;
}

export interface Page {
  number: number;
  lines: Line[];
}

/** A rectangle to redact, on a given page. */
export interface PageBox {
  page: number;
  box: BoundingBox;
}

export interface LineMatch {
  line: Line;
  match: RegExpExecArray;
  /** Words covering the match. */
  words: Word[];
}

export type ValueSource = 'same-line' | 'right' | 'below';

export interface LabelledValue {
  text: string;
  words: Word[];
  line: Line;
  labelLine: Line;
  via: ValueSource;
  /** Found as a key-value pair of the layout model (not a label inside a line). */
  fromPair?: boolean;
}

export interface LabelOptions {
  /** The value must match this; group 1 (if any) is the value. Applied to the candidate text. */
  pattern?: RegExp;
  /** Locate the value inside the candidate text (for dates, amounts, phone numbers). */
  find?: (text: string) => { index: number; length: number } | undefined;
  /** Cut a free-text value where this matches (for example the next label on the same line). */
  stop?: RegExp;
  /** Where to look, in order. Default: same line, then right, then below. */
  via?: ValueSource[];
  /** How many lines below the label to try when looking below (default 1). */
  below?: number;
  /** Only key-value pairs of the layout model (no label search inside lines). */
  pairsOnly?: boolean;
}

const EMPTY_BOX: BoundingBox = { Left: 0, Top: 0, Width: 0, Height: 0 };

function withoutGlobal(re: RegExp): RegExp {
  return re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** Union of boxes. */
export function unionBox(boxes: BoundingBox[]): BoundingBox {
  if (!boxes.length) return { ...EMPTY_BOX };
  const left = Math.min(...boxes.map((b) => b.Left));
  const top = Math.min(...boxes.map((b) => b.Top));
  const right = Math.max(...boxes.map((b) => b.Left + b.Width));
  const bottom = Math.max(...boxes.map((b) => b.Top + b.Height));
  return { Left: left, Top: top, Width: right - left, Height: bottom - top };
}

/** Part of a word's box covering characters [from, to) of the word, by character proportion. */
function subBox(word: Word, from: number, to: number): BoundingBox {
  const len = Math.max(1, word.end - word.start);
  const a = Math.max(0, from - word.start) / len;
  const b = Math.min(len, to - word.start) / len;
  return { Left: word.box.Left + word.box.Width * a, Top: word.box.Top, Width: word.box.Width * (b - a), Height: word.box.Height };
}

/** Give each word its character span inside the line text (words are in line order). */
function placeWords(lineText: string, words: Omit<Word, 'start' | 'end'>[]): Word[] {
  let cursor = 0;
  return words.map((w) => {
    let at = lineText.indexOf(w.text, cursor);
    if (at < 0) at = cursor; // OCR line text and word texts disagree: keep order, approximate span
    const placed = { ...w, start: at, end: at + w.text.length };
    cursor = placed.end;
    return placed;
  });
}

/** Words for a line that has none: split the text, boxes by character proportion. */
function splitWords(lineId: string, text: string, box: BoundingBox, confidence: number, page: number): Word[] {
  const len = Math.max(1, text.length);
  return [...text.matchAll(/\S+/g)].map((m, i) => ({
    id: `${lineId}.w${i}`,
    text: m[0],
    confidence,
    page,
    start: m.index,
    end: m.index + m[0].length,
    box: { Left: box.Left + (box.Width * m.index) / len, Top: box.Top, Width: (box.Width * m[0].length) / len, Height: box.Height },
  }));
}

/**
 * Reading order: group lines into rows (vertical centre inside the row's first line band),
 * rows top to bottom, lines left to right inside a row.
 */
function readingOrder(lines: Omit<Line, 'index'>[]): Omit<Line, 'index'>[] {
  const byTop = [...lines].sort((a, b) => a.box.Top - b.box.Top);
  const rows: Omit<Line, 'index'>[][] = [];
  for (const line of byTop) {
    const centre = line.box.Top + line.box.Height / 2;
    const row = rows[rows.length - 1];
    const head = row?.[0];
    if (row && head && centre >= head.box.Top && centre <= head.box.Top + head.box.Height) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.Left - b.box.Left));
}

function verticalOverlap(a: BoundingBox, b: BoundingBox): number {
  const o = Math.min(a.Top + a.Height, b.Top + b.Height) - Math.max(a.Top, b.Top);
  return o / Math.max(1e-9, Math.min(a.Height, b.Height));
}

/**
 * Which way the text of a page runs in the image as uploaded. Engines report geometry in the
 * uploaded frame (Textract does, and so does our tesseract adapter for pages it read turned),
 * with each polygon starting at the text's own top-left corner. 'up' is upright; 'ccw' runs
 * bottom-to-top (the page lies turned 90° counter-clockwise), 'down' is upside down, 'cw' runs
 * top-to-bottom.
 */
export type TextOrientation = 'up' | 'ccw' | 'down' | 'cw';

/** A point of the uploaded page in the upright reading frame of a page with orientation `o`. */
export function toUpright(p: Point, o: TextOrientation): Point {
  if (o === 'ccw') return { X: 1 - p.Y, Y: p.X };
  if (o === 'down') return { X: 1 - p.X, Y: 1 - p.Y };
  if (o === 'cw') return { X: p.Y, Y: 1 - p.X };
  return p;
}

/** The inverse of toUpright: a point of the reading frame on the page as uploaded. */
export function toSource(p: Point, o: TextOrientation): Point {
  if (o === 'ccw') return { X: p.Y, Y: 1 - p.X };
  if (o === 'down') return { X: 1 - p.X, Y: 1 - p.Y };
  if (o === 'cw') return { X: 1 - p.Y, Y: p.X };
  return p;
}

/** A box through a point map (toUpright, toSource): the box around the mapped corners. */
export function mapBox(b: BoundingBox, f: (p: Point) => Point): BoundingBox {
  const pts = [
    { X: b.Left, Y: b.Top },
    { X: b.Left + b.Width, Y: b.Top },
    { X: b.Left + b.Width, Y: b.Top + b.Height },
    { X: b.Left, Y: b.Top + b.Height },
  ].map(f);
  const left = Math.min(...pts.map((q) => q.X));
  const top = Math.min(...pts.map((q) => q.Y));
  return { Left: left, Top: top, Width: Math.max(...pts.map((q) => q.X)) - left, Height: Math.max(...pts.map((q) => q.Y)) - top };
}

/**
 * A page's orientation from its lines as the engine emitted them. Engines emit lines in reading
 * order, so in the right frame successive lines mostly move down the page. Long lines taller than
 * wide make the page sideways (then 'ccw' or 'cw'), else it is 'up' or 'down'; the candidate under
 * which the emitted order moves down more often wins, ties staying upright. Polygon corner order
 * is not used: not every engine keeps the text's own corner first.
 */
export function pageOrientation(lines: readonly { text: string; box: BoundingBox }[]): TextOrientation {
  let tall = 0;
  let wide = 0;
  for (const l of lines) {
    if (l.text.replace(/\s/g, '').length < 4) continue;
    if (l.box.Height > l.box.Width) tall += l.text.length;
    else wide += l.text.length;
  }
  const candidates: TextOrientation[] = tall > wide ? ['ccw', 'cw'] : ['up', 'down'];
  const downSteps = (o: TextOrientation) => {
    let score = 0;
    for (let i = 1; i < lines.length; i++) {
      const a = mapBox(lines[i - 1].box, (p) => toUpright(p, o));
      const b = mapBox(lines[i].box, (p) => toUpright(p, o));
      const d = b.Top - a.Top;
      if (Math.abs(d) > Math.min(a.Height, b.Height) / 2) score += Math.sign(d);
    }
    return score;
  };
  const [first, second] = candidates.map(downSteps);
  return second > first ? candidates[1] : candidates[0];
}

/**
 * A lower-case `l` inside a word otherwise in capitals is a capital `I` misread (`SBl`, `24066PC95l`):
 * print in capitals has no lower-case letters, and `l` and `I` are one stroke to OCR.
 */
export function capitalIs(text: string): string {
  return text.replace(/\S+/g, (tok) => {
    if (!tok.includes('l')) return tok;
    const others = tok.replace(/l/g, '').replace(/[^\p{L}]/gu, '');
    return others.length >= 2 && others === others.toUpperCase() && others !== others.toLowerCase() ? tok.replace(/l/g, 'I') : tok;
  });
}

const LEADING_SEPARATORS = /^[\s:;=|\-–—.]*/;

/** A Textract query (AnalyzeDocument Queries) and its answer, when the engine produced one. */
export interface QueryAnswer {
  question: string;
  alias?: string;
  answer?: string;
  /** 0..100 */
  confidence?: number;
  page: number;
  /** Where the answer is printed (Textract may answer without geometry). */
  box?: BoundingBox;
}

export class DocumentModel {
  private layoutModel?: Layout;
  private readonly structure: { pairs: KeyValue[]; tables: Table[] } | undefined;
  readonly pages: Page[];
  readonly lines: Line[];
  readonly queries: QueryAnswer[];
  /**
   * How each page's text runs in the uploaded image. Line and word boxes are kept in the upright
   * reading frame (so reading order and label/value geometry work on turned pages); boxes handed
   * out for redaction are mapped back to the page as uploaded.
   */
  readonly orientation: ReadonlyMap<number, TextOrientation>;

  constructor(blocks: readonly Block[]) {
    const byId = new Map(blocks.map((b) => [b.Id, b]));
    const childIds = (b: Block) => (b.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids);

    // Which page each block belongs to: PAGE children first (Textract lists LINE, KEY_VALUE_SET,
    // TABLE, LAYOUT_*, QUERY and QUERY_RESULT blocks there; synchronous responses may carry no
    // Page field at all), then the block's own Page field.
    const pageOfLine = new Map<string, number>();
    blocks
      .filter((b) => b.BlockType === 'PAGE')
      .forEach((p, i) => {
        const n = p.Page ?? i + 1;
        for (const id of childIds(p)) pageOfLine.set(id, n);
      });

    const rawLines: Omit<Line, 'index'>[] = blocks
      .filter((b) => b.BlockType === 'LINE')
      .map((b) => {
        const page = pageOfLine.get(b.Id) ?? b.Page ?? 1;
        const box = b.Geometry?.BoundingBox ?? { ...EMPTY_BOX };
        const text = capitalIs((b.Text ?? '').trim());
        const wordBlocks = childIds(b)
          .map((id) => byId.get(id))
          .filter((w): w is Block => !!w && w.BlockType === 'WORD');
        const words = wordBlocks.length
          ? placeWords(
              text,
              wordBlocks.map((w) => ({
                id: w.Id,
                text: capitalIs(w.Text ?? ''),
                confidence: w.Confidence ?? b.Confidence ?? 0,
                box: w.Geometry?.BoundingBox ?? box,
                page,
              })),
            )
          : splitWords(b.Id, text, box, b.Confidence ?? 0, page);
        const confidence = b.Confidence ?? mean(words.map((w) => w.confidence));
        return { id: b.Id, text, confidence, box, page, words };
      })
      .filter((l) => l.text.length > 0);

    // Pages photographed sideways or upside down: boxes into the upright reading frame.
    const orientation = new Map<number, TextOrientation>();
    for (const n of new Set(rawLines.map((l) => l.page))) orientation.set(n, pageOrientation(rawLines.filter((l) => l.page === n)));
    this.orientation = orientation;
    for (const l of rawLines) {
      const o = orientation.get(l.page) ?? 'up';
      if (o === 'up') continue;
      l.box = mapBox(l.box, (p) => toUpright(p, o));
      l.words = l.words.map((w) => ({ ...w, box: mapBox(w.box, (p) => toUpright(p, o)) }));
    }

    const pageNumbers = [...new Set(rawLines.map((l) => l.page))].sort((a, b) => a - b);
    let index = 0;
    this.pages = pageNumbers.map((number) => ({
      number,
      lines: readingOrder(rawLines.filter((l) => l.page === number)).map((l) => ({ ...l, index: index++ })),
    }));
    this.lines = this.pages.flatMap((p) => p.lines);

    // Textract AnalyzeDocument FORMS/TABLES output, when present, is the layout; else it is derived.
    if (blocks.some((b) => b.BlockType === 'KEY_VALUE_SET' || b.BlockType === 'TABLE')) {
      const words = new Map(this.lines.flatMap((l) => l.words).map((w) => [w.id, w]));
      this.structure = textractStructure(blocks, words);
    }

    this.queries = blocks
      .filter((b) => b.BlockType === 'QUERY' && b.Query)
      .map((q) => {
        const ans = (q.Relationships ?? [])
          .filter((r) => r.Type === 'ANSWER')
          .flatMap((r) => r.Ids)
          .map((id) => byId.get(id))
          .find((b) => b?.BlockType === 'QUERY_RESULT');
        const page = (ans && pageOfLine.get(ans.Id)) ?? ans?.Page ?? pageOfLine.get(q.Id) ?? q.Page ?? 1;
        return { question: q.Query!.Text, alias: q.Query!.Alias, answer: ans?.Text, confidence: ans?.Confidence, page, box: ans?.Geometry?.BoundingBox };
      });
  }

  /**
   * Key-value pairs, tables and prose lines of the document (derived once, on first use).
   * Textract answers only the features it was asked for: FORMS pairs replace the derived pairs,
   * TABLES tables the derived tables, and whichever it did not return stays derived (a TABLES-only
   * or LAYOUT-only response still has key-value pairs).
   */
  get layout(): Layout {
    if (!this.layoutModel) {
      const layout = new Layout(this.lines);
      const given = this.structure;
      if (given?.pairs.length) layout.pairs.splice(0, layout.pairs.length, ...given.pairs);
      if (given?.tables.length) layout.tables.splice(0, layout.tables.length, ...given.tables);
      this.layoutModel = layout;
    }
    return this.layoutModel;
  }

  /** A box of the upright reading frame on its page as uploaded (where Textract reports geometry). */
  uploadedBox(page: number, box: BoundingBox): BoundingBox {
    const o = this.orientation.get(page) ?? 'up';
    return o === 'up' ? box : mapBox(box, (p) => toSource(p, o));
  }

  /**
   * The answer to a Textract query by alias or question text. A query asked of every page
   * (`Pages: ["*"]`) comes back once per page, answered on some: the answered one with the
   * highest confidence wins, else the first asked.
   */
  queryAnswer(aliasOrQuestion: string): QueryAnswer | undefined {
    const asked = this.queries.filter((q) => q.alias === aliasOrQuestion || q.question === aliasOrQuestion);
    const answered = asked.filter((q) => q.answer !== undefined && q.answer !== '');
    return answered.sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0))[0] ?? asked[0];
  }

  get words(): Word[] {
    return this.lines.flatMap((l) => l.words);
  }

  /** Full text, one line per LINE block, pages in order. */
  get text(): string {
    return this.lines.map((l) => l.text).join('\n');
  }

  /** Mean word confidence of the whole document, 0..100. */
  get meanConfidence(): number {
    return mean(this.words.map((w) => w.confidence));
  }

  /** Words of `line` overlapping characters [start, end) of its text. */
  wordsInRange(line: Line, start: number, end: number): Word[] {
    return line.words.filter((w) => w.start < end && w.end > start);
  }

  /** Every line matching `re` (first match per line). */
  findLines(re: RegExp): LineMatch[] {
    const rx = withoutGlobal(re);
    const out: LineMatch[] = [];
    for (const line of this.lines) {
      const match = rx.exec(line.text);
      if (match) out.push({ line, match, words: this.wordsInRange(line, match.index, match.index + match[0].length) });
    }
    return out;
  }

  findLine(re: RegExp): LineMatch | undefined {
    return this.findLines(re)[0];
  }

  /** Every match of `re` in every line (re is used globally). */
  findAll(re: RegExp): LineMatch[] {
    const rx = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    const out: LineMatch[] = [];
    for (const line of this.lines) {
      for (const match of line.text.matchAll(rx)) {
        out.push({ line, match: match as RegExpExecArray, words: this.wordsInRange(line, match.index, match.index + match[0].length) });
      }
    }
    return out;
  }

  /** The nearest line to the right of `line`, on the same row. */
  lineRightOf(line: Line): Line | undefined {
    const right = line.box.Left + line.box.Width;
    return this.lines
      // (a colon an engine gave as a line of its own between the key and the value is no value)
      .filter((l) => l.page === line.page && l !== line && l.box.Left >= right - 0.01 && verticalOverlap(l.box, line.box) >= 0.5 && !/^[\s:：\-–]*$/.test(l.text))
      .sort((a, b) => a.box.Left - b.box.Left)[0];
  }

  /**
   * The nearest line below `line` in the same column (horizontal overlap, or starting close to
   * the label's left edge), within `maxGap` line-heights.
   */
  lineBelow(line: Line, maxGap = 3): Line | undefined {
    const bottom = line.box.Top + line.box.Height;
    const h = Math.max(line.box.Height, 0.005);
    return this.lines
      .filter(
        (l) =>
          l.page === line.page &&
          l !== line &&
          l.box.Top >= bottom - h * 0.5 &&
          l.box.Top - bottom <= h * maxGap &&
          (xOverlap(l.box, line.box) > 0 || Math.abs(l.box.Left - line.box.Left) < 0.05),
      )
      .sort((a, b) => a.box.Top - b.box.Top || a.box.Left - b.box.Left)[0];
  }

  /** Up to `n` lines following `line` in reading order (same page). */
  linesAfter(line: Line, n: number): Line[] {
    return this.lines.filter((l) => l.page === line.page && l.index > line.index).slice(0, n);
  }

  /** Up to `n` lines preceding `line` in reading order (same page), nearest first. */
  linesBefore(line: Line, n: number): Line[] {
    return this.lines
      .filter((l) => l.page === line.page && l.index < line.index)
      .reverse()
      .slice(0, n);
  }

  /**
   * The value for a label such as /\bDOB\b/ or /Invoice\s*No/: text after the label on the same
   * line, else the line to its right, else the line(s) below. Returns the first candidate that
   * passes `pattern`, over all lines carrying the label.
   */
  labelValue(label: RegExp, opts: LabelOptions = {}): LabelledValue | undefined {
    const via = opts.via ?? ['same-line', 'right', 'below'];
    // 1. A key-value pair of the layout whose key is this label.
    const asVia: Record<PairSource, ValueSource> = { colon: 'same-line', beside: 'right', below: 'below', textract: 'right' };
    for (const p of this.layout.find([label])) {
      const where = asVia[p.via];
      if (!via.includes(where) && !(where === 'right' && via.includes('same-line'))) continue;
      const seg = p.valueSegment;
      const hit = seg
        ? this.valueIn(seg.line, p.via === 'colon' ? Math.max(seg.start, ...p.keyWords.map((w) => w.end)) : seg.start, opts, seg.end)
        : this.textValue(p, opts);
      if (hit) return { ...hit, labelLine: p.keySegment?.line ?? hit.line, via: where, fromPair: true };
    }
    if (opts.pairsOnly) return undefined;
    // 2. The label inside a line (not inside a sentence, and as whole words).
    for (const { line: labelLine, match } of this.findLines(label)) {
      let end = match.index + match[0].length;
      // In a sentence a label is a key only when it leads it and the sentence does not run on in
      // lower case: "dealer name and address above must match" names the field, it does not give it.
      if (this.layout.isProseLine(labelLine) && (!this.leadsCell(labelLine, match.index) || /^\s*\p{Ll}/u.test(labelLine.text.slice(end)))) continue;
      if (/\p{L}$/u.test(match[0]) && /^\p{L}/u.test(labelLine.text.slice(end))) continue;
      // "Dealer's Signature & Stamp", "Name of Card Holder": the label word heads a longer key
      // (a possessive or an "of" phrase), so it is not this key.
      if (/^(?:['’]s\b|\s+of\b)/i.test(labelLine.text.slice(end))) continue;
      // "Name as per Aadhaar", "Name on PAN": the record qualifier is part of the key, the value comes after it.
      end += KEY_RECORD_QUALIFIER.exec(labelLine.text.slice(end))?.[0].length ?? 0;
      for (const where of via) {
        const candidates: { line: Line; from: number; to?: number }[] = [];
        if (where === 'same-line') {
          // the label's own cell first, then the next cell of the line ("Total (incl. GST)   26,432.00")
          const cut = this.segmentEndAfter(labelLine, end);
          candidates.push({ line: labelLine, from: end, to: cut });
          if (cut < labelLine.text.length) candidates.push({ line: labelLine, from: cut, to: this.segmentEndAfter(labelLine, cut) });
        }
        if (where === 'right') {
          const r = this.lineRightOf(labelLine);
          if (r) candidates.push({ line: r, from: 0 });
        }
        if (where === 'below') {
          let cur: Line | undefined = labelLine;
          for (let i = 0; i < (opts.below ?? 1) && cur; i++) {
            cur = this.lineBelow(cur);
            if (cur) candidates.push({ line: cur, from: 0 });
          }
        }
        for (const c of candidates) {
          const hit = this.valueIn(c.line, c.from, opts, c.to);
          if (hit) return { ...hit, labelLine, via: where };
        }
      }
    }
    return undefined;
  }

  /**
   * Whether a label found at `index` of a line leads it, or leads its own cell of the line, past a
   * particular's numbering: "1. Name and Registered Office Address of the Licensee", a menu's words
   * in the next column joined before "5. Date of Liability". A label inside running text does not.
   */
  leadsCell(line: Line, index: number): boolean {
    const seg = segmentLine(line).filter((s) => s.start <= index).pop();
    return /^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)])?\s*$/i.test(line.text.slice(seg?.start ?? 0, index));
  }

  /** End of the segment holding the first non-separator character at or after `from`. */
  private segmentEndAfter(line: Line, from: number): number {
    const lead = LEADING_SEPARATORS.exec(line.text.slice(from))?.[0].length ?? 0;
    const at = from + lead;
    return segmentLine(line).find((s) => s.end > at)?.end ?? line.text.length;
  }

  /** A Textract KEY_VALUE_SET value (no segment of ours): its words as a pseudo-line. */
  private textValue(p: KeyValue, opts: LabelOptions): Omit<LabelledValue, 'labelLine' | 'via'> | undefined {
    const line = this.lines.find((l) => p.valueWords.some((w) => l.words.includes(w)));
    if (!line || !p.valueWords.length) return undefined;
    return this.valueIn(line, Math.min(...p.valueWords.map((w) => w.start)), opts, Math.max(...p.valueWords.map((w) => w.end)));
  }

  /** The value inside `line` from character `from`, shaped by pattern/stop. */
  private valueIn(line: Line, from: number, opts: LabelOptions, to = line.text.length): Omit<LabelledValue, 'labelLine' | 'via'> | undefined {
    const rest = line.text.slice(from, to);
    const lead = LEADING_SEPARATORS.exec(rest)?.[0].length ?? 0;
    let start = from + lead;
    let text = line.text.slice(start, to);
    if (opts.find) {
      const f = opts.find(text);
      if (!f) return undefined;
      start += f.index;
      text = text.slice(f.index, f.index + f.length);
    } else if (opts.pattern) {
      const m = withoutGlobal(opts.pattern).exec(text);
      if (!m) return undefined;
      const value = m[1] ?? m[0];
      const offset = m[1] !== undefined ? m.index + m[0].indexOf(m[1]) : m.index;
      start += offset;
      text = value;
    } else {
      if (opts.stop) {
        const s = withoutGlobal(opts.stop).exec(text);
        if (s) text = text.slice(0, s.index);
      }
      text = text.replace(/[\s,;:|\-–—]+$/, '');
    }
    text = text.trim();
    if (!text) return undefined;
    return { text, line, words: this.wordsInRange(line, start, start + text.length) };
  }

  /** Boxes covering characters [start, end) of a line, cut out of its word boxes. */
  boxesForRange(line: Line, start: number, end: number): PageBox[] {
    const o = this.orientation.get(line.page) ?? 'up';
    return this.wordsInRange(line, start, end).map((w) => {
      const box = subBox(w, Math.max(start, w.start), Math.min(end, w.end));
      return { page: line.page, box: o === 'up' ? box : mapBox(box, (p) => toSource(p, o)) };
    });
  }

  /**
   * Boxes covering every occurrence of a digit sequence (spaces/hyphens between digits allowed,
   * as in "2345 6789"), cut out of word boxes by character proportion. Used to mask Aadhaar digits.
   */
  digitBoxes(digits: string): PageBox[] {
    if (!/^\d+$/.test(digits)) return [];
    const out: PageBox[] = [];
    for (const line of this.lines) {
      const positions: number[] = [];
      let stream = '';
      for (let i = 0; i < line.text.length; i++) {
        if (/\d/.test(line.text[i])) {
          // a letter or punctuation other than a space/hyphen breaks the run
          stream += line.text[i];
          positions.push(i);
        } else if (!/[\s-]/.test(line.text[i])) {
          stream += '#';
          positions.push(i);
        }
      }
      let at = stream.indexOf(digits);
      while (at >= 0) {
        const start = positions[at];
        const end = positions[at + digits.length - 1] + 1;
        out.push(...this.boxesForRange(line, start, end));
        at = stream.indexOf(digits, at + 1);
      }
    }
    return out;
  }
}
