/** Electricity bill: consumer_name, consumer_number, address, bill_date, amount_due. */
import { cleanName, labelledAddress, labelledAmount, labelledDate, labelledText, looksLikeName, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';


export const extractEbill: Extractor = (model) => {
  const found: Record<string, ExtractedField | undefined> = {};
  found.consumer_name = labelledText(model, [/consumer(?:'s)?\s*name/i, /customer\s*name/i, /\bname\b/i], {
    ...VIA,
    stop: /\s{2,}|\b(?:consumer\s*no|ca\s*no|account|bill|date)\b/i,
    clean: cleanName,
    accept: looksLikeName,
  });
  found.consumer_number = labelledText(
    model,
    [/consumer\s*(?:no|number|id)\.?/i, /\bCA\s*(?:no|number)\.?/i, /(?:service|account|connection)\s*(?:no|number)\.?/i, /\bK\s*No\.?/i],
    { ...VIA, pattern: /^([A-Za-z0-9][A-Za-z0-9/\-]*\d[A-Za-z0-9/\-]*)/ },
  );
  found.address = labelledAddress(model, [/(?:supply|premises|consumer|service)\s*address/i, /\baddress\b/i], { maxLines: 4 });
  found.bill_date = labelledDate(model, [/bill\s*date/i, /date\s*of\s*(?:bill|issue)/i, /bill\s*issue\s*date/i], VIA);
  found.amount_due = labelledAmount(
    model,
    [/(?:net\s*)?amount\s*(?:due|payable)/i, /total\s*(?:amount\s*)?(?:due|payable)/i, /payable\s*amount/i, /bill\s*amount/i, /amount\s*to\s*be\s*paid/i],
    { via: ['same-line', 'right'] },
  ) ?? labelledAmount(model, [/(?:net\s*|total\s*)?amount\s*(?:due|payable)/i, /total\s*(?:amount\s*)?(?:due|payable)/i], { pairsOnly: true });
  return { found };
};
