/**
 * Where a labelled value is looked for and where a free-text value ends, shared by the
 * extractors so that every type reads "Label: value", "Label │ value" and a stacked label the same way.
 */
import type { LabelOptions } from '../blocks.ts';

/** The value on the label's line, in the cell to its right, or on the line under it. */
export const SAME_LINE_RIGHT_OR_BELOW: Pick<LabelOptions, 'via'> = { via: ['same-line', 'right', 'below'] };

/** Business names may contain "Mobile" ("Shree Ganesh Mobile"): a business name stops only at real labels. */
export const BUSINESS_NAME_STOP = /\s{2,}|\b(?:date|address|gstin|contact)\b|\b(?:mobile|mob|ph|phone)\s*(?:no)?\.?\s*:/i;
