/** Tax invoice, receipt or cash bill of the asset's sale. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { datedBalanceRows, hasGstin, re } from '../cues.ts';
import { extractInvoice } from '../fields/invoice.ts';

const CUSTOMER_SECTIONS = [
  // ("Details of Receiver (Billed to)", "Details of Receiver / Billed to")
  /(?:details\s*of\s*)?(?:receiver|recipient|buyer|customer|purchaser|borrower|applicant)(?:'s)?\s*(?:details|information|info)?(?:\s*(?:\/\s*)?\(?\s*bill(?:ed)?\s*to\s*\)?)?/i,
  /bill(?:ed)?\s*to\b(?:\s*party)?/i,
  /sold\s*to/i,
  // (\b: \"Invoice Total\", \"Bill Total\" name no party)
  /invoice(?:d)?\s*to\b/i,
];
const DEALER_SECTIONS = [/(?:details\s*of\s*)?(?:dealer|seller|supplier|vendor|sold\s*by)(?:'s)?\s*(?:details|information|info)?/i, /sold\s*by/i, /deliver(?:y)?\s*to/i];

// (or a subscribed one: a cable, DTH or broadband bill's set-top box, dues and pay-by date; a till's "PAY BY CASH" is
// its payment, no due date)
const METERED = /\b(?:meter(?:ed)?|(?:previous|present|current)\s*reading|units?\s*(?:consumed|billed)|consumer\s*(?:no|number|name|id)|connection\s*(?:no|type|id)|tariff|bill(?:ing)?\s*(?:period|cycle)|set[\s-]*top\s*box|STB\s*(?:no|number)|cable\s*tv|DTH|broadband|previous\s*dues|pay\s*by\s*:?\s*\d)\b/i;

// (an e-marketplace's order is a contract: "Contract No: …")
const ORDERED = /\b(?:[PD]\.?\s?[O0]\.?\s*(?:no|number|date|dt)\b|purchase\s*order|delivery\s*order|vendor|quotation|contract\s*(?:no|number)\b)/i;

/**
 * A till receipt: a total-like label and several money amounts (two decimals), with words of a
 * till or a restaurant check (qty, cash, change, rounding, cashier, table, server...) that a
 * statement or a bill does not carry together; a long column of money amounts under a total
 * needs only one of them.
 */
export function receiptShape(text: string): boolean {
  // A metered service's bill, an order to a supplier or a lender's delivery order print amounts, payments and
  // GST too, but no till prints a meter, a billing period, a P.O. or D.O. number, a vendor or a quotation.
  if (METERED.test(text) || ORDERED.test(text)) return false;
  // (nor a ledger's dated rows with running balances: a statement's charges may carry a tax invoice, its rows are no till's)
  if (datedBalanceRows(text)) return false;
  // (a till may print one decimal after its currency: "RM 88.1", "Rs 86.5")
  const money = (text.match(/\b\d{1,6}[.,]\d{2}\b|(?:\b(?:RM|Rs\.?|INR)|₹)\s*\d{1,6}[.,]\d\b/gi) ?? []).length;
  const total = /\b(?:total|sub\s*-?\s*total|grand\s*total|amount\s*due|nett?)\b/i.test(text);
  const till = (
    text.match(
      /\b(?:qty|quantity|items?|cash(?:ier)?|change|tendered|rounding|price|amount|disc(?:ount)?|payment|thank\s*you|subtotal|table|pax|server|guest|counter|member|receipt|gst|sst|service\s*charge|come\s*again)\b/gi,
    ) ?? []
  ).length;
  return total && money >= 3 && (till >= 2 || (till >= 1 && money >= 5));
}

