/**
 * Where a field's value was read, for a reviewer to check it against the image: the page and the
 * box around the words used, normalised to the page (0..1, origin top-left, Textract's
 * convention). Stored with each field; shown only on request (`evidence=true`, docs/document-fields.md).
 */
import { unionBox, type BoundingBox, type TextOrientation, type Word } from '../documents/blocks.ts';

export interface FieldEvidence {
  /** 1-based page number. */
  page: number;
  bounding_box: { left: number; top: number; width: number; height: number };
}

/** 1e-4 of a page is a fifth of a pixel on a 2,000-pixel scan: finer digits only cost bytes. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** Words without geometry carry an empty box; they say nothing about where the value is. */
const hasArea = (b: BoundingBox) => b.Width > 0 && b.Height > 0;

/**
 * The union of the words' boxes on the first page they are on (a value spanning a page break is
 * pointed at where it starts); undefined when no word has geometry (signals, counts, defaults).
 */
export function evidenceOf(words: readonly Pick<Word, 'box' | 'page'>[]): FieldEvidence | undefined {
  const placed = words.filter((w) => hasArea(w.box));
  if (!placed.length) return undefined;
  const page = Math.min(...placed.map((w) => w.page));
  const u = unionBox(placed.filter((w) => w.page === page).map((w) => w.box));
  // OCR boxes may overhang the page edge slightly; a box is kept inside the page.
  const left = clamp(u.Left);
  const top = clamp(u.Top);
  return {
    page,
    bounding_box: {
      left: round(left),
      top: round(top),
      width: round(clamp(u.Left + u.Width) - left),
      height: round(clamp(u.Top + u.Height) - top),
    },
  };
}

/**
 * A box of the upright reading frame (the document model turns sideways and upside-down pages
 * upright) back on the page as uploaded, where a reviewer sees it. Exact for axis-aligned boxes:
 * a quarter turn swaps width and height.
 */
export function onUploadedPage(e: FieldEvidence, orientation: TextOrientation = 'up'): FieldEvidence {
  const { left: l, top: t, width: w, height: h } = e.bounding_box;
  const box =
    orientation === 'ccw' ? { left: t, top: 1 - (l + w), width: h, height: w }
    : orientation === 'down' ? { left: 1 - (l + w), top: 1 - (t + h), width: w, height: h }
    : orientation === 'cw' ? { left: 1 - (t + h), top: l, width: h, height: w }
    : e.bounding_box;
  return { page: e.page, bounding_box: { left: round(box.left), top: round(box.top), width: round(box.width), height: round(box.height) } };
}

/**
 * Every field of an extraction with its evidence on the page as uploaded, given how each page of
 * the document model was turned. Fields without evidence are returned as they are.
 */
export function evidenceOnUploadedPages<F extends { evidence?: FieldEvidence }>(
  data: Record<string, F>,
  orientation: ReadonlyMap<number, TextOrientation>,
): Record<string, F> {
  const out: Record<string, F> = {};
  for (const [name, f] of Object.entries(data)) {
    const o = f.evidence ? (orientation.get(f.evidence.page) ?? 'up') : 'up';
    out[name] = f.evidence && o !== 'up' ? { ...f, evidence: onUploadedPage(f.evidence, o) } : f;
  }
  return out;
}
