/** Cross-document check vocabulary, as in the interface spec's "Cross-check item". */

export type CrossCheckName = 'DEALER_ADDRESS' | 'CUSTOMER_NAME' | 'CUSTOMER_MOBILE_NUMBER' | 'PHOTO_MATCH';

export type CrossCheckCompare = 'name' | 'address' | 'mobile' | 'face';

export type CrossCheckField = { doc: string; field: string };

/** One declared check: a source field compared against the same fact on each target document. */
export type CrossCheckRule = {
  name: CrossCheckName | (string & {});
  source: CrossCheckField;
  targets: CrossCheckField[];
  compare: CrossCheckCompare;
};

/** The spec's cross-check item, plus the confidence of the values it compared. */
export type CrossCheckItem = {
  source_doc: string;
  source_field_name: string;
  source_value: string;
  target_doc: string;
  target_field_name: string;
  target_value: string;
  /** Integer 0..100. */
  similarity_score: number;
  name: string;
  /**
   * Added to the spec's item: the lower confidence_score (0..1) of the two values compared. Absent on
   * PHOTO_MATCH (images are compared, not read text) and on results stored before it existed.
   */
  confidence_score?: number;
};

export type ExtractedField = { value: unknown; confidence_score: number };

/** A document of the flow after extraction (the `data` of an OCR result item, split out). */
export type CrossCheckDocument = {
  document_type: string;
  data: Record<string, ExtractedField>;
};

export type CrossCheckOptions = {
  /** Address comparer, 0..100 (may be fractional); from #core/address. */
  addressSimilarity(a: string, b: string): number;
  /**
   * Face comparer over the flow's documents (indexes into the `documents` array given to
   * evaluateCrossChecks), 0..100; undefined when no face could be compared.
   */
  faceSimilarity?(sourceDocIndex: number, targetDocIndex: number): number | undefined;
};
