/**
 * Two OCR readings of one page fused line by line and word by word: the characters of one
 * reading (the "letters" reading: PaddleOCR reads receipt print with fewer character errors)
 * and the word boundaries of the other (the "spaces" reading: tesseract keeps the spaces
 * PaddleOCR drops, `81100JOHORBAHRU`, `25/12/20188:13:39PM`).
 *
 * For each line of the letters reading, the words of the spaces reading whose centres fall in
 * it are taken left to right and both texts, spaces removed, are aligned character by
 * character (edit distance). A space goes where either reading has one. Where the two readings
 * read a character differently, the one that keeps its word's class wins (the class all the
 * word's agreed characters share, else its neighbours': `Ja1an`, `551OO`); otherwise the letters
 * reading's character is kept unless the spaces reading read its word with clearly higher
 * confidence. Lines that align badly (more than half
 * of their characters differ: another row, a logo read as text) keep the letters reading as it
 * is. Words of the spaces reading that no line of the letters reading covers are dropped (on
 * receipts they were mostly noise: keeping those read at 80+ cost a field on the SROIE tuning half).
 * Text is NFKC-normalised: PaddleOCR reads some punctuation as full-width forms (`（`, `：`).
 * A page photographed sideways or upside down is fused in its upright reading frame (the
 * orientation the letters reading's lines show, blocks.ts) and reported in the frame it was
 * uploaded in: fused across the image as uploaded, its lines' characters were paired out of order.
 *
 * A fused word's confidence is the higher of the two readings' when they read it alike and the
 * lower when they did not, so field confidence follows the agreement of the engines.
 */
import { mapBox, pageOrientation, toSource, toUpright, type Block, type BoundingBox, type Point, type TextOrientation } from './blocks.ts';

interface RWord { text: string; conf: number; box: BoundingBox }
interface RLine { text: string; conf: number; box: BoundingBox; poly: Point[]; words: RWord[]; page: number }

export interface FuseOptions {
  /** Prefer the spaces reading's character when its word's confidence exceeds the letters line's by this much (0..100). Default 15. */
  preferSpacesBy?: number;
  /** Prefix for the fused Blocks' Ids. Default 'f'. */
  idPrefix?: string;
}

/**
 * A reading's lines and words with their boxes in each page's upright reading frame (`orientation`,
 * per page): the fusion pairs characters left to right along a line, which on a page photographed
 * sideways runs up or down the image as uploaded.
 */
function readLines(blocks: readonly Block[], orientation: (page: number) => TextOrientation): RLine[] {
  const byId = new Map(blocks.map((b) => [b.Id, b]));
  const out: RLine[] = [];
  for (const b of blocks) {
    if (b.BlockType !== 'LINE' || !b.Geometry) continue;
    const page = b.Page ?? 1;
    const o = orientation(page);
    const upright = (box: BoundingBox) => mapBox(box, (q) => toUpright(q, o));
    const ids = b.Relationships?.find((r) => r.Type === 'CHILD')?.Ids ?? [];
    const words = ids.map((id) => byId.get(id)).filter((w): w is Block => !!w && w.BlockType === 'WORD' && !!w.Text && !!w.Geometry)
      .map((w) => ({ text: w.Text!.normalize('NFKC'), conf: w.Confidence ?? 0, box: upright(w.Geometry!.BoundingBox) }));
    if (!words.length) continue;
    const bb = upright(b.Geometry.BoundingBox);
    // (an upright line keeps its own polygon: a page turned a few degrees slants it)
    const poly = o === 'up' && b.Geometry.Polygon?.length === 4 ? b.Geometry.Polygon : boxPoly(bb);
    out.push({ text: words.map((w) => w.text).join(' '), conf: b.Confidence ?? 0, box: bb, poly, words, page });
  }
  return out;
}

/** Each page's orientation as the letters reading's lines show it (blocks.ts, pageOrientation). */
function orientations(blocks: readonly Block[]): (page: number) => TextOrientation {
  const byPage = new Map<number, { text: string; box: BoundingBox }[]>();
  for (const b of blocks) {
    if (b.BlockType !== 'LINE' || !b.Geometry) continue;
    const page = b.Page ?? 1;
    if (!byPage.has(page)) byPage.set(page, []);
    byPage.get(page)!.push({ text: b.Text ?? '', box: b.Geometry.BoundingBox });
  }
  const found = new Map([...byPage].map(([page, lines]) => [page, pageOrientation(lines)]));
  return (page) => found.get(page) ?? 'up';
}

