/**
 * Label coverage (test/fixtures/documents/labelCoverage.ts): the label variants Indian documents print
 * (`labelVariants.ts`, written apart from the extractor), each read on a plain page of its type in three
 * placements with a decoy before it; per type and field, how many are read, and every miss.
 *
 *   npx tsx bench/tuning/label-coverage.ts [--types T1,T2] [--misses]
 */
import { labelCoverage, type CoverageCase } from '../../test/fixtures/documents/labelCoverage.ts';
import { LABEL_VARIANTS } from '../../test/fixtures/documents/labelVariants.ts';

const argv = process.argv.slice(2);
const types = argv.includes('--types') ? argv[argv.indexOf('--types') + 1].split(',') : Object.keys(LABEL_VARIANTS);
const cases = labelCoverage(types);
const by = new Map<string, CoverageCase[]>();
for (const c of cases) by.set(`${c.type}.${c.field}`, [...(by.get(`${c.type}.${c.field}`) ?? []), c]);
const pct = (xs: CoverageCase[]) => `${xs.filter((c) => c.ok).length}/${xs.length}`;
console.log('| field | colon | beside | below | all |\n|---|---:|---:|---:|---:|');
for (const [k, xs] of by) console.log(`| ${k} | ${pct(xs.filter((c) => c.placement === 'colon'))} | ${pct(xs.filter((c) => c.placement === 'beside'))} | ${pct(xs.filter((c) => c.placement === 'below'))} | ${pct(xs)} |`);
console.log(`| **all** | ${pct(cases.filter((c) => c.placement === 'colon'))} | ${pct(cases.filter((c) => c.placement === 'beside'))} | ${pct(cases.filter((c) => c.placement === 'below'))} | ${pct(cases)} |`);
if (argv.includes('--misses')) for (const c of cases.filter((x) => !x.ok)) console.log(`MISS ${c.type}.${c.field} [${c.placement}] ${JSON.stringify(c.label)} -> ${JSON.stringify(c.got)}`);
