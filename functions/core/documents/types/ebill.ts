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
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
};
