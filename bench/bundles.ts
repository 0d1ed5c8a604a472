/**
 * `npm run bench:bundles`: builds every HTTP route's and pipeline task's entry the way
 * lib/functions.ts bundles it (esbuild, ESM, minified, node22, same externals and banner), plus a
 * bare handler doing one DocumentClient GetItem (bench/bare/getItem.ts), and prints each bundle's
 * size and module-init time as ratios to the bare one. Init: importing the built index.mjs in a
 * fresh Node process, median of RUNS. Also checks, from esbuild's metafile, that no route bundle
 * carries the OpenAPI generator and none carries zod's locales (a sign a namespace escaped).
 * BENCH_TRACING=on (default: the AWS stages, X-Ray active; init runs as in Lambda, so the tracer
 * loads) or off (a stage without X-Ray, LocalStack: POWERTOOLS_TRACE_ENABLED defined "false" at
 * bundle time as lib/functions.ts does, so the X-Ray SDK is not bundled). Writes
 * bench/results/bundles.md (on) or bundles-tracing-off.md (off), with the largest packages of the
 * status route and of one task from the metafile.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localOnlyAdapters, localOnlyModules, projectRoot } from '../lib/functions.ts';
import { routes } from '#http/routes.ts';
import { pipelineTasks, textractCompletedHandler } from '#pipeline/tasks.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRACING = process.env.BENCH_TRACING === 'off' ? 'off' : 'on';
/** The functions whose bytes are broken down by package (metafile) under the table. */
const BREAKDOWN = ['GET /v3/verification/status', 'downloadFile'];
/**
 * What a route bundle must not contain: the OpenAPI generator (documentation is generated at build
 * time only) and any zod locale beyond English (they arrive only when a zod namespace escapes).
 */
