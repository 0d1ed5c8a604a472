/** Udyam (MSME) registration certificate. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasUdyam, re } from '../cues.ts';
import { extractUdyam } from '../fields/udyam.ts';

export const udyamCert: DocumentTypeDeclaration = {
  type: 'UDYAM_CERT',
  cues: [
    // The certificate names itself; other documents only mention Udyam ("quote your Udyam number",
    // "Udyam-linked offers", a licence printing the holder's Udyam number), so the word alone weighs less.
    re('udyam-certificate', 2, /udyam\s*(?:registration\s*)?certificate/i),
    re('udyam', 2, /udyam/i),
    re('msme', 2, /micro,?\s*small\s*(?:and|&)\s*medium/i),
    { name: 'udyam-number', weight: 2, test: hasUdyam },
    // The certificate's own captions, printed whatever its heading: the enterprise's name and type, its activity and category.
    re('type-of-enterprise', 1.5, /type\s*of\s*(?:the\s*)?enterprise|enterprise\s*type|name\s*of\s*(?:the\s*)?enterprise|enterprise\s*name/i),
    re('enterprise-details', 1, /social\s*category|nic\s*(?:code|\d)|date\s*of\s*(?:incorporation|commencement)|investment\s*(?:and|&)\s*turnover/i),
    re('major-activity', 1, /major\s*activity/i),
    re('msme-word', 1.5, /\bMSME\b/),
  ],
  fields: {
    udyam_number: 'string',
    enterprise_name: 'string',
    enterprise_type: 'string',
    address: 'string',
    date_of_registration: 'string',
  },
  extract: extractUdyam,
  vocabulary: {
    enterprise_name: { labels: [/name\s*of\s*(?:the\s*)?(?:enterprise|msme)/i, /enterprise(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:unit|firm|business)(?:\s*\(s\))?/i, /^\s*business\s*name\b/i] },
    address: {
      labels: [
        /(?:official\s*)?address\s*of\s*(?:the\s*)?enterprise/i,
        /official\s*address/i,
        /(?:enterprise|registered|office|business)\s*address/i,
        /\baddress\b/i,
      ],
    },
    // Never the date of incorporation or of commencement: the Udyam certificate's own registration date.
    date_of_registration: { labels: [/date\s*of\s*udyam\s*registration/i, /udyam\s*registration\s*date/i, /date\s*of\s*registration/i, /regi?s?(?:tration|tn|n)\.?\s*date/i, /registered\s*on/i] },
  },
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['udyam_number', 'enterprise_name', 'enterprise_type', 'address', 'date_of_registration'] },
};
