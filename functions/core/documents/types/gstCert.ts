/** GST registration certificate (Form GST REG-06). */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasGstin, re } from '../cues.ts';
import { extractGstCert } from '../fields/gstCert.ts';

export const gstCert: DocumentTypeDeclaration = {
  type: 'GST_CERT',
  cues: [
    re('form-gst-reg-06', 4, /form\s*GST\s*REG\s*-?\s*0?6/i),
    re('registration-certificate', 2, /registration\s*certificate|certificate\s*of\s*registration/i),
    re('goods-and-services-tax', 1.5, /goods\s*and\s*services\s*tax/i),
    re('legal-name', 1, /legal\s*name/i),
    re('trade-name', 1, /trade\s*name/i),
    re('constitution-of-business', 1.5, /constitution\s*of\s*business/i),
    { name: 'valid-gstin', weight: 1, test: hasGstin },
    // Present without the form's heading (portal printouts, cropped photos).
    re('principal-place', 1.5, /principal\s*place\s*of\s*business/i),
    // REG-06's annexures, a page of which may come alone: additional places, partners / Karta
    re('reg06-annexure', 2, /details\s*of\s*additional\s*places?\s*of\s*business|managing\s*\/\s*authori[sz]ed\s*partners|authori[sz]ed\s*partners\s*\/\s*karta/i),
    re('date-of-liability', 1.5, /date\s*of\s*liability|type\s*of\s*registration|taxpayer\s*type/i),
  ],
  fields: {
    gstin: 'string',
    legal_name: 'string',
    trade_name: 'string',
    address: 'string',
    date_of_registration: 'string',
  },
  extract: extractGstCert,
  vocabulary: {
    legal_name: { labels: [/legal\s*name(?:\s*of\s*(?:the\s*)?(?:business|taxpayer))?/i, /name\s*of\s*(?:the\s*)?(?:taxpayer|registered\s*person)/i, /taxpayer(?:'s)?\s*name/i] },
    trade_name: { labels: [/trade\s*name(?:\s*of\s*(?:the\s*)?business)?(?:,?\s*if\s*any)?/i, /trading\s*name/i] },
    address: {
      labels: [
        // (a re-typed or 2017 paper copy may cut the caption after "Principal Place": in GST it names no other place)
        /address\s*of\s*(?:the\s*)?principal\s*place(?:\s*of\s*business)?/i,
        /principal\s*place\s*of\s*business(?:\s*address)?/i,
        /(?:principal\s*)?place\s*of\s*business/i,
        /(?:business|registered)\s*address/i,
        /\baddress\b/i,
      ],
    },
    date_of_registration: {
      labels: [
        /(?:effective\s*)?date\s*of\s*registration/i,
        /registration\s*date/i,
        /date\s*of\s*liability|\bliability\s*date/i,
        /registered\s*(?:on|since)/i,
        // (the registration's effective date: "With effect from", "Effective Date")
        /with\s*effect\s*from|\bw\.?\s*e\.?\s*f\.?(?=[\s:.]|$)|^\s*effective\s*date\b/i,
        /date\s*of\s*validity/i,
        /date\s*of\s*issue/i,
      ],
    },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['gstin', 'legal_name', 'trade_name', 'address', 'date_of_registration'] },
};
