/** FSSAI food business licence or registration. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractFssai } from '../fields/fssai.ts';

/**
 * A caption's qualifier naming the licence the value is copied from, as a delivery or aggregator
 * partner's screen prints it ("Name as per FSSAI", "Business name on licence", "Premises address on
 * licence"): the whole caption is the label, so none of it is read into the value.
 */
const AS_ON_LICENCE = String.raw`\s*(?:on|in|as\s*per)\s*(?:the\s*)?(?:fssai\s*)?(?:licen[cs]e|registration|certificate|fssai|records?)(?:\s*(?:licen[cs]e|registration|certificate))?`;

export const fssaiCertificate: DocumentTypeDeclaration = {
  type: 'FSSAI_CERTIFICATE',
  cues: [
    re('fssai', 3, /\bFSSAI\b/i),
    re('food-safety', 3, /food\s*safety/i),
    re('food-business-operator', 1.5, /food\s*business\s*operator/i),
    re('license-number-14', 1, /licen[cs]e\s*(?:no|number)\.?\s*:?\s*\d{14}\b/i),
    // a registration's number is 14 digits too, starting 2 (a licence's 1)
    // ("Regn. No. 22724909430498", a speck of the laminate between caption and number)
    re('registration-number-14', 1, /(?:registration|regn\.?)\s*(?:no|number)\.?\s*:?\s*(?:[^\w\s]\s*)?[12]\d{13}\b/i),
    // the operator as the Act names it ("FBO Name", "Name of FBO")
    re('fbo', 1, /\bFBO\b/),
    re('food-business', 1, /food\s*business|kind\s*of\s*business|food\s*categor/i),
    // The licence's 14 digits beside its label in a column of their own ("LICENSE NO." over the number), and its premises.
    re('licence-and-14-digits', 1, /\blicen[cs]e\b[\s\S]{0,80}(?<!\d)[12]\d{13}(?!\d)/i),
    re('premises', 1, /address\s*of\s*(?:the\s*)?premises|premises\s*address/i),
  ],
  fields: {
    license_number: 'string',
    business_name: 'string',
    address: 'string',
    valid_upto: 'string',
  },
  extract: extractFssai,
  vocabulary: {
    business_name: {
      labels: [
        new RegExp(`(?:(?:business|trade|outlet|firm|shop)\\s*)?name${AS_ON_LICENCE}`, 'i'),
        /name\s*of\s*(?:the\s*)?(?:food\s*)?business(?!\s*operator)(?:\s*\/\s*(?:company|stall|cart|kiosk|shop))?/i,
        /business\s*name/i,
        // a state licence's "Name & Style of Business"
        /name\s*(?:&|and)\s*style\s*of\s*(?:the\s*)?business/i,
        // a street vendor's registration names the stall or cart (the operator is the person running it)
        /name\s*of\s*(?:the\s*)?(?:cart|stall|kiosk|outlet)(?:\s*\/\s*(?:cart|stall|kiosk|outlet))?/i,
        /(?:stall|cart|kiosk)\s*name/i,
        // (a panchayat's Form C: "Name of Establishment / Shop")
        /name\s*of\s*(?:the\s*)?(?:company|firm|establishment|outlet)(?:\s*\/\s*(?:company|shop))?/i,
        // the operator: the business on a company's licence, a person on a home kitchen's registration
        // (after the establishment's own name when both are printed)
        /name\s*of\s*(?:the\s*)?(?:fbo|food\s*business\s*operator)(?:\s*\/\s*company)?/i,
        /(?:company|firm|trade|outlet|shop)\s*name/i,
        // (a menu's or a food label's statutory box names the outlet by its kind: "Restaurant | Karavali Dhaba")
        /^\s*(?:restaurant|hotel|eatery|caf[eé]|bakery|sweet\s*shop)(?:\s*name)?\s*:?\s*$/i,
      ],
    },
    address: {
      labels: [
        new RegExp(`(?:(?:premises|business|site|outlet|unit)\\s*)?address${AS_ON_LICENCE}`, 'i'),
        // "Address of (Food Business | Kitchen) Premises", "Address of Food Business", "Address of the premises for which licence is issued"
        /address\s*of\s*(?:the\s*)?(?:(?:authori[sz]ed|kitchen|food\s*business|business)\s*(?:\/\s*)?)?(?:premises|(?:food\s*)?business)(?:\s*for\s*which\s*(?:the\s*)?(?:licen[cs]e|registration)\s*is\s*(?:issued|granted|sought)|\s*\(\s*(?:licen[cs]ed|registered)\s*\))?/i,
        /(?:premises|business|site|outlet|unit)\s*address/i,
        /place\s*of\s*business/i,
        // a street vendor's premises: where the cart stands, not the operator's residence
        /(?:address\s*of\s*(?:the\s*)?)?(?:vending|hawking)\s*(?:place|zone|site|location|spot)|place\s*of\s*(?:vending|hawking)/i,
        /(?:location|address|place)\s*of\s*(?:the\s*)?(?:cart|stall|kiosk)(?:\s*\/\s*(?:cart|stall|kiosk))?/i,
        // (a column headed by the premises alone, beside the communication address's: "Premises", "Location of Premises")
        /^\s*(?:(?:location|address)\s*of\s*(?:the\s*)?)?premises\s*:?\s*$/i,
        /\baddress\b/i,
      ],
    },
    valid_upto: { labels: [/valid\s*(?:up\s*to|upto|till|until)/i, /validity(?:\s*(?:up\s*to|upto|till|date))?/i, /date\s*of\s*expiry|expiry\s*date|expires\s*on/i] },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['license_number', 'business_name', 'address', 'valid_upto'] },
};