const FORBIDDEN_IN_ROUTES = [/node_modules\/@asteasolutions\/zod-to-openapi\//, /node_modules\/zod\/v4\/locales\/(?!en\.js)/];
const TARGET = { size: 1.3, init: 1.15, taskInit: 3 };

/** What the table does not show: where the remaining bytes are and why (esbuild metafile, measured 2026-11-24). */
const NOTES = `## Where the rest is (GET /v3/verification/status against the bare handler)

Before issue 13 every route held 454 KB of zod (its locales kept because a re-exported \`z\` namespace escaped tree
shaking), the OpenAPI generator and the whole route table. Those are gone (column above). Then Powertools Tracer and
Metrics came to every function (issue 9): +140 KB each, status 495 -> 699 KB.

- X-Ray (AWS stages only): Powertools Tracer 10 KB and aws-xray-sdk-core 69 KB with semver 29 KB, cls-hooked 8 KB,
  shimmer, emitter-listener: about 120 KB. The X-Ray SDK is CommonJS and its index requires every patcher (the SDK v2
  patcher brings semver and a 10 KB JSON whitelist), so esbuild cannot tree-shake it. adapters/tracer.ts now loads it
  only where tracing can be on, and a stage without X-Ray defines POWERTOOLS_TRACE_ENABLED=false at bundle time so it
  is not bundled at all (bundles-tracing-off.md: status 578 KB).
- Removed: the DynamoDB client's every command, waiter and paginator (59 KB), kept because app/extracts.ts imported
  onboarding/results.ts dynamically (esbuild, one file and no splitting, inlines such a module with all its exports
  live); the import is static now (status 700 -> 642 KB with X-Ray, 578 -> about 519 KB without).
- zod's runtime 94 KB (the validator; its JSON-schema code comes with the classic API), Secrets Manager client 24 KB
  (the signing key seed), Powertools logger 17 KB and metrics 10 KB, jose 15 KB, commons 6 KB, middy 3 KB, our own
  middleware, auth and store code about 20 KB.
- esbuild options change nothing measurable: the SDK and Powertools already resolve to their ESM builds
  (mainFields module), legalComments none saves 0.4 KB, conditions none.

The routes at 2.5-3x need more AWS clients for their job: extracts presigns S3 URLs and opens sealed Aadhaar numbers
(S3 client 127 KB, KMS 49 KB), erasure and submit stop executions and delete objects. ExtractFields and CrossCheck,
the slowest tasks to start, load sharp (libvips, native) as they start: redaction and image preparation need it for
every file.
`;

interface Fn { kind: 'bare' | 'route' | 'task'; name: string; entry: string }

const fns: Fn[] = [
  { kind: 'bare', name: 'bare GetItem', entry: 'bench/bare/getItem.ts' },
  ...routes.map((r): Fn => ({ kind: 'route', name: `${r.method} ${r.path}`, entry: `functions/http/${r.handler}.ts` })),
  ...[...new Set([...pipelineTasks.map((t) => t.handler), textractCompletedHandler])].map(
    (h): Fn => ({ kind: 'task', name: h, entry: `functions/pipeline/${h}.ts` }),
  ),
];

// Inside the project, so the externals a task ships beside its bundle (sharp, pdf.js) resolve from
// node_modules the way they resolve from the function's own node_modules in Lambda.
mkdirSync(join(projectRoot, 'node_modules/.cache'), { recursive: true });
const outRoot = mkdtempSync(join(projectRoot, 'node_modules/.cache/bench-bundles-'));

/** The esbuild options NodejsFunction derives from ServiceFunction's `bundling` block. */
async function bundle(fn: Fn, dir: string) {
  const result = await build({
    entryPoints: [join(projectRoot, fn.entry)],
    outfile: join(dir, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    ...(TRACING === 'off' ? { define: { 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify('false') } } : {}),
    banner: { js: "import { createRequire as __docstreamCreateRequire } from 'node:module'; const require = __docstreamCreateRequire(import.meta.url);" },
    external: [...localOnlyModules, ...localOnlyAdapters.map((p) => join(projectRoot, p))],
    metafile: true,
    logLevel: 'error',
  });
  const [output] = Object.entries(result.metafile.outputs).filter(([k]) => k.endsWith('.mjs'));
  const kept = Object.entries(output[1].inputs).filter(([, v]) => v.bytesInOutput > 0);
  // Bytes by package (node_modules/<pkg>), or by folder for our own code.
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of kept) {
    const key = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.replace(/\/[^/]+$/, '/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return { bytes: output[1].bytes, inputs: kept.map(([k]) => k), byPackage };
}

/** Import time of the bundle in a fresh Node process (the runtime's own start excluded). */
function initMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH, AWS_REGION: 'ap-south-1', AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench', TABLE_NAME: 'bench',
      // As in Lambda on a stage with X-Ray: the tracer (and the X-Ray SDK) load at init.
      ...(TRACING === 'on' ? { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'true' } : { POWERTOOLS_TRACE_ENABLED: 'false' }),
    },
    encoding: 'utf8',
  });
  return Number(out.trim().split('\n').pop());
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows: { fn: Fn; bytes: number; file: string; init: number; initMin: number; forbidden: string[]; parts: string[]; byPackage: Map<string, number> }[] = [];
for (const fn of fns) {
  const dir = join(outRoot, fn.kind + '-' + fn.entry.replace(/[^A-Za-z0-9]+/g, '_'));
  mkdirSync(dir, { recursive: true });
  const { bytes, inputs, byPackage } = await bundle(fn, dir);
  const forbidden = inputs.filter((i) => FORBIDDEN_IN_ROUTES.some((f) => f.test(i)));
  // The part of the route table and the schema modules a bundle holds: one part, its own, is the aim.
  const parts = inputs.flatMap((i) => i.match(/functions\/http\/(routes\.ts|routeTable\/(?!types)\w+|schemas\/\w+)/)?.[1] ?? []).map((p) => p.replace(/\.ts$/, ''));
  rows.push({ fn, bytes, file: join(dir, 'index.mjs'), init: 0, initMin: 0, forbidden, parts, byPackage });
}
// Rounds over every function, so load on the shared machine falls on all of them alike.
const samples = rows.map(() => [] as number[]);
for (let round = 0; round < RUNS; round++) rows.forEach((row, i) => samples[i].push(initMs(row.file)));
rows.forEach((row, i) => {
  row.init = median(samples[i]);
  row.initMin = Math.min(...samples[i]);
});
rmSync(outRoot, { recursive: true, force: true });

