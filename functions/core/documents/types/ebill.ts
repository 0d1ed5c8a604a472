/** Electricity bill. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractEbill } from '../fields/ebill.ts';

export const ebill: DocumentTypeDeclaration = {
  type: 'EBILL',
  cues: [
    re('electricity', 2, /electricity|power\s*(?:distribution|supply)|vidyut|bijli|energy\s*(?:bill|charges)/i),
    re('units-consumed', 2.5, /units?\s*(?:consumed|billed)|consumption\s*\(?kwh/i),
    re('consumer-no', 2, /consumer\s*(?:no|number|name|id)|\bCA\s*No|service\s*connection\s*(?:no|number)/i),
    re('bill-date', 1, /bill\s*date|date\s*of\s*bill/i),
    re('meter-tariff', 1.5, /meter\s*(?:no|reading)|\bkwh\b|tariff|sanctioned\s*load/i),
    re('due-date', 0.5, /due\s*date|pay\s*by/i),
    // Other utilities print the same bill: water and sewerage, piped gas, telephone and broadband.
    re('utility-service', 3, /water\s*(?:charges|bill|tax|supply|connection|meter)|sewerage|piped\s*(?:natural\s*)?gas|gas\s*(?:bill|connection)|post\s*-?paid|broadband|landline|telephone\s*bill|demand\s*notice/i),
    // A telecom or broadband account's charges: rental of a plan, usage, a credit limit, a late fee.
    // (or a service cut off when unpaid: "Services are deactivated if unpaid", "disconnection")
    re('recurring-service', 2.5, /monthly\s*rental|usage\s*charges|credit\s*limit|late\s*(?:payment\s*)?fee|\b(?:de|re)activat(?:ed|ion)\b|\bdisconnect(?:ed|ion)\b/i),
    re('amount-due', 1, /\b(?:total\s*|net\s*)?amount\s*(?:due|payable)\b|\btotal\s*(?:due|payable)\b/i),
    re('bill-period', 1.5, /bill(?:ing)?\s*(?:period|cycle|month)|previous\s*(?:balance|dues|outstanding|reading)|current\s*charges/i),
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
    consumer_name: {
      labels: [
        /consumer(?:'s)?\s*name/i,
        // (a dotted leader may take the caption's last letter: "Name of CONSUME. . . . .")
        /name\s*of\s*(?:the\s*)?(?:consumer?|customer|subscriber|owner|occupier)\b/i,
        /(?:customer|subscriber|account|owner|occupier)(?:'s)?\s*name/i,
        // (a utility app's account card: "Account Holder")
        /(?:account|a\/c)\s*holder(?:'s)?(?:\s*name)?/i,
        /(?:owner|occupier)\s*(?:\/\s*(?:owner|occupier))?/i,
        // (never a relative's: "Father's / Husband's Name")
        /(?<!\b(?:father|husband|guardian|spouse)(?:'s)?\s*(?:\/\s*[a-z]+(?:'s)?\s*)?)\bname\b/i,
      ],
    },
    consumer_number: {
      labels: [
        // "No." is often read "N0."
        // (never the number before a migration: "Old Consumer No." / "Old A/c No." print beside the current one)
        /(?<!\b(?:old|previous|prev\.?|earlier)\s*)consumer\s*(?:n[o0]|number|id|code)\.?/i,
        /\bCA\s*(?:n[o0]|number)\.?/i,
        // (Rajasthan's discoms number a connection by its "K Number", and bill-payment apps print their caption)
        /\bK\s*number\b/i,
        /(?:service|connection)\s*(?:connection\s*)?(?:n[o0]|number|id)\.?/i,
        /(?<!\b(?:old|previous|prev\.?|earlier)\s*)(?:customer\s*)?account\s*(?:n[o0]|number|id)\.?/i,
        /relationship\s*(?:n[o0]|number)\.?/i,
        /(?:customer|subscriber)\s*(?:id|n[o0]|number)\.?/i,
        /\bK\s*N[o0]\.?/i,
        /\b(?:BP|USC|SC)\s*(?:n[o0]|number)\.?/i,
        // (a spot-billing strip's abbreviations: Karnataka's revenue-register "RR No." / "R.R.NO", "K.NO.", "CONS NO" / "CONS#")
        /\bR\.?\s*R\.?\s*(?:n[o0]|number)\b\.?/i,
        /\bK\.\s*N[o0]\b\.?/i,
        /\bcons\.?\s*(?:n[o0]\b\.?|#)/i,
      ],
    },
    // (a qualified key keeps its meaning with its last letter lost to OCR: "Supply Addres")
    address: { labels: [/(?:supply|premises|consumer|service|installation|billing|connection|property|communication)\s*addres{1,2}\b/i, /address\s*of\s*(?:the\s*)?(?:premises|consumer|connection)/i, /\baddress\b/i,
      // (a hand-held spot bill abbreviates its captions: "Addr:")
      /^\s*addr\.?\s*:?\s*$/i,
      // (a spot-billing strip: "ADDR" with the first line after it)
      /^\s*addr\b\.?/i] },
    // ("Bill Generation Date" / "Bill Generated On": an e-mailed summary's date of the bill, not the mail's)
    bill_date: { labels: [/bill(?:ing)?\s*date/i, /bill\s*(?:generation|generated|gen\.?)\s*(?:date|dt\b\.?|on)|date\s*of\s*(?:bill\s*)?generation/i, /date\s*of\s*(?:bill|billing|issue)/i, /bill\s*issue\s*date/i, /bill\s*dt\.?/i, /issue\s*date/i,
      // (a telecom bill is a GST tax invoice: its "Invoice Date" is the bill's)
      /invoice\s*date/i,
      // (a consumer's account statement dates the bill it is: "Consumer Account Statement cum Bill" / "Statement Date")
      /statement\s*date/i] },
    amount_due: {
      labels: [
        // (a bill's boxed figure abbreviated: "AMT PAYABLE", "Total Amt Due")
        /(?:net\s*|total\s*)?(?:amount|\bamt\b\.?)\s*(?:due|payable)(?:\s*\(?rs\.?\)?)?/i,
        /total\s*(?:amount\s*)?(?:due|payable)/i,
        // ("Net Payable Amount" whole: a caption over its boxed figure)
        /(?:net\s*)?payable\s*amount/i,
        // the boxed "Payable on or before due date" / "Payable by due date" (beside the amount after it)
        /(?:(?:net\s*)?amount\s*)?payable\s*\(?\s*(?:on\s*or\s*)?(?:before|by)\s*(?:the\s*)?due\s*date\)?/i,
        // (what is payable after arrears and interest come before the bill's own amount: "Bill Amount" then "Net Payable")
        /net\s*payable/i,
        // (a spot bill's boxed figure: "Pay by due date  Rs. 1,179.00", beside "After due date")
        /^\s*pay\s*(?:by|before)\s*(?:the\s*)?due\s*date\b(?!\s*:?\s*\d{1,2}[-/. ])/i,
        /amount\s*to\s*be\s*paid/i,
        // (a spot-billing strip: "NET AMT" after the bill amount, arrears and adjustment)
        /\bnet\s*amt\b\.?/i,
        /(?:current\s*)?bill\s*amount/i,
      ],
    },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['consumer_name', 'consumer_number', 'address', 'bill_date', 'amount_due'] },
};
