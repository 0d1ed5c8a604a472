/** Electricity bill: consumer_name, consumer_number, address, bill_date, amount_due. */
import { cleanName, labelledAddress, labelledAmount, labelledDate, labelledText, looksLikeName, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';

export const extractEbill: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  found.consumer_name = labelledText(model, V('consumer_name').labels, {
    ...VIA,
    stop: /\s{2,}|\b(?:consumer\s*no|ca\s*no|account|bill|date)\b/i,
    clean: cleanName,
    accept: looksLikeName,
  });
  found.consumer_number = labelledText(model, V('consumer_number').labels, { ...VIA, pattern: /^([A-Za-z0-9][A-Za-z0-9/\-]*\d[A-Za-z0-9/\-]*)/ });
  // The value of an address key continued down its column first; the lines after the label otherwise.
  found.address =
    addressForKey(model, V('address').labels) ??
    labelledAddress(model, V('address').labels, { maxLines: 4 });
  found.bill_date = labelledDate(model, V('bill_date').labels, VIA);
  found.amount_due =
    labelledAmount(model, V('amount_due').labels, { via: ['same-line', 'right'] }) ??
    labelledAmount(model, [/(?:net\s*|total\s*)?amount\s*(?:due|payable)/i, /total\s*(?:amount\s*)?(?:due|payable)/i], { pairsOnly: true });
  return { found };
};
