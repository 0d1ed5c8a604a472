/** FSSAI licence/registration: license_number (14 digits), business_name, address, valid_upto. */
import { cleanName, field, labelledAddress, labelledDate, labelledText, tidy, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';

const FOURTEEN = /(?<!\d)(\d[\d ]{12,16}\d)(?!\d)/;

export const extractFssai: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const lic = model.labelValue(/(?:licen[cs]e|registration)\s*(?:no|number)\.?/i, { ...VIA, pattern: FOURTEEN });
  const digits = lic?.text.replace(/\s/g, '');
  if (lic && digits) found.license_number = field(digits, lic.words, { kind: 'structure', pass: /^\d{14}$/.test(digits) });
  else {
    const any = model.findAll(/(?<!\d)\d{14}(?!\d)/g)[0];
    if (any) found.license_number = field(any.match[0], any.words, { kind: 'heuristic' });
  }

  // The business's own label first; "Name and Address of Licensee" often reads "Owner (Business)".
  found.business_name =
    labelledText(model, V('business_name').labels, {
      ...VIA,
      stop: /\s{2,}|,|\baddress\b/i,
      clean: cleanName,
      accept: (s) => s.length >= 3,
    }) ??
    labelledText(model, [/name\s*(?:and\s*address\s*)?of\s*(?:the\s*)?(?:licensee|registrant|food\s*business\s*operator|company)/i], {
      ...VIA,
      stop: /\s{2,}|,|\baddress\b/i,
      clean: (s) => cleanName(/\(([^()]{3,})\)\s*$/.exec(s)?.[1] ?? s),
      accept: (s) => s.length >= 3,
    });
  // The value of an address key continued down its column first; the lines after the label otherwise.
  found.address =
    addressForKey(model, V('address').labels, { stop: /^\s*(?:kind|category|type|valid|date|issued|signature|\d+\.)/i }) ??
    labelledAddress(model, V('address').labels, {
    maxLines: 4,
    stop: /^\s*(?:kind|category|type|valid|date|issued|signature|\d+\.)/i,
  });
  found.valid_upto = labelledDate(model, V('valid_upto').labels, VIA);
  if (found.business_name) found.business_name.value = tidy(String(found.business_name.value));

  return { found };
};
