/**
 * Open-box photo of the asset with the customer: customer_present, number_of_faces_visible,
 * mapped from the face count the pipeline measured (opts.facesFound). Several people make the
 * document invalid: the photo must show the customer alone with the asset.
 */
import { field, type ExtractedField, type Extractor } from './common.ts';

export const extractOpenBox: Extractor = (_model, opts) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const faces = opts.facesFound;
  if (faces === undefined || !Number.isFinite(faces) || faces < 0) return { found };

  const n = Math.floor(faces);
  const score = opts.faceConfidence ?? 0.9;
  found.customer_present = field(n > 0 ? 'yes' : 'no', 1, { kind: 'signal', score });
  found.number_of_faces_visible = field(n, 1, { kind: 'signal', score });
  if (n > 1) {
    return { found, error: { code: 'INVALID_DOC', reason: `Several people are visible in the open-box image (${n} faces); exactly one customer is expected.` } };
  }
  return { found };
};