const bare = rows[0];
const fmt = (n: number) => n.toFixed(2);
const lines = [
  `| function | kind | size KB | size / bare | init / bare (median) | init / bare (fastest) | metafile check | route table and schemas held |`,
  `|---|---|---|---|---|---|---|---|`,
  ...rows.map(({ fn, bytes, init, initMin, forbidden, parts }) => {
    const size = bytes / bare.bytes;
    const ratio = init / bare.init;
    return `| ${fn.name} | ${fn.kind} | ${(bytes / 1024).toFixed(0)} | ${fmt(size)} | ${fmt(ratio)} | ${fmt(initMin / bare.initMin)} | ${fn.kind === 'route' ? (forbidden.length ? `CARRIES ${forbidden.length} forbidden modules` : 'ok') : ''} | ${parts.includes('routes') ? 'WHOLE TABLE' : parts.join(', ')} |`;
  }),
];
const routeRows = rows.filter((r) => r.fn.kind === 'route');
const taskRows = rows.filter((r) => r.fn.kind === 'task');
const max = (xs: number[]) => Math.max(...xs);
const summary = [
  `bare handler: ${(bare.bytes / 1024).toFixed(0)} KB, init ${bare.init.toFixed(1)} ms median, ${bare.initMin.toFixed(1)} ms fastest (of ${RUNS}, this machine)`,
  `routes: size ${fmt(Math.min(...routeRows.map((r) => r.bytes / bare.bytes)))}-${fmt(max(routeRows.map((r) => r.bytes / bare.bytes)))}x (target <= ${TARGET.size}), ` +
    `init ${fmt(Math.min(...routeRows.map((r) => r.init / bare.init)))}-${fmt(max(routeRows.map((r) => r.init / bare.init)))}x median, ` +
    `${fmt(Math.min(...routeRows.map((r) => r.initMin / bare.initMin)))}-${fmt(max(routeRows.map((r) => r.initMin / bare.initMin)))}x fastest (target <= ${TARGET.init})`,
  `tasks: init up to ${fmt(max(taskRows.map((r) => r.init / bare.init)))}x median, ${fmt(max(taskRows.map((r) => r.initMin / bare.initMin)))}x fastest (above ${TARGET.taskInit}x: ${taskRows.filter((r) => r.init / bare.init > TARGET.taskInit).map((r) => r.fn.name).join(', ') || 'none'})`,
  `route bundles carrying the OpenAPI generator or zod locales: ${routeRows.filter((r) => r.forbidden.length).length}; ` +
    `holding the whole route table: ${routeRows.filter((r) => r.parts.includes('routes')).map((r) => r.fn.name).join(', ') || 'none'}`,
];
/** The largest packages of a function beside the bare handler's bytes of the same package (KB). */
const kb = (n = 0) => (n / 1024).toFixed(1);
const breakdown = BREAKDOWN.flatMap((name) => {
  const row = rows.find((r) => r.fn.name === name);
  if (!row) return [];
  const top = [...row.byPackage].sort((a, b) => b[1] - a[1]).slice(0, 16);
  return [
    `### ${name}: ${kb(row.bytes)} KB (bare ${kb(bare.bytes)} KB)`, '', '| package or folder | KB | in the bare handler |', '|---|---|---|',
    ...top.map(([pkg, bytes]) => `| ${pkg} | ${kb(bytes)} | ${bare.byPackage.has(pkg) ? kb(bare.byPackage.get(pkg)) : ''} |`), '',
  ];
});
summary.unshift(`flavour: tracing ${TRACING} (${TRACING === 'on' ? 'AWS stages, X-Ray active' : 'a stage without X-Ray: LocalStack'})`);
console.log(lines.join('\n') + '\n\n' + summary.join('\n'));
mkdirSync(join(projectRoot, 'bench/results'), { recursive: true });
writeFileSync(
  join(projectRoot, TRACING === 'on' ? 'bench/results/bundles.md' : 'bench/results/bundles-tracing-off.md'),
  `# Bundle sizes and module init (npm run bench:bundles)\n\nRatios to a bare DocumentClient GetItem handler bundled the same way, in one run on a shared 2-core machine ` +
    `(absolute times vary; ratios hold). Init: import of the built index.mjs in a fresh Node ${process.version} process, median of ${RUNS} ` +
    `(and the fastest of them, less exposed to load from other users of the machine).\n\n` +
    summary.map((s) => `- ${s}`).join('\n') + '\n\n' + lines.join('\n') + '\n\n## Largest packages (esbuild metafile, this run)\n\n' + breakdown.join('\n') + '\n' + NOTES,
);
