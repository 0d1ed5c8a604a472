/** PAN card: the number (structure-checked), the holder, father's name, date of birth, and the image signals. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { hasPan, re } from '../cues.ts';
import { extractPan } from '../fields/pan.ts';

export const pan: DocumentTypeDeclaration = {
  type: 'PAN',
  cues: [
    re('income-tax-department', 3, /income\s*tax\s*department|आयकर\s*विभाग/i),
    re('permanent-account-number', 3, /permanent\s*account\s*number/i),
    { name: 'valid-pan', weight: 1.5, test: hasPan },
    re('govt-of-india', 0.5, /govt\.?\s*of\s*india/i),
    // a file noting or cover naming the card itself ("Document : PAN Card (Original Seen)", "e-PAN")
    re('pan-card-word', 1, /\bPAN\s*card\b|\be-?PAN\b(?!\s*(?:no|number)\b)/i),
    // Without the heading: the card's own captions.
    re('fathers-name', 1, /father['’]?s\s*name|पिता\s*का\s*नाम/i),
    re('date-of-birth', 0.5, /date\s*of\s*birth|जन्म\s*की\s*तारीख/i),
    // An old card photographed without its heading prints no captions: a valid PAN and a date on a card's few words.
    { name: 'pan-card-shape', weight: 1.5, test: (t) => t.split(/\s+/).length <= 60 && /(?<!\d)\d{2}[/.-]\d{2}[/.-]\d{4}(?!\d)/.test(t) && hasPan(t) },
  ],
  fields: {
    name_as_per_pan: 'string',
    pan_number: 'string',
    dob: 'string',
    father_name: 'string',
    is_original: 'string',
    document_quality_flag: 'string',
  },
  extract: extractPan,
  vocabulary: {
    name_as_per_pan: {
      labels: [
        /name\s*of\s*(?:the\s*)?(?:pan\s*)?card\s*holder/i,
        /(?:card\s*)?holder(?:'s)?\s*name/i,
        // an app's or a verification record's captions: "Name as per PAN", "Full Name"
        /\bname\s*as\s*(?:per|on|in)\s*(?:the\s*)?(?:pan(?:\s*card)?|card|records?|ITD)\b/i,
        /\bfull\s*name\b/i,
        // "Name", never "Father's Name" / "Mother's Name" (the parents' keys), nor the bilingual father's
        // caption with its English garbled ("Pita ka Naam / Father's Name" read "Pita KNEE Def Name")
        // (nor what a verification request entered, "Name Entered" / "Name as entered", nor one part of a split name:
        // "Last Name" / "First Name" / "Middle Name" / "Surname")
        /(?<!(?:father|mother)['’]?s?\s*|\b(?:pita|mata)\b.{0,24}|\b(?:first|last|middle|given|family|sur)\s*)\bname\b(?!\s*(?:as\s*)?(?:entered|input|provided|submitted|keyed|match))/i,
      ],
    },
    // (a KYC form's or verification record's "Father's / Husband's Name": a married woman's PAN may name her husband)
    father_name: { labels: [/father['’]?s?\s*name/i, /father['’]?s?\s*(?:\/|or)\s*(?:spouse|husband)['’]?s?\s*name/i, /name\s*of\s*(?:the\s*)?father/i, /\bpita\s*ka\s*naam\b/i, /^\s*pita\b.{0,24}$/i] },
  },
  addressFields: [],
  pageImage: true,
  sparseReread: false,
  secondReading: { whenWeak: ['name_as_per_pan', 'pan_number', 'dob', 'father_name'] },
};
