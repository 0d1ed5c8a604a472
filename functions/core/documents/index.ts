/** Document understanding over Textract-shaped Blocks: model, validators, classification, fields. */
export { DOCUMENT_TYPES, isDocumentType, type DocumentType, type SupportedDocumentType } from './typeNames.ts';
export {
  DocumentModel,
  unionBox,
  type Block,
  type BlockType,
  type BoundingBox,
  type Geometry,
  type Line,
  type Page,
  type PageBox,
  type QueryAnswer,
  type Point,
  type Relationship,
  type RelationshipType,
  type Word,
} from './blocks.ts';
export { classify, openBoxInput, type Classification, type ClassifyOptions, type OpenBoxInput } from './classify.ts';
export { extractFields } from './extract.ts';
export { DECLARATIONS, declaration, declarationOf } from './registry.ts';
export type { Cue, DocumentTypeDeclaration } from './declaration.ts';
export { withSparseReading, type SparseReader } from './sparseReading.ts';
export { classifyUnreadPage, needsSecondReading, withSecondReading, type SecondReaders, type SecondReadings } from './secondReading.ts';
export type { ExtractError, ExtractOptions, ExtractedField, ExtractionResult, FieldValue, ImageSignal } from './fields/common.ts';
export { fieldConfidence, ocrScore, combineConfidence, type Evidence } from './confidence.ts';
export { maskAadhaar } from './fields/aadhaar.ts';
export * as validators from './validators.ts';
