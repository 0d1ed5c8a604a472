/** Shops and Establishments registration (Gumasta). */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractShopAct } from '../fields/shopAct.ts';

export const shopActLicense: DocumentTypeDeclaration = {
  type: 'SHOP_ACT_LICENSE',
  cues: [
    re('shops-and-establishments', 4, /shops?\s*(?:and|&)\s*(?:commercial\s*)?establishments?/i),
    re('name-of-establishment', 1.5, /name\s*of\s*(?:the\s*)?establishment|establishment\s*name/i),
    re('gumasta', 2, /gumasta/i),
    re('establishment-certificate', 2, /registration\s*certificate\s*of\s*(?:an?\s*)?establishment/i),
    // The Act's and the department's Hindi names as printed in Latin letters beside the English
    // ("Dukan Aur Vanijya Adhishthan Adhiniyam", "Shram Vibhag").
    re('shops-act-hindi', 4, /\bd(?:u+|oo)ka+n\s*(?:aur|evam|va)\s*va+nijya/i),
    re('labour-department', 1, /labou?r\s*department|shram\s*vibha+g/i),
    re('intimation', 0.5, /intimation\s*receipt|form\s*['‘’]?[FfBb]['‘’]?\b/i),
    // Without the Act's name: municipal and state certificates name the employer and the establishment.
    re('employer', 1.5, /name\s*of\s*(?:the\s*)?employer|employer(?:'s)?\s*name|owner\s*\/\s*employer|employer\s*\/\s*owner/i),
    re('establishment-word', 1, /\bestablishment\b/i),
    // (and its Hindi name in Latin letters, "Vyapar Anugyapti", printed under the title)
    re('trade-licence', 2, /trade\s*licen[cs]e|certificate\s*of\s*enlistment|vya+pa+r\s*anugya+pti/i),
    // a municipal trade licence's own captions and grant ("Nature of Trade", "Address of Trade Premises", "licensed to carry on the trade")
    re('trade-captions', 1, /nature\s*of\s*trade|trade\s*premises|carry\s*on\s*(?:the\s*)?trade/i),
    // (a licence names its holder: "Name of Licensee"; a municipality's fee receipt that is the licence too)
    re('licensee', 1, /name\s*of\s*(?:the\s*)?licensee|licensee(?:'s)?\s*name/i),
    re('municipal', 1, /municipal\s*(?:corporation|council)|nagar\s*(?:nigam|palika)|ward\s*(?:no|office)/i),
    re('employees', 1, /(?:number|no\.?)\s*of\s*(?:workers|employees)|nature\s*of\s*business/i),
  ],
  fields: {
    registration_number: 'string',
    establishment_name: 'string',
    address: 'string',
    valid_upto: 'string',
  },
  extract: extractShopAct,
  vocabulary: {
    registration_number: {
      labels: [
        // (OCR reads a small "No." as "Na." or "N0.")
        /registration\s*(?:n[oa0](?![a-z])|number|certificate\s*no)\.?/i,
        /(?:certificate|(?:trade\s*)?licen[cs]e|regn\.?|reg\.?)\s*(?:no|number|#)\.?/i,
        // (the certificate's number qualified by its kind: "Regn. Certificate No.", beside an "Application No.")
        /\b(?:regn|reg|registration)\.?\s*certificate\s*(?:no|number|#)\.?/i,
        /(?:establishment|shop)\s*(?:registration\s*)?(?:no|number|id)\.?/i,
        // West Bengal's municipal trade licence is a "Certificate of Enlistment"
        /(?:certificate\s*of\s*)?enlistment\s*(?:certificate\s*)?(?:no|number)\.?/i,
      ],
    },
    establishment_name: {
      labels: [
        // (a panchayat trade licence's "Name of Shop / Firm")
        /name\s*of\s*(?:the\s*)?(?:establishment|shop|firm|business)(?:\s*\/\s*(?:establishment|shop|firm|business))?/i,
        /(?:establishment|shop|firm|business|trade)\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:shop\s*\/\s*)?establishment/i,
      ],
    },
    address: {
      labels: [
        // (OCR reads the caption's "Address" as "Addrass", "Addresss")
        // ("Address of Trade Premises", "Address of the place of business": a municipal trade licence's)
        /(?:postal\s*)?addr[ae]s{1,3}\s*of\s*(?:the\s*)?(?:(?:trade|business)\s*)?(?:establishment|shop|business|premises|place\s*of\s*(?:business|trade))/i,
        /(?:establishment|shop|business|premises)\s*addr[ae]s{1,3}/i,
        // ("Location of the Establishment": the caption some state forms print for the premises; a municipal trade
        // licence's "Location of Trade" / "Situation of Premises")
        /(?:location|situation)\s*of\s*(?:the\s*)?(?:establishment|shop|business|premises|trade)/i,
        /postal\s*address/i,
        /\baddress\b/i,
      ],
    },
    valid_upto: {
      labels: [
        // a renewal receipt's own period end first; an "Earlier / Previous valid upto" is the period before it
        /renewed\s*(?:valid\s*)?(?:up\s*to|upto|till|until)/i,
        /(?<!(?:earlier|previous|old|prior|last|original)\s*)valid\s*(?:up\s*to|upto|till|until)/i,
        // "Period of validity of / registration, up to" (a key wrapped over two lines, the value beside its first)
        /period\s*of\s*validity(?:\s*of\b)?/i, /validity(?:\s*(?:up\s*to|upto|till|date))?/i, /date\s*of\s*expiry|expiry\s*date|renewal\s*(?:due\s*(?:on|date)|date)|expires\s*on/i,
      ],
    },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['registration_number', 'establishment_name', 'address', 'valid_upto'] },
};
