/** Close-up of the IMEI label on a phone box. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasImei, re } from '../cues.ts';
import { extractImei } from '../fields/imei.ts';

export const imeiCloseupImage: DocumentTypeDeclaration = {
  type: 'IMEI_CLOSEUP_IMAGE',
  cues: [
    re('imei-word', 2, /\bIMEI/i),
    { name: 'luhn-valid-imei', weight: 2.5, test: hasImei },
    re('ram-rom', 0.5, /\bRAM\b|\bROM\b|storage/i),
    re('mrp', 0.5, /M\.?R\.?P/i),
    re('model', 0.5, /\bmodel\b/i),
  ],
  fields: {
    model: 'string',
    ram: 'string',
    rom: 'string',
    imei_number: 'array',
    price: 'number',
  },
  extract: extractImei,
  vocabulary: {
    // The model's name before its number: "Model No." is often the maker's code ("CPH2599").
    model: { labels: [/model\s*name/i, /model(?:\s*(?:no\.?|number))?/i] },
  },
  addressFields: [],
  pageImage: false,
  sparseReread: true,
};
