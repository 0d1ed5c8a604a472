/** FSSAI food business licence or registration. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { re } from '../cues.ts';
import { extractFssai } from '../fields/fssai.ts';

export const fssaiCertificate: DocumentTypeDeclaration = {
  type: 'FSSAI_CERTIFICATE',
  cues: [
    re('fssai', 3, /\bFSSAI\b/i),
    re('food-safety', 3, /food\s*safety/i),
    re('food-business-operator', 1.5, /food\s*business\s*operator/i),
    re('license-number-14', 1, /licen[cs]e\s*(?:no|number)\.?\s*:?\s*\d{14}\b/i),
  ],
  fields: {
    license_number: 'string',
    business_name: 'string',
    address: 'string',
    valid_upto: 'string',
  },
  extract: extractFssai,
  addressFields: ['address'],
  pageImage: false,
  sparseReread: false,
};