/** Edit-distance alignment of two strings: pairs of indexes, -1 where one side has no character. */
export function alignChars(a: string, b: string): [number, number][] {
  const n = a.length;
  const m = b.length;
  const d = Array.from({ length: n + 1 }, (_, i) => new Uint16Array(m + 1).map((_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j - 1] + sub, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  const pairs: [number, number][] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1)) pairs.push([--i, --j]);
    else if (i > 0 && d[i][j] === d[i - 1][j] + 1) pairs.push([--i, -1]);
    else pairs.push([-1, --j]);
  }
  return pairs.reverse();
}

const centre = (b: BoundingBox) => ({ x: b.Left + b.Width / 2, y: b.Top + b.Height / 2 });
const inside = (p: { x: number; y: number }, b: BoundingBox) => p.x >= b.Left && p.x <= b.Left + b.Width && p.y >= b.Top && p.y <= b.Top + b.Height;

/**
 * A fused character; `box`: across, its share of the spaces reading's word it aligned with (that
 * reading's geometry shows column gaps); up and down, the letters reading's word (tesseract's box
 * for a smudge it read as a word can be two lines tall, and it would push the line out of order).
 */
interface FusedChar { ch: string; conf: number; agreed: boolean; spaceAfter: boolean; box?: BoundingBox }

/** One letters line with the spaces reading's words inside it: characters, spaces and agreement. */
function fuseLine(line: RLine, words: RWord[], preferBy: number): FusedChar[] {
  const lettersConf = line.conf;
  const p: { ch: string; space: boolean; box: BoundingBox }[] = [];
  for (const w of line.words) {
    const n = [...w.text].length;
    [...w.text].forEach((ch, k) => p.push({ ch, space: false, box: { Left: w.box.Left + (w.box.Width * k) / n, Top: w.box.Top, Width: w.box.Width / n, Height: w.box.Height } }));
    if (p.length) p[p.length - 1].space = true;
  }
  const t: { ch: string; space: boolean; conf: number; box: BoundingBox }[] = [];
  for (const w of words) {
    const n = w.text.length;
    [...w.text].forEach((ch, k) => t.push({ ch, space: false, conf: w.conf, box: { Left: w.box.Left + (w.box.Width * k) / n, Top: w.box.Top, Width: w.box.Width / n, Height: w.box.Height } }));
    if (t.length) t[t.length - 1].space = true;
  }
  const plain = (): FusedChar[] => p.map((c) => ({ ch: c.ch, conf: lettersConf, agreed: false, spaceAfter: c.space }));
  if (!t.length) return plain();
  const P = p.map((c) => c.ch).join('');
  const T = t.map((c) => c.ch).join('');
  const pairs = alignChars(P, T);
  const edits = pairs.filter(([i, j]) => i < 0 || j < 0 || P[i].toLowerCase() !== T[j].toLowerCase()).length;
  if (edits > 0.5 * Math.max(P.length, T.length)) return plain();
  const wordClass = agreedWordClasses(pairs, P, T, p, t);
  const out: FusedChar[] = [];
  for (const [k, [i, j]] of pairs.entries()) {
    if (i >= 0) {
      const same = j >= 0 && P[i].toLowerCase() === T[j].toLowerCase();
      // Neighbours inside the word only: a space in either reading ends it.
      const before = i > 0 && !p[i - 1].space && !(j > 0 && t[j - 1].space) ? P[i - 1] : undefined;
      const after = !p[i].space && !(j >= 0 && t[j].space) ? P[i + 1] : undefined;
      const fitP = j >= 0 && !same ? fitsWord(wordClass[k], before, after, P[i]) : 0;
      const fitT = j >= 0 && !same ? fitsWord(wordClass[k], before, after, T[j]) : 0;
      const useT = j >= 0 && !same && (fitT > fitP || (fitT === fitP && t[j].conf >= lettersConf + preferBy));
      out.push({ ch: useT ? T[j] : P[i], conf: j >= 0 ? (same ? Math.max(lettersConf, t[j].conf) : Math.min(lettersConf, t[j].conf)) : Math.min(lettersConf, 50), agreed: same, spaceAfter: p[i].space || (j >= 0 && t[j].space), box: j >= 0 ? { Left: t[j].box.Left, Width: t[j].box.Width, Top: p[i].box.Top, Height: p[i].box.Height } : undefined });
    } else if (out.length && t[j].space) {
      // A character only the spaces reading has: not kept, but the word boundary after it is.
      out[out.length - 1].spaceAfter = true;
    }
  }
  return out;
}

