/**
 * Phonetic folding of romanised Indian words: the same name written by different hands
 * (transliteration variants, dropped vowels) reduces to one consonant skeleton.
 */

// Scratch buffer of skeleton's passes (the scorer is synchronous): no array per word.
let skBuf = new Uint16Array(64);

/**
 * Consonant skeleton: folds transliteration variants (aa/a, w/v, sh/s, x/ksh, b/v, dropped
 * vowels), so `laxmi` / `lakshmi`, `vishnu` / `bishnu`, `enclawe` / `enclave` agree.
 */
export function skeleton(t: string): string {
  // The rules, in order: ph->f, w->v, z->j, q->k, x->ks, ck->k, [bcdgkpst]h->[bcdgkpst], b->v,
  // y->i, vowels after the first letter dropped, runs of one letter folded. Done as passes over
  // char codes (seven regex replaces per word were the cold path's main cost). The one-letter
  // maps (w, z, q, y, x) touch no letter of the pair rules, so they run in the first pass; b->v
  // runs after the pair rules (bh -> b -> v).
  if (2 * t.length > skBuf.length) skBuf = new Uint16Array(4 * t.length);
  const a = skBuf;
  let len = 0;
  for (let i = 0; i < t.length; i++) {
    let c = t.charCodeAt(i);
    if (c === 112 && t.charCodeAt(i + 1) === 104) {
      c = 102; // ph -> f
      i++;
    } else if (c === 119) c = 118; // w -> v
    else if (c === 122) c = 106; // z -> j
    else if (c === 113) c = 107; // q -> k
    else if (c === 121) c = 105; // y -> i
    else if (c === 120) {
      a[len++] = 107; // x -> ks (Devanagari ksha written "x": laxmi / lakshmi)
      c = 115;
    }
    a[len++] = c;
  }
  let n = 0;
  for (let i = 0; i < len; i++) {
    if (a[i] === 99 && i + 1 < len && a[i + 1] === 107) continue; // ck -> k (the k is kept next)
    a[n++] = a[i];
  }
  len = n;
  n = 0;
  for (let i = 0; i < len; i++) {
    const c = a[i];
    a[n++] = c;
    // b c d g k p s t followed by h: the h is dropped.
    if (i + 1 < len && a[i + 1] === 104 && (c === 98 || c === 99 || c === 100 || c === 103 || c === 107 || c === 112 || c === 115 || c === 116)) i++;
  }
  len = n;
  let out = '';
  let prev = -1;
  for (let i = 0; i < len; i++) {
    let c = a[i];
    if (c === 98) c = 118; // b -> v (Bengali and Odia write v as b: vishnu / bishnu)
    if (i > 0 && (c === 97 || c === 101 || c === 105 || c === 111 || c === 117)) continue; // vowels
    if (c !== prev) out += String.fromCharCode(c);
    prev = c;
  }
  return out;
}

