/** Close-up of the IMEI label on a phone box. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasImei, hasItemTable, re } from '../cues.ts';
import { extractImei } from '../fields/imei.ts';

export const imeiCloseupImage: DocumentTypeDeclaration = {
  type: 'IMEI_CLOSEUP_IMAGE',
  cues: [
    re('imei-word', 2, /\bIMEI/i),
    { name: 'luhn-valid-imei', weight: 2.5, test: hasImei },
    re('ram-rom', 0.5, /\bRAM\b|\bROM\b|storage/i),
    re('mrp', 0.5, /M\.?R\.?P/i),
    re('model', 0.5, /\bmodel\b/i),
    // A phone box label whose IMEI lines were lost to the barcodes beside them is still a phone label:
    // a maker's name and a memory specification ("4 GB RAM | 128 GB ROM", "8GB+256GB").
    re('phone-brand', 1, /\b(?:samsung|oppo|vivo|xiaomi|redmi|realme|oneplus|motorola|apple|iphone|nokia|iqoo|poco|infinix|tecno|itel|lava|micromax|honor|nothing\s*phone)\b/i),
    // (the memory printed name first as well: "RAM 8 GB / ROM 128 GB")
    // An invoice, order or challan for a phone prints its IMEI, brand and memory too, in a priced item table.
    { name: 'item-table', weight: -3, test: hasItemTable },
    // So does a lender's order or letter for it: a label, a screen or a shop's price tag names no borrower, loan
    // account, sanctioned or financed amount, nor the lender's hypothecation (a tag's "EMI from" and "zero down payment" may).
    re('lender-terms', -3, /\bborrower\b|\bloan\s*(?:amount|amt|a\s*[\/l1|]\s*c|account|sanctioned)\b|\bfinance\s*amount\b|\bhypothecation\b|\bLAN\b/i),
    re('memory-spec', 1, /\b\d{1,2}\s*GB\s*(?:RAM\b|\+\s*\d{2,4}\s*GB|[|/]\s*\d{2,4}\s*GB)|\bRAM\s*:?\s*\d{1,2}\s*GB\b/i),
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
    // ("Product: Edge 50 Fusion" on a carton, beside a "Model No." code)
    // ("Marketing Name" / "Device Name": the name the phone is sold under; a bare "Model" before "Model No.")
    model: {
      labels: [
        /model\s*name|marketing\s*name|device\s*name/i,
        /^\s*product(?:\s*name)?\s*$/i,
        /\bmodel\b(?!\s*(?:no\b|number|#|code))/i,
        /model(?:\s*(?:no\.?|number))?/i,
      ],
    },
    // The whole caption, so a qualified memory is not the phone's own ("RAM Plus", "Virtual RAM", "Extended RAM"):
    // "RAM", "RAM Size", "RAM Capacity", "RAM Memory", "Memory (RAM)", "Installed RAM".
    ram: { labels: [/^\s*(?:installed\s*)?(?:ram|memory\s*\(\s*ram\s*\))(?:\s*(?:size|capacity|memory))?\s*:?\s*$/i] },
    // ("Internal Memory", "Inbuilt Storage", "Storage Capacity", "Phone Storage": never an expandable or available one, nor a bare "Memory")
    rom: {
      labels: [
        /^\s*(?:rom|(?:internal|inbuilt|in[\s-]*built|built[\s-]*in|phone|device)\s*(?:storage|memory|rom)(?:\s*capacity)?|storage(?:\s*(?:size|capacity))?)\s*:?\s*$/i,
      ],
    },
  },
  addressFields: [],
  pageImage: false,
  sparseReread: true,
  secondReading: { whenWeak: ['model', 'ram', 'rom', 'imei_number', 'price'] },
};
