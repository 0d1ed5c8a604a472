/** Purchase order issued by the business. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractPurchaseOrder } from '../fields/purchaseOrder.ts';

export const purchaseOrder: DocumentTypeDeclaration = {
  type: 'PURCHASE_ORDER',
  cues: [
    re('purchase-order', 4, /purchase\s*order/i),
    re('po-no', 2, /\bP\.?\s?O\.?\s*(?:no|number|date)\b/i),
    // an order book's leaf titled with the abbreviation alone, "P.O." on its own line over the buyer's name
    re('po-title', 4, /^[ \t]*P\.[ \t]?O\.[ \t]*$/m),
    // An order's terms say what the goods must come with ("Goods to be sent with delivery challan and tax
    // invoice", "Material must be accompanied by invoice"): the order asks for the invoice it names.
    re('goods-sent-with-invoice', 3, /\b(?:goods|materials?|items?|supplies)\s+(?:are\s+|is\s+)?(?:to|must|shall|should)\s+be\s+(?:sent|supplied|dispatched|delivered|accompanied)\s+(?:along\s+)?(?:with|by)\b[^\n.]{0,40}\b(?:invoice|challan|bill)\b/i),
    re('vendor-supplier', 1, /\bvendor\b|\bsupplier\b/i),
    re('delivery-terms', 0.5, /ship\s*to|delivery\s*(?:date|schedule)|terms\s*(?:and|&)\s*conditions/i),
    // An order placed with a supplier: "place an order", "Order No./Date", a quotation referred to.
    // An order asks for goods: "Please supply the following", "requested to supply"; order pads and
    // institutions title it "Order Form" / "Supply Order" / "Indent" rather than "Purchase Order".
    re('supply-request', 2, /\b(?:please|kindly|requested\s+to)\s+supply\b|\bsupply\s+(?:of\s+)?(?:the\s+)?following\b/i),
    re('order-title', 2, /\border\s*form\b|\bsupply\s*order\b|\bindent\s*(?:no|form)\b/i),
    // "Supply Order" is an institution's title for a purchase order (no invoice is titled so)
    re('supply-order-title', 1, /\bsupply\s*order\b/i),
    // a government e-marketplace's order is a contract: "Contract No: GEMC-…", "Total Contract Value"
    re('contract-no', 4, /\bcontract\s*(?:no|number)\b/i),
    re('contract-value', 1.5, /\btotal\s*(?:contract|order)\s*value\b/i),
    // a supplier's quotation the buyer stamped "ACCEPTED" (with its PO number) is the order
    re('accepted-quotation', 2, /\bquotation\b[\s\S]*\baccepted\b|\baccepted\b[\s\S]*\bquotation\b/i),
    // A contractor's order for work is titled "Work Order" (W.O. No.): the same order for a service.
    re('work-order', 2.5, /\bwork\s*order\b|\bW\.\s?[O0]\.\s*(?:no|number|date)\b/i),
    // An order speaks of itself to the supplier: "acknowledge this order", "place this order on you";
    // an invoice answers "your order".
    re('this-order', 2, /\b(?:this|our)\s+(?:purchase\s+|work\s+|supply\s+)?order\b/i),
    // An order's terms tell the supplier how to bill against it: "Invoice must quote this order number",
    // "Bills in triplicate quoting our PO No.", "mention the order number on all invoices".
    re('bill-against-order', 2, /\b(?:invoices?|bills?)\b[^\n.]{0,40}\b(?:quot(?:e|ing)|mention(?:ing)?|bear(?:ing)?)\b[^\n.]{0,20}\b(?:order|P\.?\s?O\.?)\s*(?:no|number|ref)|\b(?:quote|mention)\s+(?:this|our|the)\s+(?:purchase\s+)?(?:order|P\.?\s?O\.?)\s*(?:no|number)[^\n.]{0,30}\b(?:invoices?|bills?|challans?)\b/i),
    // An order is signed back by the party it is placed with: "Vendor acknowledgement", "Accepted by the Contractor".
    re('order-acceptance', 1.5, /\b(?:vendor|supplier|contractor)(?:'s)?\s*(?:acknowledg(?:e)?ment|acceptance)\b|\baccepted\s+by\s+(?:the\s+)?(?:vendor|supplier|contractor)\b/i),
    // The party an order is placed with keyed as the vendor ("Vendor : X (Code 149872)"); an invoice is
    // the vendor's own and names it "Seller" or "Supplier" if at all.
    re('vendor-key', 1.5, /^\s*vendor(?:'s)?\s*(?:name)?\s*[:\-]/im),
    re('order-words', 1, /\bplace(?:d)?\s+(?:an?\s+|the\s+|our\s+)?(?:purchase\s+)?order\b|\border\s*(?:no|number|date|value)\b|\bquotation\b/i),
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
    po_number: {
      labels: [
        /(?:\bP\.?\s?O\.?|purchase\s*order)\s*(?:no|number|#|num)\.?/i,
        // an order released against a rate contract: "Release Order No.", "R.O. No." (before the contract's own number)
        /(?:release|supply|work)\s*order\s*(?:no|number|#)\.?|\bR\.\s?O\.\s*(?:no|number|#)\.?/i,
        /order\s*(?:no|number|#)\.?/i,
        // a trade indent is the buyer's order through a broker or agent: "Indent No."
        /\bindent\s*(?:no|number|#)\.?/i,
        // (a procurement portal's export names its order a document: "Document No.", "Document Date")
        /^\s*document\s*(?:no|number|#)\.?\s*:?\s*$/i,
        /\bcontract\s*(?:no|number|#)\.?/i,
        /(?:our\s*)?ref(?:erence)?\.?\s*(?:no|number)?\.?/i,
        // a pre-printed order pad's serial: "No. 3305" beside the title
        /^no\.?$/i,
      ],
    },
    po_date: {
      labels: [
        /(?:\bP\.?\s?O\.?|purchase\s*order|order)\s*(?:date|dt\.?)/i,
        /^\s*document\s*date\s*:?\s*$/i,
        /date\s*of\s*(?:the\s*)?(?:order|issue|p\.?\s?o\.?|purchase\s*order)/i,
        /(?<!(?:delivery|due|quotation|indent|expiry|valid(?:ity)?|dispatch|invoice)\.?\s*)\bdated?\b/i,
      ],
    },
    buyer_name: {
      // (a government buyer is its organisation: "Organisation Name", "Name of the Organization")
      // ("Buyer Company" / "Buyer Organisation" on a portal's key-value header)
      labels: [/buyer(?:'s)?\s*(?:company|organi[sz]ation|firm|entity)(?:\s*name)?/i, /buyer(?:'s)?\s*(?:name)?/i, /organi[sz]ation\s*name|name\s*of\s*(?:the\s*)?organi[sz]ation/i, /(?:purchaser|customer|company)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:purchaser|buyer|customer)/i, /(?:bill|invoice)[\s-]*to/i, /purchaser/i, /^\s*ordered\s*by\s*:?\s*$/i],
      sections: [/(?:buyer|purchaser|customer)(?:'s)?\s*(?:details|information|info)?/i, /(?:bill|invoice)[\s-]*to/i, /from/i],
      inSection: [/(?:company\s*)?name/i],
    },
    supplier_name: {
      // (an order's "Party : M/s. X" is the party the order is placed with)
      // ("Vendor Details : M/s X" on one line: the party's block caption with its name after it)
      // (never its code or id: "Seller ID | BYBW-54644" beside "Company Name")
      labels: [/(?:supplier|vendor|seller)(?:'s)?\s*(?:name)?(?!\s*(?:id|code|no)\b)/i, /^\s*(?:supplier|vendor|seller)(?:'s)?\s*details\s*:?\s*$/i, /name\s*of\s*(?:the\s*)?(?:supplier|vendor)/i, /^\s*party(?:'s)?\s*(?:name)?\s*$/i, /^\s*to\b/i,
        // an order book's printed "M/s." / "Messrs." opening the line the supplier is written on
        /^\s*(?:m\s*\/\s*s|messrs)\.?(?=\s)/i],
      sections: [/(?:supplier|vendor|seller)(?:'s)?\s*(?:details|information|info|address)?/i, /^to$/i],
      inSection: [/(?:company\s*)?name/i],
    },
  },
  addressFields: [],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['po_number', 'po_date', 'buyer_name', 'supplier_name', 'total_amount'] },
};
