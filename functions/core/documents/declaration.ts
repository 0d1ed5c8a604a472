/**
 * Everything the service knows about one document type, declared in one place
 * (types/<type>.ts): how it is recognised, which fields it returns and how they are read, which
 * of them are addresses, and what its page image is needed for.
 */
import type { SupportedDocumentType } from './typeNames.ts';
import type { Extractor, FieldKind, FieldVocabulary } from './fields/common.ts';

/** A classification cue: present in the text or not; a type's score is the sum of its cues' weights. */
export interface Cue {
  name: string;
  weight: number;
  test: (text: string) => boolean;
}

export interface DocumentTypeDeclaration {
  type: SupportedDocumentType;
  /** Classification cues (none for a type recognised from the image, such as an open-box photo). */
  cues: readonly Cue[];
  /** The fields it returns, in the order the spec lists them (docs/document-fields.md). */
  fields: Readonly<Record<string, FieldKind>>;
  extract: Extractor;
  /** Label synonyms per field, as documents of this type print them. */
  vocabulary?: Readonly<Record<string, FieldVocabulary>>;
  /** Address fields: each also gets a structured `formatted_address` beside its raw value. */
  addressFields: readonly string[];
  /**
   * Its image is used beyond OCR (originality signal, redacted copy), so a PDF's first page is
   * rendered for it.
   */
  pageImage: boolean;
  /**
   * Read a second time in sparse-text mode (tesseract) and the better extraction kept: box labels
   * print each number above its barcode and full-page layout analysis merges the two.
   */
  sparseReread: boolean;
  /**
   * Worth a second reading where one is configured (secondReading.ts): read again when one of
   * `whenWeak` is missing or weak after the first reading; two readings agreeing or disagreeing is
   * the evidence the layout cannot give. `tillSlips` (receipts): a till slip of this type is read
   * twice whatever its first reading gave, and a slip no type claimed may be classified as it on its
   * second reading.
   */
  secondReading?: { whenWeak: readonly string[]; tillSlips?: boolean };
}
