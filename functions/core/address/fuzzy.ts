/**
 * Edit-distance matching of names (states, cities, the country) written with keyboard slips:
 * `Indua`, `Tail Nadu`, `Uttar Pardesh`, `Maharahstra`, `Bhopak`. Names are few and short, so a
 * bounded optimal-string-alignment distance (Levenshtein plus swapped neighbours, each one edit)
 * is computed directly; callers keep its results in memos.
 */

// Three rows of the table, reused (matching is synchronous).
let r0 = new Int32Array(32);
let r1 = new Int32Array(32);
let r2 = new Int32Array(32);

/**
 * Whether `a` and `b` are within `max` edits, counting a swap of two neighbouring letters as one
 * edit (`maharahstra` / `maharashtra`). Exits early once every path exceeds `max`.
 */
export function withinTypos(a: string, b: string, max: number): boolean {
  return typoDistance(a, b, max) <= max;
}

/** The optimal-string-alignment distance of `a` and `b`, or `max + 1` once it exceeds `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (n + 1 > r0.length) {
    r0 = new Int32Array(2 * (n + 1));
    r1 = new Int32Array(2 * (n + 1));
    r2 = new Int32Array(2 * (n + 1));
  }
  // pp: row i-2, prev: row i-1, cur: row i.
  let pp = r0;
  let prev = r1;
  let cur = r2;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && pp[j - 2] + 1 < v) v = pp[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = pp;
    pp = prev;
    prev = cur;
    cur = t;
  }
  return prev[n] <= max ? prev[n] : max + 1;
}

/**
 * Edits a misspelt name of this length may carry and still be taken for the name: none below 5
 * letters (`goa`, `ap`, `pune` stay exact: too many short words lie one edit apart), one up to
 * 7 letters, two from 8.
 */
export function typoBudget(len: number): number {
  return len < 5 ? 0 : len < 8 ? 1 : 2;
}

/** A list of names searchable by approximate spelling, bucketed by first letter and length. */
export interface NameIndex {
  buckets: Map<number, string[]>;
}

const bucketOf = (first: number, len: number): number => first * 256 + len;

export function nameIndex(names: Iterable<string>): NameIndex {
  const buckets = new Map<number, string[]>();
  for (const n of names) {
    const b = bucketOf(n.charCodeAt(0), n.length);
    const list = buckets.get(b);
    if (list) {
      if (!list.includes(n)) list.push(n);
    } else buckets.set(b, [n]);
  }
  return { buckets };
}

/**
 * The name of `index` that `written` most likely misspells (fewest edits within the budget of
 * the shorter of the two, first letter kept), or null; `keys` maps names to the place they name
 * (two spellings of one place are no ambiguity). Exact matches are the caller's job.
 */
export function closestName(written: string, index: NameIndex, keys: ReadonlyMap<string, string>): string | null {
  const budget = typoBudget(written.length);
  if (!budget) return null;
  const c0 = written.charCodeAt(0);
  let best = budget + 1;
  let found: string | null = null;
  let tie = false;
  for (let len = written.length - budget; len <= written.length + budget; len++) {
    const list = index.buckets.get(bucketOf(c0, len));
    if (!list) continue;
    const allowed = Math.min(budget, typoBudget(Math.min(len, written.length)));
    for (let i = 0; i < list.length; i++) {
      const name = list[i];
      const d = typoDistance(written, name, Math.min(allowed, best));
      if (d > allowed || d > best) continue;
      if (d < best) {
        best = d;
        found = name;
        tie = false;
      } else if (keys.get(name) !== keys.get(found!)) tie = true;
    }
  }
  // Two names of different places equally close: the writing is ambiguous, take neither.
  return tie ? null : found;
}

/** closestName over a short list of names (the pincode's districts, its state's names). */
export function closestAmong(written: string, names: readonly string[], keys: ReadonlyMap<string, string>): string | null {
  const budget = typoBudget(written.length);
  if (!budget) return null;
  const c0 = written.charCodeAt(0);
  let best = budget + 1;
  let found: string | null = null;
  let tie = false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name.charCodeAt(0) !== c0 || Math.abs(name.length - written.length) > budget) continue;
    const allowed = Math.min(budget, typoBudget(Math.min(name.length, written.length)));
    const d = typoDistance(written, name, Math.min(allowed, best));
    if (d > allowed || d > best) continue;
    if (d < best) {
      best = d;
      found = name;
      tie = false;
    } else if (keys.get(name) !== keys.get(found!)) tie = true;
  }
  return tie ? null : found;
}
