/** Shops and Establishments registration: registration_number, establishment_name, address, valid_upto. */
import { cleanName, labelledAddress, labelledText, field, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { addressByLabels, anniversaryValidity, captionsUnderValues, valueOverCaption, labelledValidUpto, renewedValidity, capShortId, cleanBusinessName, finishAddress, isLabelText, notRefused, proseAddress, proseId, proseName, checkedAgainst, endorsementTableValidity, proseValidUpto, textByLabels, validityAfterGarbledLabel } from './certificate.ts';

/**
 * A registration number: letters, digits and the separators states print ("SEA/MH/500418", "868345962/M WARD/SHOP II");
 * an ampersand between letters abbreviates the Act ("S&E/PAN/3184/2025": Shops & Establishments).
 */
const REG_NO = /^([A-Za-z0-9](?:[A-Za-z0-9/\-_.)]|(?<=[A-Za-z])&(?=[A-Za-z]))*\d[A-Za-z0-9/\-_.]*(?:\s[A-Z][A-Z0-9]*\/[A-Za-z0-9/\-_. ]*[A-Z0-9])?(?:(?<=[A-Za-z])\s(?:I{1,3}|IV|VI{0,3}|IX|X|I[T1l|])(?![\w/]))?)/;
/** A ")" between letters or slashes of a registration number is a J read in bold type ("SEA/R)/458120"). */
const repairJ = (s: string) => s.replace(/(?<=[A-Za-z/])\)(?=[A-Za-z/])|(?<=[A-Z])\)(?=\/)/g, 'J');
/** A roman class suffix after the number's last word ("…/Commercial II") whose second I was read as T, 1, l or a bar. */
const repairRoman = (s: string) => s.replace(/(?<=[A-Za-z]\s)I[T1l|]$/, 'II');
/** Ceiling for a registration number read from the start of its cell when more of the cell followed it unread. */
export const CLIPPED_ID_CAP = 0.6;
/** Text left in the number's own cell after it (a suffix the pattern did not take: the number may be cut short). */
function clippedAfter(model: Parameters<Extractor>[0], value: string): boolean {
  for (const seg of model.layout.segments) {
    const at = seg.text.indexOf(value);
    if (at >= 0 && /[A-Za-z0-9]/.test(seg.text.slice(at + value.length))) return true;
  }
  return false;
}
/** The employer's or owner's own address is not the establishment's. */
const NOT_ESTABLISHMENT = /residen|employer|owner|proprietor|permanent|correspondence|home/i;
const RENEWED_UPTO = /renewed\s*(?:valid\s*)?(?:up\s*to|upto|till|until)/i;
const ADDRESS_STOP = /^\s*(?:name|nature|category|valid|date|number\s*of|employer|owner|signature|\d+\.|registration|certificate|fee|mobile|e-?mail|phone)/i;

