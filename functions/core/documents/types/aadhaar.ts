/** Aadhaar card or letter: name, date of birth, address, the number (Verhoeff-checked, masked). */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasAadhaar, re } from '../cues.ts';
import { extractAadhaar } from '../fields/aadhaar.ts';

export const aadhaar: DocumentTypeDeclaration = {
  type: 'AADHAAR',
  cues: [
    re('uidai', 3, /unique\s*identification\s*authority/i),
    re('aadhaar-word', 2.5, /aadhaa?r|आधार/i),
    re('government-of-india', 0.5, /government\s*of\s*india|भारत\s*सरकार/i),
    { name: 'verhoeff-valid-number', weight: 2, test: hasAadhaar },
    re('dob-or-yob', 0.5, /\bDOB\b|year\s*of\s*birth|जन्म/i),
    re('vid', 1, /\bVID\b|enrol?ment\s*no/i),
    // A card photographed with its heading cut off still prints the holder's gender.
    re('gender', 1, /\b(?:male|female|transgender)\b|पुरुष|महिला/i),
  ],
  fields: {
    name: 'string',
    date_of_birth: 'string',
    address: 'string',
    aadhaar_number: 'string',
  },
  extract: extractAadhaar,
  addressFields: ['address'],
  pageImage: true,
  sparseReread: false,
  secondReading: { whenWeak: ['name', 'date_of_birth', 'address', 'aadhaar_number'] },
};
