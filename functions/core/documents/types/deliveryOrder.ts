/** Delivery order: the financier's instruction to the dealer to hand the asset over. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractDeliveryOrder } from '../fields/deliveryOrder.ts';

export const deliveryOrder: DocumentTypeDeclaration = {
  type: 'DELIVERY_ORDER',
  cues: [
    re('delivery-order', 4, /delivery\s*order/i),
    // The DO under its other titles: a lender's "Delivery Authorisation" or "Delivery Instruction" to the dealer, its
    // "Payment Assurance" / "Payment Undertaking" (it will pay the dealer for the asset it delivers).
    re('delivery-authorisation', 3, /\b(?:delivery|dealer)\s*(?:authori[sz]ation|instruction)\b|\bpayment\s*(?:assurance|undertaking)\b/i),
    // (OCR reads the dotted "D.O." as "D.0."; a lender's slip numbers its DO as a reference: "DO Ref. No.")
    re('do-no', 2.5, /\bD\.?\s?O\.?\s*(?:no|number|date|ref)\b|\bD\.\s?0\.\s*(?:no|number|date|ref)\b/i),
    re('please-deliver', 1, /please\s*(?:deliver|hand\s*over)|kindly\s*(?:deliver|hand\s*over)|request(?:ed)?\s*(?:you\s*)?to\s*(?:deliver|hand\s*over)/i),
    // The DO's instruction whatever its title: hand the asset to the borrower ("deliver only to the
    // customer named above", "deliver only after the customer shows this slip"); an invoice says "delivered".
    re('deliver-to-customer', 1.5, /\b(?:deliver|hand\s*over)\s+(?:only\s+)?(?:(?:the|this)\s+(?:product|asset|goods|vehicle|device|handset|item)\s+)?(?:only\s+)?(?:to\s+(?:the\s+|our\s+)?(?:customer|borrower|applicant)|after\s+(?:the\s+)?(?:customer|borrower|applicant|verif))/i),
    re('financier', 0.5, /financ|loan/i),
    // the borrower's loan account the DO is issued under ("Loan Account No.", "Loan A/c No.")
    re('loan-account', 1, /\bloan\s*(?:a\s*[\/l1|]\s*c|account)\.?\s*(?:no|number)\b/i),
    // A lender's computation of what it pays: the down payment the dealer collects and the loan
    // (an invoice of a financed sale names the down payment, rarely the loan amount beside it).
    re('loan-computation', 2, /^(?=[\s\S]*\bdown\s*payment\b)[\s\S]*\b(?:loan|finance)\s*(?:amount|amt|sanctioned)\b/i),
    // A lender's approval or payment to the dealer, as its title or its first sentence: "Disbursement
    // Advice", "Payment Advice to Dealer", "Loan Approval Slip", "We have sanctioned a loan ...".
    re('disbursement', 2, /\bdisburs(?:e|ed|al|ement|ing)\b/i),
    // (a card lender titles its DO "Purchase Authorisation"; a firm's internal purchase authorisation names no EMI or loan)
    {
      name: 'lender-approval',
      weight: 2,
      test: (t) =>
        /\b(?:loan|finance|credit|emi\s*card)\s*(?:approval|sanction)\b|\bsanction(?:ed)?\s*(?:letter|slip|advice)\b|\b(?:disbursement|payment)\s*advice\b|\bsanctioned\s+(?:a\s+|the\s+)?(?:consumer\s+(?:durable\s+)?)?loan\b|\bloan\s+(?:has\s+been\s+|is\s+)?(?:sanctioned|approved)\b/i.test(t) ||
        (/\bpurchase\s*authori[sz]ation\b/i.test(t) && /\bEMI\b|\bloan\b/i.test(t)),
    },
    // The card a consumer-durable lender finances through: the DO is shown with it at the store.
    re('emi-card', 1.5, /\bEMI\s*card\b/i),
    // A lender's words for what it finances and for whom, printed whatever the title: the product is the
    // "asset" (its value, cost or model) and the buyer the "borrower"; a shop's invoice or a device label says neither.
    re('asset-captions', 1.5, /\basset\s*(?:value|cost|model|price|details|description|make)\b|\b(?:cost|value|price)\s*of\s*(?:the\s*)?asset\b/i),
    re('borrower', 1, /\bborrower\b/i),
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
      // (on a lender's DO the supplier, vendor or showroom is the dealer the asset is bought from)
      labels: [/(?:dealer|dlr|retailer|store|shop|outlet|showroom|supplier|vendor)(?:\s*\/\s*(?:dealer|retailer|supplier|store))?(?:'s)?\s*name/i, /^\s*(?:authori[sz]ed\s*)?(?:channel\s*partner|point\s*of\s*sale(?:\s*\(POS\))?|retailer)(?:'s)?(?:\s*name)?\s*$/i, /name\s*of\s*(?:the\s*)?(?:dealer|retailer|store|shop|showroom|supplier|vendor)/i, /dealer(?:ship)?/i, /deliver(?:y)?\s*to/i, /dealer\s*details/i],
    },
    dealer_address: {
      // ("Dealer Location", "Store Location": where the asset is collected)
      labels: [/(?:dealer|dlr|retailer|store|shop|outlet|showroom|supplier|vendor)(?:'s)?\s*(?:address|addr\b\.?|location)/i, /address\s*of\s*(?:the\s*)?(?:dealer|retailer|store|shop|showroom|supplier|vendor)/i],
    },
    customer_name: {
      labels: [
        // (a co-applicant is another party: "Co-Applicant Name" is not the customer's; "Hirer" on a hire-purchase DO)
        /(?:customer|cust\.?|(?<!co[\s-]*)(?:borrower|applicant)|buyer|hirer)(?:'s)?\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:customer|borrower|applicant|buyer|hirer)/i,
        // (the party the asset goes to, named as the customer: "Deliver To (Customer)")
        /deliver(?:y)?\s*to\s*\(\s*(?:the\s*)?(?:customer|borrower|applicant|buyer|hirer)\s*\)/i,
        /customer/i,
        /(?<!co[\s-]*)borrower/i,
        /(?<!co[\s-]*)applicant/i,
      ],
      sections: [/(?:customer|borrower|applicant)(?:'s)?\s*(?:details|information|info)/i],
      inSection: [/name/i],
    },
    customer_mobile_number: {
      labels: [
        /(?:customer|borrower|applicant)?(?:'s)?\s*(?:mobile|mob|phone|ph|contact|cell)\s*(?:no|number|#)?/i,
        // (a lender's portal names the borrower's number as the one registered with it: "Registered Mobile (No.)")
        /registered\s*(?:mobile|mob|phone|contact)\s*(?:no|number|#)?/i,
        /(?:mobile|mob|phone|contact|cell)\s*(?:no|number)?\.?\s*of\s*(?:the\s*)?(?:customer|borrower|applicant|buyer)/i,
      ],
    },
    order_number: {
      // (a card lender's purchase authorisation is numbered as such: "Auth. No. (DO Ref.)")
      labels: [/(?:d\.?\s?o\.?|d\.\s?0\.|delivery\s*order)\s*(?:no|number|#|ref)/i, /order\s*(?:no|number|#)/i, /\b(?:sanction|authori[sz]ation)\s*(?:ref(?:erence)?\.?\s*)?(?:no|number|#)/i, /(?:our\s*)?ref(?:erence)?\.?\s*(?:no|number)?/i, /\bauth(?:ori[sz]ation)?\.?\s*(?:no|number)\b/i],
    },
    order_date: {
      // ("DO Dt.": a lender's grid abbreviates the date as invoices do, "Inv. Dt.")
      // (a date key qualified by another event is not the order's: "Disbursement Date", "First EMI Date", "Date of Birth")
      // (a portal's or dealer app's row names the moment the DO was made: "DO Issued On", "Generated On")
      labels: [/(?:d\.?\s?o\.?|d\.\s?0\.|delivery\s*order|order)\s*(?:date|dt\b\.?)/i, /date\s*of\s*issue|issue\s*date/i, /^\s*(?:(?:d\.?\s?o\.?|delivery\s*order)\s*)?(?:issued|generated)\s*on\s*$/i, /dated/i, /date/i],
    },
    asset_model: {
      labels: [/(?:asset|product|device|handset|item|vehicle)\s*(?:\/\s*)?(?:model|name|description|details)?(?:\s*name)?/i, /model(?:\s*(?:name|no))?/i, /make\s*(?:&|and|\/)\s*model(?:\s*of\s*(?:the\s*)?(?:tractor|vehicle|asset|product|device|handset|machine|equipment))?/i, /(?:model|make)\s*of\s*(?:the\s*)?(?:vehicle|asset|product|device|handset)/i],
    },
    amount: {
      labels: [
        // (the cost the lender finances, as the dealer's invoice states it: "Asset Cost as per Invoice")
        // (a lender's grid abbreviates it: "ASSET VAL.", "Asset Val")
        /(?:gross\s*|total\s*)?asset\s*(?:cost|value|val\b\.?|price)(?:\s*as\s*per\s*(?:the\s*)?(?:dealer'?s?\s*)?(?:invoice|quotation|proforma))?/i,
        /(?:cost|value|price)\s*of\s*(?:the\s*)?(?:asset|product|device|vehicle|goods)/i,
        // a farm loan's cost table: the bold total of the tractor and its implements (the ex-showroom row is the tractor alone)
        /total\s*(?:project\s*)?cost(?:\s*of\s*(?:the\s*)?(?:tractor|vehicle|asset|machine(?:ry)?|equipment)s?(?:\s*(?:&|and)\s*implements?)?)?(?:\s*as\s*per\s*quotation)?/i,
        /(?:product|prod\.?|device|handset|ex[\s-]*showroom)\s*(?:cost|price|value)/i,
        /(?:invoice|inv\.?|product|device)\s*(?:amount|amt\.?|value|cost|price)/i,
        // ("Amt. of Invoice", "Amount of Invoice": the dealer's invoice value, as the lender's asset table prints it)
        /(?:amount|amt\.?|value)\s*of\s*(?:the\s*)?invoice/i,
        // the invoice's total before the lender's figures ("Total Amount" over "EMI Amount" / "Loan Amount")
        /^\s*total\s*(?:amount|amt\.?|value)\b/i,
        /(?:loan|finance|financed|disbursement|net)\s*amount/i,
        /amount/i,
      ],
    },
  },
  addressFields: ['dealer_address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['dealer_name', 'dealer_address', 'customer_name', 'customer_mobile_number', 'order_number', 'order_date', 'asset_model', 'amount'] },
};
