/**
 * Phonetic key of one romanised Indian name part: spellings that differ only by
 * transliteration habit (aa/a, ee/i, oo/u, sh/s, ph/f, th/t, dh/d, bh/b, w/v,
 * x/ks, doubled letters, -inder/-endra) get the same key.
 */
import { CANONICAL_VARIANT } from './nameVocabulary.ts';

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

export function isVowel(c: string): boolean {
  return VOWELS.has(c);
}

/** Canonical spelling for known variants ("mohd" -> "muhammad"), else the token itself. */
export function canonicalPart(token: string): string {
  return CANONICAL_VARIANT.get(token) ?? token;
}

/**
 * Spelling key: case, doubled letters, long vowels and look-alike letter groups folded,
 * but h kept, so an OCR misread of h (Sbarma) is still one cheap edit from Sharma.
 */
export function spellingKey(token: string): string {
  let s = token.replace(/rn/g, 'm').replace(/w/g, 'v').replace(/z/g, 'j').replace(/q/g, 'k').replace(/x/g, 'ks');
  s = s.length > 1 ? s[0] + s.slice(1).replace(/y/g, 'i') : s;
  s = s.replace(/aa/g, 'a').replace(/ee/g, 'i').replace(/oo/g, 'u');
  return s.replace(/(.)\1+/g, '$1');
}

export function phoneticKey(token: string): string {
  // "rn" is the classic OCR misread of "m"; Indian names almost never need the pair.
  let s = canonicalPart(token).replace(/rn/g, 'm');
  // Punjabi -inder/-ender and Sanskrit -indra/-endra are one name (Surinder/Surendra).
  s = s.replace(/[ei]nd(?:e|a)r$/, 'endr').replace(/[ei]ndra$/, 'endr');
  // ज्ञ is written dny (Marathi), gy, jn or gn: Dnyaneshwar/Gyaneshwar.
  s = s.replace(/^(?:dny|jny|jn|gn)(?=[aeiou])/, 'gy');
  s = s.replace(/x/g, 'ks').replace(/q/g, 'k').replace(/z/g, 'j').replace(/w/g, 'v');
  s = s.replace(/ph/g, 'f').replace(/ck/g, 'k');
  // Aspiration is written inconsistently: drop h after a consonant (bh, dh, th, kh, gh, jh, ch, sh).
  s = s.replace(/([bcdgjkpst])h/g, '$1');
  // y after the first letter is a vowel sound (Vijay/Vijai, Murthy/Murti).
  s = s.length > 1 ? s[0] + s.slice(1).replace(/y/g, 'i') : s;
  s = s.replace(/aa/g, 'a').replace(/ee/g, 'i').replace(/oo/g, 'u').replace(/au|ou/g, 'o').replace(/ai/g, 'e');
  // Doubled letters (Pillai/Pilai, Hassan/Hasan).
  s = s.replace(/(.)\1+/g, '$1');
  return s;
}
