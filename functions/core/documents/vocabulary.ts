/**
 * Label vocabularies per document type and field, as Indian documents print them. A label
 * matches a key when it covers the key's whole text (give or take "No.", "'s", ":"), so the
 * patterns are written for whole keys; no pattern is keyed to one fixture's wording.
 *
 * `sections` are headers over a block ("Details of Receiver (Billed to)", "Dealer Details")
 * under which the generic keys in `inSection` ("Name", "Address") belong to this field: that is
 * how a field picks the bill-to address rather than the ship-to one.
 */
import type { SupportedDocumentType } from './types.ts';

export interface FieldVocabulary {
  labels: RegExp[];
  sections?: RegExp[];
  inSection?: RegExp[];
}

const CUSTOMER_SECTIONS = [
  /(?:details\s*of\s*)?(?:receiver|recipient|buyer|customer|purchaser|borrower|applicant)(?:'s)?\s*(?:details|information|info)?(?:\s*\(?\s*bill(?:ed)?\s*to\s*\)?)?/i,
  /bill(?:ed)?\s*to(?:\s*party)?/i,
  /sold\s*to/i,
];
const DEALER_SECTIONS = [/(?:details\s*of\s*)?(?:dealer|seller|supplier|vendor|sold\s*by)(?:'s)?\s*(?:details|information|info)?/i, /sold\s*by/i, /deliver(?:y)?\s*to/i];

export const VOCABULARY: Partial<Record<SupportedDocumentType, Record<string, FieldVocabulary>>> = {
  INVOICE: {
    dealership_name: {
      labels: [/(?:dealer(?:ship)?|seller|supplier|vendor|shop|firm)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:dealer|seller|supplier|firm|shop)/i, /sold\s*by/i, /seller/i, /supplier/i],
      sections: DEALER_SECTIONS,
      inSection: [/name/i],
    },
    dealer_address: {
      labels: [/(?:dealer|seller|supplier|vendor|shop|firm)(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?(?:dealer|seller|supplier)/i],
      sections: DEALER_SECTIONS,
      inSection: [/address/i],
    },
    customer_name: {
      labels: [
        /(?:customer|buyer|purchaser|client|receiver|recipient|consignee)(?:'s)?\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser|client|receiver|recipient)/i,
        /bill(?:ed)?\s*to/i,
        /sold\s*to/i,
        /buyer/i,
        /customer/i,
        /consignee/i,
      ],
      sections: CUSTOMER_SECTIONS,
      inSection: [/name/i],
    },
    customer_address: {
      labels: [/(?:customer|buyer|purchaser|billing|client|receiver)(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser)/i, /billing\s*address/i],
      sections: CUSTOMER_SECTIONS,
      inSection: [/address/i],
    },
    customer_mobile_number: {
      labels: [/(?:customer|buyer)?(?:'s)?\s*(?:mobile|mob|phone|ph|contact|cell|tel)\s*(?:no|number|#)?/i],
      sections: CUSTOMER_SECTIONS,
      inSection: [/(?:mobile|mob|phone|ph|contact|cell|tel)\s*(?:no|number)?/i],
    },
    invoice_number: {
      labels: [/(?:tax\s*)?invoice\s*(?:no|number|#|num)/i, /inv\.?\s*no/i, /bill\s*(?:no|number|#)/i, /cash\s*memo\s*no/i, /receipt\s*(?:no|number|#)/i, /voucher\s*no/i],
    },
    invoice_date: {
      labels: [/(?:tax\s*)?invoice\s*date/i, /date\s*of\s*(?:invoice|issue|sale|supply)/i, /bill\s*date/i, /dated/i, /date/i],
    },
  },
  DELIVERY_ORDER: {
    dealer_name: {
      labels: [/dealer(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?dealer/i, /dealer(?:ship)?/i, /deliver(?:y)?\s*to/i, /dealer\s*details/i],
    },
    dealer_address: {
      labels: [/dealer(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?dealer/i],
    },
    customer_name: {
      labels: [
        /(?:customer|borrower|applicant|buyer)(?:'s)?\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:customer|borrower|applicant|buyer)/i,
        /customer/i,
        /borrower/i,
        /applicant/i,
      ],
      sections: [/(?:customer|borrower|applicant)(?:'s)?\s*(?:details|information|info)/i],
      inSection: [/name/i],
    },
    customer_mobile_number: {
      labels: [/(?:customer|borrower|applicant)?(?:'s)?\s*(?:mobile|mob|phone|ph|contact|cell)\s*(?:no|number|#)?/i],
    },
    order_number: {
      labels: [/(?:d\.?\s?o\.?|delivery\s*order)\s*(?:no|number|#|ref)/i, /order\s*(?:no|number|#)/i, /ref(?:erence)?\s*(?:no|number)?/i],
    },
    order_date: {
      labels: [/(?:d\.?\s?o\.?|delivery\s*order|order)\s*date/i, /date\s*of\s*issue/i, /dated/i, /date/i],
    },
    asset_model: {
      labels: [/(?:asset|product|device|handset|item)\s*(?:model|name|description|details)?(?:\s*name)?/i, /model(?:\s*(?:name|no))?/i],
    },
    amount: {
      labels: [
        /asset\s*(?:cost|value|price)/i,
        /(?:invoice|product|device)\s*(?:amount|value|cost|price)/i,
        /(?:loan|finance|financed|disbursement|net)\s*amount/i,
        /amount/i,
      ],
    },
  },
};

/** The vocabulary of one field (empty labels when the type declares none). */
export function vocabulary(type: SupportedDocumentType, fieldName: string): FieldVocabulary {
  return VOCABULARY[type]?.[fieldName] ?? { labels: [] };
}
