/** Shops and Establishments registration: registration_number, establishment_name, address, valid_upto. */
import { cleanName, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';


export const extractShopAct: Extractor = (model) => {
  const found: Record<string, ExtractedField | undefined> = {};
  found.registration_number = labelledText(model, [/registration\s*(?:no|number|certificate\s*no)\.?/i, /(?:certificate|licen[cs]e)\s*(?:no|number)\.?/i], {
    ...VIA,
    pattern: /^([A-Za-z0-9][A-Za-z0-9/\-_.]*\d[A-Za-z0-9/\-_.]*)/,
  });
  found.establishment_name = labelledText(model, [/name\s*of\s*(?:the\s*)?establishment/i, /establishment\s*name/i, /name\s*of\s*(?:the\s*)?shop/i, /shop\s*name/i], {
    ...VIA,
    stop: /\s{2,}|\baddress\b/i,
    clean: cleanName,
    accept: (s) => s.length >= 3,
  });
  found.address = labelledAddress(model, [/(?:postal\s*)?address\s*of\s*(?:the\s*)?establishment/i, /establishment\s*address/i, /\baddress\b/i], {
    maxLines: 4,
    stop: /^\s*(?:name|nature|category|valid|date|number\s*of|employer|signature|\d+\.)/i,
  });
  found.valid_upto = labelledDate(model, [/valid\s*(?:up\s*to|upto|till|until)/i, /validity/i, /date\s*of\s*expiry|expiry\s*date|renewal\s*date/i], VIA);
  return { found };
};
