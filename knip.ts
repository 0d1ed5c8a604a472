/**
 * Unused files, exports and dependencies (knip; run by test/unit/architecture/unused.test.ts).
 *
 * TypeScript rather than knip.json because the Lambda entry points are data, not code paths knip
 * can follow: CDK builds one function per route-table entry (`handler: 'v3/verification/status'`,
 * lib/api.ts) and per pipeline task (functions/pipeline/tasks.ts, lib/pipeline.ts). They are read
 * here as text, so a new route or task is an entry without editing this file.
 */
import type { KnipConfig } from 'knip';
import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('./', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const literals = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

const routeHandlers = readdirSync(new URL('functions/http/routeTable/', root))
  .flatMap((file) => literals(read(`functions/http/routeTable/${file}`), /\bhandler:\s*'([^']+)'/g))
  .map((handler) => `functions/http/${handler}.ts`);

const tasks = read('functions/pipeline/tasks.ts');
const pipelineHandlers = [
  ...literals(tasks, /\b(?:handler|localHandler):\s*'([^']+)'/g),
  ...literals(tasks, /textractCompletedHandler\s*=\s*'([^']+)'/g),
  // Functions lib/pipeline.ts builds beside the state machine's tasks (the reconciler).
  ...literals(read('lib/pipeline.ts'), /pipelineFunction\(\s*'[^']+',\s*'([^']+)'/g),
].map((handler) => `functions/pipeline/${handler}.ts`);

/** Lambda entries and modules CDK names by path in lib/ (streams handler, externalised engines). */
const libEntries = readdirSync(new URL('lib/', root)).flatMap((file) => literals(read(`lib/${file}`), /'(functions\/[^']+\.ts)'/g));

const config: KnipConfig = {
  entry: [
    ...routeHandlers,
    ...pipelineHandlers,
    ...libEntries,
    'bin/*.ts', // CLIs, the local server and the CDK app (cdk.json)
    'bench/*.ts',
    'bench/tuning/*.ts', // tools for tuning the extractor (bench/tuning/README.md)
    'bench/bare/*.ts', // bundled by bench/bundles.ts as a baseline Lambda
    'scripts/*.{ts,mjs}',
    // Fixture generators and evaluators run with `npx tsx` (see each file's header).
    'test/fixtures/*/{generate,evaluate,build}.ts',
    'test/fixtures/documents/{blind,blind2,dev,dev2,dev3,dev4,dev5,dev6,dev7,dev8,dev9,dev10,dev11,dev12,dev13,dev14,dev15,dev16,dev17,dev18,dev19,dev20,dev21,dev22}/index.ts',
    'test/fixtures/documents/blind2/preview.ts', // contact sheets of the blind2 families (its header)
  ],
  // An export its own module uses is not dead code, only a wider surface than needed.
  ignoreExportsUsedInFile: true,
  project: ['functions/**/*.ts', 'lib/**/*.ts', 'bin/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'test/**/*.ts'],
  ignoreDependencies: [
    // Loaded by @vladmandic/human's node-wasm bundle (faces/humanDetector.ts requires it by path)
    // and shipped beside that function by lib/functions.ts: no import names them.
    '@tensorflow/tfjs-backend-wasm',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-core',
    // Its `cdklocal` binary is run by hand (README: deploying to LocalStack).
    'aws-cdk-local',
    // bench/address.ts loads it with createRequire (it has no ES module build).
    'string-similarity',
  ],
  ignoreBinaries: [
    // Optional tools the tests use when the machine has them (Java examples, TLS certificates).
    'java',
    'javac',
    'openssl',
  ],
};

export default config;
