/** Delivery order: the financier's instruction to the dealer to hand the asset over. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractDeliveryOrder } from '../fields/deliveryOrder.ts';

export const deliveryOrder: DocumentTypeDeclaration = {
  type: 'DELIVERY_ORDER',
  cues: [
    re('delivery-order', 4, /delivery\s*order/i),
    // (OCR reads the dotted "D.O." as "D.0.")
    re('do-no', 2.5, /\bD\.?\s?O\.?\s*(?:no|number|date)\b|\bD\.\s?0\.\s*(?:no|number|date)\b/i),
    re('please-deliver', 1, /please\s*deliver|kindly\s*deliver|requested\s*to\s*deliver/i),
    re('financier', 0.5, /financ|loan/i),
  ],
  fields: {
    dealer_name: 'string',
    dealer_address: 'string',
    customer_name: 'string',
    customer_mobile_number: 'string',
    order_number: 'string',
    order_date: 'string',
    asset_model: 'string',
    amount: 'number',
  },
  extract: extractDeliveryOrder,
  vocabulary: {
    dealer_name: {
      // ("DLR", "CUST": a lender's grid abbreviates its labels)
      labels: [/(?:dealer|dlr|retailer|store|shop|outlet)(?:\s*\/\s*(?:dealer|retailer))?(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:dealer|retailer|store|shop)/i, /dealer(?:ship)?/i, /deliver(?:y)?\s*to/i, /dealer\s*details/i],
    },
    dealer_address: {
      // ("Dealer Location", "Store Location": where the asset is collected)
      labels: [/(?:dealer|dlr|retailer|store|shop|outlet)(?:'s)?\s*(?:address|location)/i, /address\s*of\s*(?:the\s*)?(?:dealer|retailer|store|shop)/i],
    },
    customer_name: {
      labels: [
        /(?:customer|cust\.?|borrower|applicant|buyer)(?:'s)?\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:customer|borrower|applicant|buyer)/i,
        /customer/i,
        /borrower/i,
        /applicant/i,
      ],
      sections: [/(?:customer|borrower|applicant)(?:'s)?\s*(?:details|information|info)/i],
      inSection: [/name/i],
    },
    customer_mobile_number: {
      labels: [
        /(?:customer|borrower|applicant)?(?:'s)?\s*(?:mobile|mob|phone|ph|contact|cell)\s*(?:no|number|#)?/i,
        /(?:mobile|mob|phone|contact|cell)\s*(?:no|number)?\.?\s*of\s*(?:the\s*)?(?:customer|borrower|applicant|buyer)/i,
      ],
    },
    order_number: {
      labels: [/(?:d\.?\s?o\.?|d\.\s?0\.|delivery\s*order)\s*(?:no|number|#|ref)/i, /order\s*(?:no|number|#)/i, /ref(?:erence)?\s*(?:no|number)?/i],
    },
    order_date: {
      labels: [/(?:d\.?\s?o\.?|delivery\s*order|order)\s*date/i, /date\s*of\s*issue/i, /dated/i, /date/i],
    },
    asset_model: {
      labels: [/(?:asset|product|device|handset|item|vehicle)\s*(?:\/\s*)?(?:model|name|description|details)?(?:\s*name)?/i, /model(?:\s*(?:name|no))?/i, /make\s*(?:&|and|\/)\s*model(?:\s*of\s*(?:the\s*)?(?:tractor|vehicle|asset|product|device|handset|machine|equipment))?/i, /(?:model|make)\s*of\s*(?:the\s*)?(?:vehicle|asset|product|device|handset)/i],
    },
    amount: {
      labels: [
        /(?:gross\s*|total\s*)?asset\s*(?:cost|value|price)/i,
        /(?:cost|value|price)\s*of\s*(?:the\s*)?(?:asset|product|device|vehicle|goods)/i,
        // a farm loan's cost table: the bold total of the tractor and its implements (the ex-showroom row is the tractor alone)
        /total\s*(?:project\s*)?cost(?:\s*of\s*(?:the\s*)?(?:tractor|vehicle|asset|machine(?:ry)?|equipment)s?(?:\s*(?:&|and)\s*implements?)?)?(?:\s*as\s*per\s*quotation)?/i,
        /(?:product|prod\.?|device|handset|ex[\s-]*showroom)\s*(?:cost|price|value)/i,
        /(?:invoice|inv\.?|product|device)\s*(?:amount|amt\.?|value|cost|price)/i,
        /(?:loan|finance|financed|disbursement|net)\s*amount/i,
        /amount/i,
      ],
    },
  },
  addressFields: ['dealer_address'],
  pageImage: false,
  sparseReread: false,
};