type CharClass = 'letter' | 'digit' | 'other';
const classOf = (ch: string | undefined): CharClass | undefined => (ch === undefined ? undefined : /\p{L}/u.test(ch) ? 'letter' : /\p{N}/u.test(ch) ? 'digit' : 'other');

/**
 * How well a candidate character fits its neighbours inside the word: 2 when its class (letter,
 * digit) is that of both, 1 of one, 0 of none. Look-alike
 * misreads break the class of their word (`Ja1an`, `411S0`); the reading that keeps it wins.
 */
export function fitsNeighbours(before: string | undefined, after: string | undefined, candidate: string): number {
  const c = classOf(candidate);
  if (c === 'other') return 0;
  return [classOf(before), classOf(after)].filter((n) => n === c).length;
}

/**
 * For each aligned pair, the one class (letter, digit) that all characters of its word read alike
 * by both readings share, when at least two do; undefined for a mixed word ("PT15944"). Two
 * misreads side by side vouch for each other as neighbours (`551OO` for `55100`); the characters
 * both readings agree on do not.
 */
function agreedWordClasses(pairs: [number, number][], P: string, T: string, p: { space: boolean }[], t: { space: boolean }[]): (CharClass | undefined)[] {
  const word: number[] = [];
  let w = 0;
  for (const [i, j] of pairs) {
    word.push(w);
    if ((i >= 0 && p[i].space) || (j >= 0 && t[j].space)) w++;
  }
  const seen = new Map<number, CharClass[]>();
  pairs.forEach(([i, j], k) => {
    if (i >= 0 && j >= 0 && P[i].toLowerCase() === T[j].toLowerCase()) seen.set(word[k], [...(seen.get(word[k]) ?? []), classOf(P[i])!]);
  });
  return word.map((wk) => {
    const cls = (seen.get(wk) ?? []).filter((c) => c !== 'other');
    return cls.length >= 2 && cls.every((c) => c === cls[0]) ? cls[0] : undefined;
  });
}

/** A candidate's fit: its word's agreed class when the word has one (3 or 0), else its neighbours' (0..2). */
function fitsWord(wordClass: CharClass | undefined, before: string | undefined, after: string | undefined, candidate: string): number {
  if (wordClass) return classOf(candidate) === wordClass ? 3 : 0;
  return fitsNeighbours(before, after, candidate);
}

const lerp = (a: Point, b: Point, f: number): Point => ({ X: a.X + (b.X - a.X) * f, Y: a.Y + (b.Y - a.Y) * f });

const boxPoly = (b: BoundingBox): Point[] => [{ X: b.Left, Y: b.Top }, { X: b.Left + b.Width, Y: b.Top }, { X: b.Left + b.Width, Y: b.Top + b.Height }, { X: b.Left, Y: b.Top + b.Height }];

function unionOf(boxes: BoundingBox[]): BoundingBox {
  const left = Math.min(...boxes.map((b) => b.Left));
  const top = Math.min(...boxes.map((b) => b.Top));
  return { Left: left, Top: top, Width: Math.max(...boxes.map((b) => b.Left + b.Width)) - left, Height: Math.max(...boxes.map((b) => b.Top + b.Height)) - top };
}

