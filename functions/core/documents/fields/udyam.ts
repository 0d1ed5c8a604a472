/** Udyam registration certificate: udyam_number, enterprise_name, enterprise_type, address, date_of_registration. */
import { isValidUdyam } from '../validators.ts';
import { cleanName, field, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { DIGITISH, lookalikesToDigits } from './lookalikes.ts';

const UDYAM_TOKEN = new RegExp(`UDYAM\\s*-\\s*([A-Z]{2})\\s*-\\s*(${DIGITISH}{2})\\s*-\\s*(${DIGITISH}{7})`, 'gi');

export const extractUdyam: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const m = model.findAll(UDYAM_TOKEN)[0];
  if (m) {
    const raw = `UDYAM-${m.match[1]}-${m.match[2]}-${m.match[3]}`.toUpperCase();
    const value = `UDYAM-${m.match[1].toUpperCase()}-${lookalikesToDigits(m.match[2])}-${lookalikesToDigits(m.match[3])}`;
    const repairs = [...raw].filter((c, i) => c !== value[i]).length;
    found.udyam_number = field(value, m.words, { kind: 'structure', pass: isValidUdyam(value), repairs });
  }

  found.enterprise_name = labelledText(model, V('enterprise_name').labels, { ...VIA, clean: cleanName, accept: (s) => s.length >= 3 });
  const type = labelledText(model, [/type\s*of\s*(?:the\s*)?enterprise/i, /enterprise\s*type/i], { ...VIA, pattern: /\b(micro|small|medium)\b/i });
  if (type) found.enterprise_type = { ...type, value: String(type.value).toUpperCase() };
  // The value of an address key continued down its column first; the lines after the label otherwise.
  found.address =
    addressForKey(model, V('address').labels, { stop: /^\s*(?:date|major|type|social|name|national|mobile|email|\d+\.)/i }) ??
    labelledAddress(model, V('address').labels, {
    maxLines: 5,
    stop: /^\s*(?:date|major|type|social|name|national|mobile|email|\d+\.)/i,
  });
  found.date_of_registration = labelledDate(model, V('date_of_registration').labels, VIA);

  return { found };
};
