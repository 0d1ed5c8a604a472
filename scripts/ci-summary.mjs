// Prints the test totals of the last CI run as one plain line: "tests: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const r = JSON.parse(readFileSync('.vitest-results.json', 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
