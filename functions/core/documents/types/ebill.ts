/** Electricity bill. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractEbill } from '../fields/ebill.ts';

export const ebill: DocumentTypeDeclaration = {
  type: 'EBILL',
  cues: [
    re('electricity', 2, /electricity|power\s*(?:distribution|supply)|vidyut|bijli/i),
    re('units-consumed', 2.5, /units?\s*(?:consumed|billed)|consumption\s*\(?kwh/i),
    re('consumer-no', 2, /consumer\s*(?:no|number|name|id)|\bCA\s*No|service\s*connection\s*(?:no|number)/i),
    re('bill-date', 1, /bill\s*date/i),
    re('meter-tariff', 1.5, /meter\s*(?:no|reading)|\bkwh\b|tariff|sanctioned\s*load/i),
    re('due-date', 0.5, /due\s*date/i),
  ],
  fields: {
    consumer_name: 'string',
    consumer_number: 'string',
    address: 'string',
    bill_date: 'string',
    amount_due: 'number',
  },
  extract: extractEbill,
  vocabulary: {
    consumer_name: { labels: [/consumer(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?consumer/i, /customer\s*name/i, /\bname\b/i] },
    consumer_number: { labels: [/consumer\s*(?:no|number|id)\.?/i, /\bCA\s*(?:no|number)\.?/i, /(?:service|account|connection)\s*(?:no|number)\.?/i, /\bK\s*No\.?/i] },
    address: { labels: [/(?:supply|premises|consumer|service)\s*address/i, /\baddress\b/i] },
    bill_date: { labels: [/bill(?:ing)?\s*date/i, /date\s*of\s*billing/i, /date\s*of\s*(?:bill|issue)/i, /bill\s*issue\s*date/i] },
    amount_due: { labels: [/(?:net\s*)?amount\s*(?:due|payable)/i, /total\s*(?:amount\s*)?(?:due|payable)/i, /payable\s*amount/i, /bill\s*amount/i, /amount\s*to\s*be\s*paid/i] },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
};
