/**
 * Indian mobile numbers as read from documents: "+91 98765-43210", "098765 43210",
 * "0091 9876543210" all normalise to "9876543210".
 */

/** Letters OCR reads in place of digits inside a number. */
const DIGIT_LOOK_ALIKE: Record<string, string> = { o: '0', d: '0', q: '0', i: '1', l: '1', '|': '1', s: '5', b: '8', z: '2', g: '9' };

/** Digits OCR confuses with each other; a difference here is more likely a misread than another number. */
const CONFUSABLE_DIGITS = new Set(['0|8', '1|7', '3|8', '5|6', '6|8', '0|6', '0|9', '4|9', '1|4', '5|9']);

/** A 10-digit Indian mobile number starting 6-9. */
export function isIndianMobile(digits: string): boolean {
  return /^[6-9]\d{9}$/.test(digits);
}

/**
 * Digits of the subscriber number: country code (+91, 0091, 91 before 10 digits) and trunk
 * prefix 0 removed; spaces, dashes, brackets dropped. Best effort: when no rule applies the
 * remaining digits are returned as they are, and '' when there are none.
 */
export function normaliseMobile(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).toLowerCase();
  // Repair look-alike letters only when the text is mostly digits (a number, not words).
  const digitCount = (text.match(/\d/g) ?? []).length;
  const repaired = digitCount >= 7 ? text.replace(/[odqilsbzg|]/g, (c) => DIGIT_LOOK_ALIKE[c] ?? c) : text;
  let digits = repaired.replace(/\D/g, '');
  if (digits.startsWith('0091') && digits.length === 14) digits = digits.slice(4);
  else if (digits.startsWith('910') && digits.length === 13) digits = digits.slice(3);
  else if (digits.startsWith('91') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 11) digits = digits.slice(1);
  return digits;
}

/**
 * 100 for the same number, 0 for different numbers. A one-digit difference scores
 * 70 when the digits are OCR look-alikes and 50 otherwise; two adjacent digits swapped
 * score 50. These partial scores stay below a pass so that a reviewer sees them.
 */
export function mobileSimilarity(a: unknown, b: unknown): number {
  const x = normaliseMobile(a);
  const y = normaliseMobile(b);
  if (!x || !y) return 0;
  if (x === y) return 100;
  if (x.length !== y.length) return 0;
  const diffs: number[] = [];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diffs.push(i);
  if (diffs.length === 1) {
    const [p, q] = [x[diffs[0]], y[diffs[0]]].sort();
    return CONFUSABLE_DIGITS.has(`${p}|${q}`) ? 70 : 50;
  }
  if (diffs.length === 2 && diffs[1] === diffs[0] + 1 && x[diffs[0]] === y[diffs[1]] && x[diffs[1]] === y[diffs[0]]) return 50;
  return 0;
}
