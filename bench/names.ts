/**
 * Name-matching benchmark for the CUSTOMER_NAME cross-check.
 * Run: npx tsx bench/names.ts
 *
 * Our scorer is measured at its fixed decision threshold (NAME_MATCH_THRESHOLD). The baseline,
 * fuzzball's token_set_ratio, gets the threshold that maximises its F1 on the same pairs, an
 * optimistic choice in its favour. A second set from another seed (same generator, pairs the
 * scorer was not tuned on) is reported beside the main one.
 */
import { performance } from 'node:perf_hooks';
import * as fuzz from 'fuzzball';
import { clearNameSimilarityCache, NAME_MATCH_THRESHOLD, nameSimilarity } from '#core/crossCheck/names.ts';
import { generateNamePairs, NAME_PAIRS, type NamePair } from '../test/fixtures/names/pairs.ts';
import { bestThreshold, metricsAt, type Metrics } from '../test/fixtures/names/metrics.ts';

type Scorer = (a: string, b: string) => number;

const scorers: Record<string, Scorer> = {
  ours: nameSimilarity,
  token_set_ratio: (a, b) => fuzz.token_set_ratio(a, b),
};

/** Pairs per second over repeated passes for at least `minMs`. */
function throughput(pairs: readonly NamePair[], score: Scorer, minMs = 400): number {
  let done = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    for (const p of pairs) score(p.a, p.b);
    done += pairs.length;
  }
  return done / ((performance.now() - start) / 1000);
}

const pct = (x: number) => (x * 100).toFixed(1);

function row(set: string, scorer: string, m: Metrics, note: string, rate?: number): string {
  return `| ${set} | ${scorer} | ${m.threshold} (${note}) | ${pct(m.precision)} | ${pct(m.recall)} | ${m.f1.toFixed(3)} | ${m.fp} | ${m.fn} | ${rate === undefined ? '' : Math.round(rate).toLocaleString('en-US')} |`;
}

function evaluateSet(name: string, pairs: readonly NamePair[], withSpeed: boolean): string[] {
  const ours = pairs.map((p) => nameSimilarity(p.a, p.b));
  const base = pairs.map((p) => scorers.token_set_ratio(p.a, p.b));
  const baseBest = bestThreshold(pairs, base);
  const oursBest = bestThreshold(pairs, ours);
  return [
    row(name, 'ours', metricsAt(pairs, ours, NAME_MATCH_THRESHOLD), 'fixed', withSpeed ? throughput(pairs, scorers.ours) : undefined),
    row(name, 'ours', oursBest, 'best on set, for reference'),
    row(name, 'fuzzball token_set_ratio', baseBest, 'best on set', withSpeed ? throughput(pairs, scorers.token_set_ratio) : undefined),
    row(name, 'fuzzball token_set_ratio', metricsAt(pairs, base, NAME_MATCH_THRESHOLD), 'our threshold'),
  ];
}

function errorsByKind(pairs: readonly NamePair[]): string[] {
  const lines = ['| kind | pairs | ours wrong | token_set_ratio wrong (best threshold) |', '|---|---|---|---|'];
  const ours = pairs.map((p) => nameSimilarity(p.a, p.b));
  const base = pairs.map((p) => scorers.token_set_ratio(p.a, p.b));
  const t = bestThreshold(pairs, base).threshold;
  const kinds = [...new Set(pairs.map((p) => p.kind))];
  for (const kind of kinds) {
    const idx = pairs.map((p, i) => (p.kind === kind ? i : -1)).filter((i) => i >= 0);
    const oursWrong = idx.filter((i) => (ours[i] >= NAME_MATCH_THRESHOLD) !== pairs[i].same).length;
    const baseWrong = idx.filter((i) => (base[i] >= t) !== pairs[i].same).length;
    lines.push(`| ${kind} (${pairs[idx[0]].same ? '+' : '-'}) | ${idx.length} | ${oursWrong} | ${baseWrong} |`);
  }
  return lines;
}

/** One pass over a set never seen by the part cache. */
function coldThroughput(pairs: readonly NamePair[]): number {
  clearNameSimilarityCache();
  const start = performance.now();
  for (const p of pairs) nameSimilarity(p.a, p.b);
  return pairs.length / ((performance.now() - start) / 1000);
}

const heldOut = generateNamePairs(7);
const positives = NAME_PAIRS.filter((p) => p.same).length;

console.log(`## Name matching benchmark\n`);
console.log(`Main set: ${NAME_PAIRS.length} pairs (${positives} same person, ${NAME_PAIRS.length - positives} different); second set: seed 7, ${heldOut.length} pairs.\n`);
console.log('| set | scorer | threshold | precision % | recall % | F1 | FP | FN | pairs/s |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const line of [...evaluateSet('main', NAME_PAIRS, true), ...evaluateSet('seed 7', heldOut, false)]) console.log(line);
const cold = coldThroughput(generateNamePairs(99));
console.log(`\npairs/s for ours is over repeated passes (its part-similarity cache warm); one cold pass over a fresh set: ${Math.round(cold).toLocaleString('en-US')} pairs/s.`);
console.log('\n### Errors by kind (main set)\n');
for (const line of errorsByKind(NAME_PAIRS)) console.log(line);