export const invoice: DocumentTypeDeclaration = {
  type: 'INVOICE',
  cues: [
    // (the document's own title, not an invoice a letter asks for: "please raise the tax invoice in the name of ...",
    // "payment ... from receipt of a correct tax invoice")
    re('tax-invoice', 3, /(?<!\b(?:the|a|an|your|our|raise|issue|submit)(?:\s+|[ \t]+[a-z]+[ \t]+))tax\s*invoice/i),
    // The Indian delivery challan and invoice printed as one: "Delivery Challan cum Invoice", "Challan cum Bill",
    // "Tax Invoice cum Delivery Challan", "Delivery Note cum Invoice".
    re('challan-cum-invoice', 3, /\b(?:challan|delivery\s*note)\s*cum\s*(?:tax\s*)?(?:bill|invoice)\b|\b(?:invoice|bill)\s*cum\s*(?:delivery\s*)?challan\b/i),
    // A composition dealer's invoice is titled "Bill of Supply" by GST law (it may not charge tax).
    re('bill-of-supply', 3, /\bbill\s*of\s*supply\b/i),
    re('invoice-word', 1.5, /\binvoice\b/i),
    re('invoice-no-or-date', 1.5, /invoice\s*(?:no|number|date|#)/i),
    { name: 'valid-gstin', weight: 1, test: hasGstin },
    re('totals', 1, /grand\s*total|\bG\.\s*Total\b|total\s*amount|amount\s*in\s*words|rupees\s*in\s*words/i),
    // A bill of sale's printed terms: no label, card, order or letter carries them.
    re('sale-terms', 2, /goods\s*once\s*sold|\bE\s*\.?\s*&\s*O\s*\.?\s*E\b/i),
    re('hsn', 0.5, /\bHSN\b|\bSAC\b|\bCGST\b|\bSGST\b|\bIGST\b/i),
    // Receipts and cash bills are invoices for a consumer-durable flow (a shop's bill of sale).
    // ("receipt" as the act of receiving is no title: "Due on Receipt", "after receipt and verification";
    // a bill book prints the choice of payment "Cash / Credit" at its top)
    re('receipt-or-bill', 2, /\b(?:(?<!(?:delivery|on|upon|after)\s+)receipt(?!\s+(?:of|and|&)\b)|cash\s*(?:bill|memo|sale)|cash\s*\/\s*credit|bill\s*(?:no|#)|retail\s*invoice|simplified\s*tax\s*invoice)\b/i),
    { name: 'receipt-shape', weight: 3, test: receiptShape },
    re('tax-words', 0.5, /\b(?:GST|SST|VAT)\b|tax\s*(?:amount|@|\d)/i),
    // A metered or recurring service's periodic bill (a meter, a billing period) payable by a due date: telecom and
    // broadband providers title it "Tax Invoice" / "Bill of Supply cum Tax Invoice" as GST asks, yet it is a
    // utility bill, not the sale of an asset.
    { name: 'service-bill', weight: -4, test: (t) => METERED.test(t) && /\bdue\s*date\b|\bpay\s*by\b/i.test(t) },
  ],
  fields: {
    customer_name: 'string',
    customer_address: 'string',
    dealership_name: 'string',
    dealer_address: 'string',
    dealer_gst: 'string',
    total_invoice_amount: 'number',
    invoice_date: 'string',
    invoice_number: 'string',
  },
  extract: extractInvoice,
  vocabulary: {
    dealership_name: {
      labels: [/(?:dealer(?:ship)?|seller|supplier|vendor|shop|firm|store|outlet)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:dealer|seller|supplier|firm|shop)/i, /sold\s*by/i, /seller/i, /supplier/i, /(?:bill(?:ed)?\s*)?from/i,
        // the party's caption alone ("Dealer :", "Vendor :", "Details of Supplier :"): a qualified one is another value ("Dealer Code")
        /^\s*(?:details\s*of\s*(?:the\s*)?)?(?:dealer|vendor|supplier|seller)\s*:?\s*$/i],
      sections: DEALER_SECTIONS,
      inSection: [/name/i],
    },
    // The seller's own GSTIN by its key ("Seller's GSTIN", "Supplier GSTIN", "Our GSTIN"); a bare
    // "GSTIN" may be either party's and is ranked by where it stands (fields/invoice.ts).
    dealer_gst: {
      labels: [/(?:dealer|seller|supplier|vendor|our|shop|store|firm)(?:'s)?\s*gst(?:in)?\b/i, /gst(?:in)?\s*(?:no\.?|number)?\s*of\s*(?:the\s*)?(?:dealer|seller|supplier|vendor)/i],
    },
    dealer_address: {
      labels: [/(?:dealer|seller|supplier|vendor|shop|firm|store|outlet|showroom)(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?(?:dealer|seller|supplier|vendor|store|shop|showroom)/i],
      sections: DEALER_SECTIONS,
      inSection: [/address/i],
    },
    customer_name: {
      labels: [
        /(?:customer|cust\.?|buyer|purchaser|client|receiver|recipient|consignee|party)(?:'s)?\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser|client|receiver|recipient|party)/i,
        // a GST invoice's party block as one caption: "Details of Receiver (Billed to)" (the consignee's is another)
        /^\s*details\s*of\s*(?:the\s*)?(?:receiver|recipient|buyer|customer)\s*$/i,
        /bill(?:ed)?[\s-]*to\b/i,
        /sold\s*to/i,
        /invoice(?:d)?\s*to\b/i,
        /buyer/i,
        // a dealer's invoice prints the bare key "Purchaser :" before the buyer's name
        /^\s*purchaser\s*:?\s*$/i,
        /customer/i,
        /\bcust\b\.?/i,
        /consignee/i,
        // a bill book's "Party :" (the party billed)
        /^\s*party\s*$/i,
        // a Hindi bill printed in Latin letters: "Grahak ka Naam" (the customer's name)
        /\bgrahak\s*(?:ka\s*)?naam\b/i,
      ],
      sections: CUSTOMER_SECTIONS,
      inSection: [/name/i],
    },
    customer_address: {
      // ("Grahak ka Pata" / a bare "Pata" under the customer's name on a Hindi bill in Latin letters)
      // ("Bill To Address"; "Address of Recipient" / "Receiver" as GST invoices name the buyer)
      labels: [/(?:customer|buyer|purchaser|billing|client|receiver|recipient|party)(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?(?:customer|buyer|purchaser|party|recipient|receiver)/i, /billing\s*address|bill(?:ed)?[\s-]*to\s*address/i, /\bgrahak\s*(?:ka\s*)?pata\b|^\s*pata\s*:?\s*$/i],
      sections: CUSTOMER_SECTIONS,
      inSection: [/address/i],
    },
    customer_mobile_number: {
      labels: [/(?:customer|buyer|party)?(?:'s)?\s*(?:mobile|mob|phone|ph|contact|cell|tel)\s*(?:no|number|#)?/i],
      sections: CUSTOMER_SECTIONS,
      inSection: [/(?:mobile|mob|phone|ph|contact|cell|tel)\s*(?:no|number)?/i],
    },
    invoice_number: {
      // (the invoice's own qualifier, "Sale Invoice No.", is still its number; "Receipt No." on an invoice is a payment's)
      labels: [/(?:(?:tax|sales?|retail|gst)\s*)?invoice\s*(?:serial\s*)?(?:no|number|#|num)/i, /invoice\s*ref(?:erence)?\.?\s*(?:no|number)?/i, /inv\.?\s*no/i, /(?<!e[\s-]*way\s*)bill\s*(?:no|number|#)/i, /^\s*document\s*(?:no|number)\b/i, /(?:cash\s*)?memo\s*(?:no|number|#)/i, /receipt\s*(?:no|number|#)/i, /voucher\s*no/i, /^no\.?$/i, /\bbill\s*(?:sankhya|kramank)\b/i],
    },
    invoice_date: {
      // (a date key qualified by another event is not the invoice's: "Ack Date", "Booking Date", "Due Date")
      labels: [
        /(?:tax\s*)?invoice\s*date/i,
        /(?:inv(?:oice)?|bill)\.?\s*dt\.?/i,
        /date\s*of\s*(?:invoice|issue|sale)/i,
        /bill\s*date/i,
        // an e-invoice's "Document Date" (the IRP prints the invoice's number and date as the document's)
        /^\s*document\s*date\b/i,
        /dated/i,
        /(?<!(?:order|due|delivery|ack|acknowledg(?:e)?ment|booking|expiry|valid(?:ity)?|birth|dispatch|payment|p\.?o\.?)\.?\s*)\bdate\b(?!\s*of\s*supply)/i,
        // GST law asks for the date of supply only where it differs from the invoice's: the invoice's own date first
        /date\s*of\s*supply/i,
      ],
    },
  },
  addressFields: ['customer_address', 'dealer_address'],
  pageImage: false,
  sparseReread: false,
  // Every field it reads (a receipt carries only the issuer and the total: the others stay missing and are read twice anyway, as till slips are).
  secondReading: { whenWeak: ['customer_name', 'customer_address', 'dealership_name', 'dealer_address', 'dealer_gst', 'total_invoice_amount', 'invoice_date', 'invoice_number'], tillSlips: true },
};
