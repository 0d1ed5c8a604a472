/** Public surface of the cross-check core. */
export { evaluateCrossChecks, fieldCandidates, toScore } from './evaluate.ts';
export { mobileSimilarity, normaliseMobile, isIndianMobile } from './mobile.ts';
export { nameSimilarity, nameParts, NAME_MATCH_THRESHOLD } from './names.ts';
export { CONSUMER_DURABLE_LOAN_CROSS_CHECKS, PHOTO_FIELD, FACES_FIELD } from './rules.ts';
export type {
  CrossCheckCompare, CrossCheckDocument, CrossCheckField, CrossCheckItem, CrossCheckName,
  CrossCheckOptions, CrossCheckRule, ExtractedField,
} from './types.ts';
