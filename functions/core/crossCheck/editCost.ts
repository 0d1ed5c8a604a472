/**
 * Weighted edit cost between two phonetic keys (optimal string alignment).
 * Edits that transliteration or OCR produce are cheap; a changed consonant,
 * which usually means another name (Rajesh/Ramesh), costs a full edit.
 */
import { isVowel } from './phoneticKey.ts';

/** Letter pairs OCR confuses in printed names (both cases), scored lightly. */
const LOOK_ALIKE = new Set(['c|e', 'i|l', 'i|j', 'u|v', 'b|h', 'd|o', 'o|q', 'e|f', 'c|g', 'b|v']);

function substitutionCost(a: string, b: string, isLast: boolean): number {
  if (a === b) return 0;
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  if (LOOK_ALIKE.has(key)) return 0.4;
  // A final vowel often marks gender (Sona/Sonu), so only inner vowels are cheap.
  if (isVowel(a) && isVowel(b)) return isLast ? 1 : 0.6;
  return 1;
}

function indelCost(c: string, isLast: boolean): number {
  // A final e is often silent (Rathore/Rathor); a final a/i/u/o marks gender (Arun/Aruna).
  if (isVowel(c)) return isLast && c !== 'e' ? 1 : 0.5;
  if (c === 'h') return 0.5;
  return 1;
}

export function editCost(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) d[i][0] = d[i - 1][0] + indelCost(a[i - 1], i === n);
  for (let j = 1; j <= m; j++) d[0][j] = d[0][j - 1] + indelCost(b[j - 1], j === m);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const last = i === n || j === m;
      let best = Math.min(
        d[i - 1][j] + indelCost(a[i - 1], i === n),
        d[i][j - 1] + indelCost(b[j - 1], j === m),
        d[i - 1][j - 1] + substitutionCost(a[i - 1], b[j - 1], last && i === n && j === m),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && a[i - 1] !== a[i - 2]) {
        best = Math.min(best, d[i - 2][j - 2] + 0.5);
      }
      d[i][j] = best;
    }
  }
  return d[n][m];
}