function polyBox(poly: Point[]): BoundingBox {
  const xs = poly.map((q) => q.X);
  const ys = poly.map((q) => q.Y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { Left: left, Top: top, Width: Math.max(...xs) - left, Height: Math.max(...ys) - top };
}

/**
 * The fused reading as Blocks (PAGE, LINE, WORD per page, Textract's shape): see the module note.
 * `letters`: the reading whose characters are kept; `spaces`: the reading whose word boundaries are.
 */
export function fuseReadings(letters: readonly Block[], spaces: readonly Block[], opts: FuseOptions = {}): Block[] {
  const preferBy = opts.preferSpacesBy ?? 15;
  const prefix = opts.idPrefix ?? 'f';
  const orientation = orientations(letters);
  const lLines = readLines(letters, orientation);
  const sLines = readLines(spaces, orientation);
  const pages = [...new Set([...lLines, ...sLines].map((l) => l.page))].sort((a, b) => a - b);
  const out: Block[] = [];
  for (const page of pages) {
    const mine = lLines.filter((l) => l.page === page);
    const sWords = sLines.filter((l) => l.page === page).flatMap((l) => l.words);
    // Each word of the spaces reading goes to the letters line that holds its centre (the smaller one if two do).
    const owner = sWords.map((w) => {
      const c = centre(w.box);
      let best = -1;
      for (let k = 0; k < mine.length; k++) if (inside(c, mine[k].box) && (best < 0 || mine[k].box.Height * mine[k].box.Width < mine[best].box.Height * mine[best].box.Width)) best = k;
      return best;
    });
    const pageBlock: Block = { BlockType: 'PAGE', Id: `${prefix}p${page}`, Page: page, Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 }, Polygon: [{ X: 0, Y: 0 }, { X: 1, Y: 0 }, { X: 1, Y: 1 }, { X: 0, Y: 1 }] }, Relationships: [{ Type: 'CHILD', Ids: [] }] };
    out.push(pageBlock);
    const lines: { top: number; left: number; blocks: Block[] }[] = [];
    // Fused in the upright frame, emitted in the uploaded one as engines report it (each polygon from the text's own top-left corner).
    const o = orientation(page);
    const geometry = (poly: Point[]) => {
      const source = poly.map((q) => toSource(q, o));
      return { BoundingBox: polyBox(source), Polygon: source };
    };
    const emit = (words: { text: string; conf: number; poly: Point[] }[], lineConf: number, linePoly: Point[]) => {
      if (!words.length) return;
      const id = `${prefix}p${page}-l${lines.length}`;
      const wordBlocks: Block[] = words.map((w, k) => ({ BlockType: 'WORD', Id: `${id}-w${k}`, Text: w.text, Confidence: w.conf, TextType: 'PRINTED', Page: page, Geometry: geometry(w.poly) }));
      const box = polyBox(linePoly);
      lines.push({ top: box.Top, left: box.Left, blocks: [{ BlockType: 'LINE', Id: id, Text: words.map((w) => w.text).join(' '), Confidence: lineConf, Page: page, Geometry: geometry(linePoly), Relationships: [{ Type: 'CHILD', Ids: wordBlocks.map((w) => w.Id) }] }, ...wordBlocks] });
    };
    mine.forEach((line, k) => {
      const words = sWords.filter((_, wi) => owner[wi] === k).sort((a, b) => a.box.Left - b.box.Left);
      const chars = fuseLine(line, words, preferBy);
      const [tl, tr, br, bl] = line.poly;
      const fused: { text: string; conf: number; poly: Point[] }[] = [];
      let at = 0;
      const total = chars.length + chars.filter((c) => c.spaceAfter).length - (chars.at(-1)?.spaceAfter ? 1 : 0);
      let cur: FusedChar[] = [];
      let start = 0;
      chars.forEach((c, ci) => {
        if (!cur.length) start = at;
        cur.push(c);
        at++;
        if (c.spaceAfter || ci === chars.length - 1) {
          const a = start / Math.max(1, total);
          const b = at / Math.max(1, total);
          const conf = Math.min(...cur.map((x) => x.conf));
          // The spaces reading's geometry where the word aligned with it (its boxes keep the gaps
          // between columns that the letters reading's joined rows lose), else a share of the line.
          const boxes = cur.flatMap((x) => (x.box ? [x.box] : []));
          const poly = boxes.length ? boxPoly(unionOf(boxes)) : [lerp(tl, tr, a), lerp(tl, tr, b), lerp(bl, br, b), lerp(bl, br, a)];
          fused.push({ text: cur.map((x) => x.ch).join(''), conf, poly });
          cur = [];
          at++;
        }
      });
      emit(fused, line.conf, boxPoly(unionOf([...fused.map((w) => polyBox(w.poly))])));
    });
    // Reading order: top to bottom, left to right within a row (as the engines give it).
    lines.sort((a, b) => a.top - b.top || a.left - b.left);
    for (const l of lines) {
      pageBlock.Relationships![0].Ids.push(l.blocks[0].Id);
      out.push(...l.blocks);
    }
  }
  return out;
}
