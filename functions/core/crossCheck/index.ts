/** Public surface of the cross-check core. */
export { evaluateCrossChecks } from './evaluate.ts';
export type { CrossCheckDocument, CrossCheckItem } from './types.ts';
