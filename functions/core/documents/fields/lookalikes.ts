/**
 * Letters OCR reads where a digit was printed (O/o for 0, I/l for 1, S for 5, B for 8, Z for 2):
 * number tokens are matched with these allowed, then read back to digits and checked.
 */
export const DIGIT_LOOKALIKES = 'OoIlSBZ';
/** One digit or its look-alike, as a regular-expression character class. */
export const DIGITISH = `[0-9${DIGIT_LOOKALIKES}]`;
/** The same with a bar, which tesseract reads for a 1 in large type. */
export const DIGITISH_OR_BAR = `[0-9${DIGIT_LOOKALIKES}|]`;

/** The digits a run of digits and look-alikes stood for. */
export function lookalikesToDigits(s: string): string {
  return s.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2');
}
