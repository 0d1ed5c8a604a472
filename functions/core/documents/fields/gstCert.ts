/** GST registration certificate (Form GST REG-06): gstin, legal_name, trade_name, address, date_of_registration. */
import { gstinCandidates } from './gstin.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { cleanName, idField, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';

const NEXT_ITEM = /^\s*\d{1,2}\s*[.)]\s/;

export const extractGstCert: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const gstins = gstinCandidates(model);
  const g = gstins.find((x) => x.valid) ?? gstins[0];
  if (g) found.gstin = idField({ ...g, check: 'checksum' }, g.words);

  found.legal_name = labelledText(model, V('legal_name').labels, { ...VIA, clean: cleanName });
  found.trade_name = labelledText(model, V('trade_name').labels, { ...VIA, clean: cleanName });
  // The value of an address key continued down its column first; the lines after the label otherwise.
  found.address =
    addressForKey(model, V('address').labels, { stop: new RegExp(`${NEXT_ITEM.source}|^\\s*(?:date|constitution|type|period)`, 'i') }) ??
    labelledAddress(model, V('address').labels, {
    maxLines: 4,
    stop: new RegExp(`${NEXT_ITEM.source}|^\\s*(?:date|constitution|type|period)`, 'i'),
  });
  found.date_of_registration = labelledDate(model, V('date_of_registration').labels, VIA);

  return { found };
};