export const extractShopAct: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const all = ['registration_number', 'establishment_name', 'address', 'valid_upto'].flatMap((f) => V(f).labels);
  const notDate = (s: string) => !!s && !/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(s);
  // Braces are never printed in a number: an OCR speck ("SEA/R}J/458120"); leaders and specks before it are skipped.
  // A dotted leader may be read as dots then a run of small letters ("..:uwsvvmssumss MYS/…"): dropped too.
  // (a cell's left rule read as a letter before the number, "I NN/BIK/Z3/2022/579557", is no part of it)
  const regOf = (s: string) => REG_NO.exec(s.replace(/[{}]/g, '').replace(/^\s*(?:[.:…·_\-]{2,}[a-z.:…·]*|[a-z.:…·]{8,})\s+/, '').replace(/^(?:[^A-Za-z0-9]+|[a-z]{1,2}\s|I\s+(?=[A-Z0-9]+[\/-]\S*\d))+/, '').trim())?.[1] ?? '';
  // A certificate filled over its captions (each value in a box, its caption under it): the cell above each caption.
  const flipped = captionsUnderValues(model);
  const over = (f: string, opts: Parameters<typeof valueOverCaption>[3]) => (flipped ? valueOverCaption(model, V(f).labels, all, opts) : undefined);
  const regOver = over('registration_number', { part: (t) => !!regOf(t) && notDate(t) });
  const reg =
    (regOver ? { ...regOver, value: regOf(String(regOver.value)) } : undefined) ??
    textByLabels(model, V('registration_number').labels, { clean: regOf, accept: notDate }) ??
    labelledText(model, V('registration_number').labels, { ...VIA, pattern: REG_NO, accept: notDate }) ??
    labelledText(model, V('registration_number').labels, { via: ['same-line'], clean: regOf, accept: notDate });
  const regProse = reg ? undefined : proseId(model, [/\b(?:registration|regn\.?|certificate|licen[cs]e)\s*(?:no\.?|number)\s*/i]);
  found.registration_number = reg ?? (regProse ? field(regProse.value, regProse.words, { kind: 'labelled' }) : undefined);
  found.registration_number = capShortId(found.registration_number);
  if (found.registration_number && typeof found.registration_number.value === 'string') {
    const fixed = repairRoman(repairJ(found.registration_number.value));
    if (fixed !== found.registration_number.value) found.registration_number = { ...found.registration_number, value: fixed, confidence_score: Math.round((found.registration_number.confidence_score - 0.05) * 1000) / 1000 };
  }
  const regValue = found.registration_number?.value;
  if (found.registration_number && typeof regValue === 'string' && regValue && clippedAfter(model, regValue)) {
    found.registration_number = { ...found.registration_number, confidence_score: Math.min(found.registration_number.confidence_score, CLIPPED_ID_CAP) };
  }
  const nameOver = over('establishment_name', { lines: 3, join: ' ', part: (t) => !/\d{4}/.test(t) });
  found.establishment_name =
    (nameOver ? { ...nameOver, value: cleanBusinessName(String(nameOver.value)) } : undefined) ??
    textByLabels(model, V('establishment_name').labels, { clean: cleanBusinessName, allLabels: all, accept: (s) => s.length >= 3 }) ??
    labelledText(model, V('establishment_name').labels, { ...VIA, stop: /\s{2,}|\baddress\b/i, clean: (s) => cleanBusinessName(cleanName(s)), accept: (s) => s.length >= 3 && !isLabelText(s, all) }) ??
    proseName(model);
  // A certificate's sentence naming the holder is a second reading of the name.
  const named = proseName(model);
  if (named && found.establishment_name !== named) found.establishment_name = checkedAgainst(found.establishment_name, named);
  // The establishment's address: pairs, wrapped keys, parts (never the employer's residence), then a sentence.
  const refused: string[] = [];
  // (the establishment's "Address" comes first, after its name; the employer's under the same word later)
  found.address =
    over('address', { lines: 4, spill: true, avoid: NOT_ESTABLISHMENT, part: (t) => /\d|,/.test(t) }) ??
    addressByLabels(model, V('address').labels, { avoid: NOT_ESTABLISHMENT, stop: ADDRESS_STOP, refused }) ??
    notRefused(addressForKey(model, V('address').labels, { stop: ADDRESS_STOP }) ?? labelledAddress(model, V('address').labels, { maxLines: 4, stop: ADDRESS_STOP }), refused) ??
    proseAddress(model);
  if (found.address && typeof found.address.value === 'string') found.address.value = finishAddress(found.address.value);
  // A renewal endorsement table's last row outlasts every other validity on the page.
  const tabled = endorsementTableValidity(model);
  found.valid_upto = tabled ?? labelledValidUpto(model, V('valid_upto').labels) ?? proseValidUpto(model) ?? validityAfterGarbledLabel(model) ?? anniversaryValidity(model);
  // Renewal stamps carry the current period's end: the printed validity is superseded.
  // (unless it was read under the renewal's own key: "Renewed Valid upto" on a renewal certificate)
  // (a renewals table's "Renewed up to" column header is no such key: its last row is the validity, read above)
  const renewedKey = tabled ? undefined : labelledValidUpto(model, [RENEWED_UPTO]);
  found.valid_upto = renewedKey ?? (tabled ? found.valid_upto : renewedValidity(model, found.valid_upto));
  return { found };
};
