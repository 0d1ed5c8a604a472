/** Shops and Establishments registration: registration_number, establishment_name, address, valid_upto. */
import { cleanName, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';


export const extractShopAct: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  found.registration_number = labelledText(model, V('registration_number').labels, {
    ...VIA,
    pattern: /^([A-Za-z0-9][A-Za-z0-9/\-_.]*\d[A-Za-z0-9/\-_.]*)/,
  });
  found.establishment_name = labelledText(model, V('establishment_name').labels, {
    ...VIA,
    stop: /\s{2,}|\baddress\b/i,
    clean: cleanName,
    accept: (s) => s.length >= 3,
  });
  // The value of an address key continued down its column first; the lines after the label otherwise.
  found.address =
    addressForKey(model, V('address').labels, { stop: /^\s*(?:name|nature|category|valid|date|number\s*of|employer|signature|\d+\.)/i }) ??
    labelledAddress(model, V('address').labels, {
    maxLines: 4,
    stop: /^\s*(?:name|nature|category|valid|date|number\s*of|employer|signature|\d+\.)/i,
  });
  found.valid_upto = labelledDate(model, V('valid_upto').labels, VIA);
  return { found };
};
