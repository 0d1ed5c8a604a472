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
  addressFields: [],
  pageImage: false,
  sparseReread: false,
};
