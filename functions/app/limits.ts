/** How much one request, flow or batch may hold (docs/decisions.md, "Input that cannot hurt"). */

/** Bounded so that one request cannot queue unbounded work. */
export const MAX_FILES_PER_UPLOAD = 100;

/**
 * Files one v3 flow may ever hold: its extracts and callback are one body each, and 500 files at
 * the per-file budget stay under Lambda's 6 MB.
 */
export const MAX_FILES_PER_FLOW = 500;

/** A batch is made by one upload request, so it holds at most one upload's files. */
export const MAX_FILES_PER_BATCH = MAX_FILES_PER_UPLOAD;
