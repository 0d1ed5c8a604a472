/**
 * The layer check (issue 9): dependencies point inwards.
 * - core imports nothing outside functions/core but libraries of pure computation;
 * - adapters import only core, other adapters and packages (never http, pipeline, the use cases
 *   or any Lambda handler);
 * - an HTTP handler (a route's handler file, or anything under http/v1|v2|v3|bulk) imports no adapter;
 * - nor does a pipeline task's handler file (functions/pipeline/tasks.ts, and the functions
 *   lib/pipeline.ts builds beside the state machine): each wraps one use case of functions/app;
 * - the use cases (functions/app) import neither http nor pipeline: those call them, not the reverse.
 * Type-only imports count: a type defined in the wrong layer is the dependency this check is about.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, importSpecifiers, maskSource, sourceFiles, type ImportEdge } from './importGraph.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Packages core may use: pure computation only (no SDK, no Powertools, no file system, network,
 * processes or process-wide state).
 */
const CORE_PACKAGES = new Set([
  'jose', // JWT signing and verification
  'zod', // schema validation of domain values
  'node:crypto', // hashes, HMAC, random ids
  'node:buffer',
  'node:util',
]);

/** Top-level folders of functions/ that adapters may import. */
const ADAPTER_MAY_IMPORT = new Set(['core', 'adapters']);

const HANDLER_FOLDERS = /^functions\/http\/(v1|v2|v3|bulk)\//;
/**
 * The route table's handler files (`handler: 'v3/verification/status'`), read as text: importing
 * the route table would load the whole http layer, and one broken import there would hide the report.
 */
const routeHandlerFiles = new Set(
  sourceFiles(ROOT, 'functions/http/routeTable').flatMap((file) =>
    [...readFileSync(`${ROOT}${file}`, 'utf8').matchAll(/\bhandler:\s*'([^']+)'/g)].map((m) => `functions/http/${m[1]}.ts`),
  ),
);

/**
 * The pipeline's Lambda handler files, read as text as knip.ts reads them: the Task states'
 * `handler` and `localHandler`, textractCompleted, and the functions lib/pipeline.ts builds beside
 * the state machine (the reconciler).
 */
const literals = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);
const tasksSource = readFileSync(`${ROOT}functions/pipeline/tasks.ts`, 'utf8');
const pipelineTaskFiles = new Set(
  [
    ...literals(tasksSource, /\b(?:handler|localHandler):\s*'([^']+)'/g),
    ...literals(tasksSource, /textractCompletedHandler\s*=\s*'([^']+)'/g),
    ...literals(readFileSync(`${ROOT}lib/pipeline.ts`, 'utf8'), /pipelineFunction\(\s*'[^']+',\s*'([^']+)'/g),
  ].map((handler) => `functions/pipeline/${handler}.ts`),
);

const layerOf = (path: string) => path.split('/')[1];
const isHandler = (path: string) => HANDLER_FOLDERS.test(path) || routeHandlerFiles.has(path) || pipelineTaskFiles.has(path);

