/** Purchase order issued by the business. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractPurchaseOrder } from '../fields/purchaseOrder.ts';

export const purchaseOrder: DocumentTypeDeclaration = {
  type: 'PURCHASE_ORDER',
  cues: [
    re('purchase-order', 4, /purchase\s*order/i),
    re('po-no', 2, /\bP\.?\s?O\.?\s*(?:no|number|date)\b/i),
    re('vendor-supplier', 1, /\bvendor\b|\bsupplier\b/i),
    re('delivery-terms', 0.5, /ship\s*to|delivery\s*(?:date|schedule)|terms\s*(?:and|&)\s*conditions/i),
  ],
  fields: {
    po_number: 'string',
    po_date: 'string',
    buyer_name: 'string',
    supplier_name: 'string',
    total_amount: 'number',
  },
  extract: extractPurchaseOrder,
  vocabulary: {
    po_date: { labels: [/(?:\bP\.?\s?O\.?|purchase\s*order|order)\s*date/i, /\bdated?\b/i] },
    buyer_name: { labels: [/buyer(?:'s)?\s*(?:name)?/i, /(?:bill\s*to|invoice\s*to)/i] },
    supplier_name: { labels: [/(?:supplier|vendor)(?:'s)?\s*(?:name)?/i, /^\s*to\b/i] },
  },
  addressFields: [],
  pageImage: false,
  sparseReread: false,
};
