import type { Block } from '../documents/blocks.ts';

/**
 * UIDAI rules forbid keeping full Aadhaar numbers outside a vault, so OCR output of an Aadhaar card
 * is stored only after this pass: every 12-digit number (spaced or not) keeps its last 4 digits,
 * on lines and on the words that make them up.
 */
/**
 * Digits as OCR reads them: look-alike letters stand for digits (the extractor repairs them, so
 * the masking must catch them too). A run counts only with at least 8 real digits, so words made
 * of look-alike letters stay as they are.
 */
const D = '[0-9OoIlSBZ|]';
const NUMBER = new RegExp(`(?<![0-9A-Za-z])(${D}{4})[ -]?(${D}{4})[ -]?(${D}{4})(?![0-9A-Za-z])`, 'g');
const realDigits = (s: string) => (s.match(/[0-9]/g) ?? []).length;

export function maskAadhaarText(text: string): string {
  return text.replace(NUMBER, (m, _a, _b, last: string) => (realDigits(m) >= 8 ? `XXXX XXXX ${last}` : m));
}

export function maskAadhaarBlocks(blocks: Block[]): Block[] {
  const byId = new Map(blocks.map((b) => [b.Id, b]));
  const maskedWords = new Set<string>();
  for (const line of blocks) {
    if (line.BlockType !== 'LINE' || !line.Text || maskAadhaarText(line.Text) === line.Text) continue;
    // Words of the line that hold the first 8 digits: any all-digit word before the last group.
    const children = (line.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids ?? []);
    const digitWords = children.filter((id) => new RegExp(`^${D}+$`).test(byId.get(id)?.Text ?? '') && /[0-9]/.test(byId.get(id)?.Text ?? ''));
    let kept = 0;
    for (let i = digitWords.length - 1; i >= 0; i--) {
      const text = byId.get(digitWords[i])!.Text!;
      if (kept >= 4) maskedWords.add(digitWords[i]);
      kept += text.length;
      if (kept > 4 && text.length > 4) maskedWords.add(digitWords[i]);
    }
  }
  return blocks.map((b) => {
    if (!b.Text) return b;
    if (maskedWords.has(b.Id)) return { ...b, Text: b.Text.length === 12 ? maskAadhaarText(b.Text).replace(/ /g, '') : 'X'.repeat(b.Text.length) };
    const masked = maskAadhaarText(b.Text);
    return masked === b.Text ? b : { ...b, Text: masked };
  });
}