function violation(edge: ImportEdge): string | null {
  const from = edge.from;
  const to = edge.to;
  if (to.kind === 'unresolved') return null; // reported by its own test below
  const target = to.kind === 'file' ? to.path : to.name;
  if (layerOf(from) === 'core') {
    if (to.kind === 'package' && !CORE_PACKAGES.has(to.name)) return `core imports the package ${target}`;
    if (to.kind === 'file' && !to.path.startsWith('functions/core/')) return `core imports ${target}`;
  }
  if (layerOf(from) === 'adapters' && to.kind === 'file') {
    const layer = to.path.startsWith('functions/') ? layerOf(to.path) : to.path;
    if (!ADAPTER_MAY_IMPORT.has(layer)) return `adapter imports ${target} (${layer})`;
  }
  if (isHandler(from) && to.kind === 'file' && to.path.startsWith('functions/adapters/')) return `handler imports the adapter ${target}`;
  if (layerOf(from) === 'app' && to.kind === 'file' && /^functions\/(http|pipeline)\//.test(to.path)) return `use case imports ${target}`;
  return null;
}

const edges = importGraph(ROOT, 'functions');
const found = new Map<string, string>(); // "from -> to" -> reason
for (const edge of edges) {
  const reason = violation(edge);
  if (reason) found.set(`${edge.from} -> ${edge.to.kind === 'file' ? edge.to.path : edge.to.kind === 'package' ? edge.to.name : ''}`, reason);
}

describe('layers of functions/', () => {
  it('reads the import graph (every relative and #alias import resolves to a file)', () => {
    expect(routeHandlerFiles.size).toBeGreaterThan(10);
    const missing = [...routeHandlerFiles].filter((file) => !existsSync(`${ROOT}${file}`));
    expect(missing, `route handlers with no file:\n${missing.join('\n')}`).toEqual([]);
    // Ten Task states, textractCompleted and the reconciler.
    expect(pipelineTaskFiles.size).toBeGreaterThanOrEqual(12);
    expect(pipelineTaskFiles).toContain('functions/pipeline/textractCompleted.ts');
    expect(pipelineTaskFiles).toContain('functions/pipeline/reconcile.ts');
    const missingTasks = [...pipelineTaskFiles].filter((file) => !existsSync(`${ROOT}${file}`));
    expect(missingTasks, `pipeline tasks with no file:\n${missingTasks.join('\n')}`).toEqual([]);
    expect(edges.length).toBeGreaterThan(300);
    const unresolved = edges.filter((e) => e.to.kind === 'unresolved').map((e) => `${e.from}: '${e.specifier}'`);
    expect(unresolved, `imports that resolve to no file:\n${unresolved.join('\n')}`).toEqual([]);
  });

  it('has no layer violation', () => {
    const report = [...found].map(([pair, reason]) => `  ${pair}    (${reason})`);
    expect(report.length, `${report.length} import(s) break the layers:\n${report.join('\n')}\n`).toBe(0);
  });

  it('core reads no environment and does no I/O through globals (process, fetch)', () => {
    const uses = sourceFiles(ROOT, 'functions/core').flatMap((file) => {
      const { code } = maskSource(readFileSync(`${ROOT}${file}`, 'utf8'));
      return [...code.matchAll(/(?<![.\w$])(process\s*\.\s*\w+|fetch\s*\()/g)].map((m) => `  ${file}: ${m[1]}`);
    });
    expect(uses.length, `core uses process-wide state or I/O:\n${uses.join('\n')}\n`).toBe(0);
  });

  it('tells violations from allowed imports', () => {
    const file = (from: string, path: string): ImportEdge => ({ from, specifier: '', to: { kind: 'file', path } });
    const pkg = (from: string, name: string): ImportEdge => ({ from, specifier: name, to: { kind: 'package', name } });
    const handler = [...routeHandlerFiles][0];
    const broken = [
      file('functions/core/auth/jwt.ts', 'functions/http/routes.ts'),
      file('functions/core/a.ts', 'functions/adapters/store/clients.ts'),
      pkg('functions/core/a.ts', '@aws-sdk/client-s3'),
      pkg('functions/core/a.ts', '@aws-lambda-powertools/logger'),
      pkg('functions/core/a.ts', 'node:fs'),
      file('functions/adapters/store/a.ts', 'functions/http/routes.ts'),
      file('functions/adapters/a.ts', 'functions/pipeline/task.ts'),
      file('functions/adapters/a.ts', 'functions/app/flows.ts'),
      file(handler, 'functions/adapters/store/clients.ts'),
      file('functions/http/v3/verification/status.ts', 'functions/adapters/aws.ts'),
      file('functions/pipeline/extractFields.ts', 'functions/adapters/store/flowsAndBatches.ts'),
      file('functions/pipeline/textractCompleted.ts', 'functions/adapters/aws.ts'),
      file('functions/pipeline/reconcile.ts', 'functions/adapters/pipelineStarter.ts'),
      file('functions/app/files/download.ts', 'functions/pipeline/task.ts'),
      file('functions/app/flows.ts', 'functions/http/routes.ts'),
    ];
    const allowed = [
      file('functions/core/a.ts', 'functions/core/b.ts'),
      pkg('functions/core/a.ts', 'jose'),
      pkg('functions/core/a.ts', 'node:crypto'),
      file('functions/adapters/a.ts', 'functions/core/b.ts'),
      file('functions/adapters/a.ts', 'functions/adapters/store/b.ts'),
      pkg('functions/adapters/a.ts', '@aws-sdk/client-s3'),
      file('functions/app/a.ts', 'functions/adapters/aws.ts'),
      // Not a task's handler file: the task wrapper and the engine choice may use adapters.
      file('functions/pipeline/task.ts', 'functions/adapters/logger.ts'),
      file('functions/adapters/engines.ts', 'functions/adapters/tableSchema.ts'),
      file(handler, 'functions/app/flows.ts'),
      file('functions/pipeline/extractFields.ts', 'functions/app/files/fieldExtraction.ts'),
      file('functions/pipeline/extractFields.ts', 'functions/pipeline/task.ts'),
    ];
    expect(broken.filter((e) => !violation(e)).map((e) => `${e.from} -> ${e.specifier || (e.to as { path: string }).path}`)).toEqual([]);
    expect(allowed.filter((e) => violation(e)).map((e) => `${e.from} -> ${e.specifier || (e.to as { path: string }).path}`)).toEqual([]);
  });
});

describe('import reader', () => {
  it('finds static, type-only, re-export, side-effect and dynamic imports, not strings or comments', () => {
    const src = [
      "import a, { b as c, type D } from './a.ts';",
      'import type {',
      '  E,',
      "} from '#core/e.ts';",
      "export * from './f.ts';",
      "export { g } from 'g-pkg/sub';",
      "import './side.ts';",
      "const h = await import('./h.ts');",
      "type I = typeof import('./i.ts');",
      "// import x from './comment.ts';",
      "/* export * from './block.ts'; */",
      "const s = 'import y from \"./string.ts\"';",
      'const t = `import z from "./template.ts" ${"x"}`;',
      "const r = /['\"]/g; const q = 4 / 2; import('./after-regex.ts');",
      "obj.import('./method.ts');",
    ].join('\n');
    expect(importSpecifiers(src).sort()).toEqual(
      ['#core/e.ts', './a.ts', './after-regex.ts', './f.ts', './h.ts', './i.ts', './side.ts', 'g-pkg/sub'].sort(),
    );
  });
});
