/** Pixel boxes to Textract geometry (normalised, clamped to the page). */
import type { Geometry } from '#core/documents/blocks.ts';

export interface PixelBox { x0: number; y0: number; x1: number; y1: number }

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

export function toGeometry(box: PixelBox, pageWidth: number, pageHeight: number): Geometry {
  const left = clamp01(box.x0 / pageWidth);
  const top = clamp01(box.y0 / pageHeight);
  const right = clamp01(box.x1 / pageWidth);
  const bottom = clamp01(box.y1 / pageHeight);
  return {
    BoundingBox: { Left: left, Top: top, Width: right - left, Height: bottom - top },
    Polygon: [{ X: left, Y: top }, { X: right, Y: top }, { X: right, Y: bottom }, { X: left, Y: bottom }],
  };
}

export const FULL_PAGE: Geometry = toGeometry({ x0: 0, y0: 0, x1: 1, y1: 1 }, 1, 1);

export type QuarterTurn = 0 | 90 | 180 | 270;

/** A normalised point read on an image turned `turn` degrees clockwise, in the original frame. */
function unturn(p: { X: number; Y: number }, turn: QuarterTurn): { X: number; Y: number } {
  if (turn === 90) return { X: p.Y, Y: 1 - p.X };
  if (turn === 180) return { X: 1 - p.X, Y: 1 - p.Y };
  if (turn === 270) return { X: 1 - p.Y, Y: p.X };
  return p;
}

/**
 * Geometry read on a turned copy of the page, mapped back onto the page as uploaded (as Textract
 * reports it): the polygon keeps the text's own corner order, the box is its axis-aligned hull.
 */
export function unturnGeometry(g: Geometry, turn: QuarterTurn): Geometry {
  if (turn === 0) return g;
  const b = g.BoundingBox;
  const corners = g.Polygon ?? [
    { X: b.Left, Y: b.Top }, { X: b.Left + b.Width, Y: b.Top },
    { X: b.Left + b.Width, Y: b.Top + b.Height }, { X: b.Left, Y: b.Top + b.Height },
  ];
  const poly = corners.map((p) => unturn(p, turn));
  const xs = poly.map((p) => p.X);
  const ys = poly.map((p) => p.Y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { BoundingBox: { Left: left, Top: top, Width: Math.max(...xs) - left, Height: Math.max(...ys) - top }, Polygon: poly };
}
