// Claims in the README and docs/ that the code or the repository can contradict, checked against them.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '#http/routes.ts';
import { pipelineTasks } from '#pipeline/tasks.ts';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');

describe('docs that are true', () => {
  it('document-fields.md lists the PAN document_quality_flag values the originality signal returns', () => {
    const union = /type DocumentQualityFlag = ([^;]+);/.exec(read('functions/adapters/imageSignals/panOriginality.ts'))![1];
    const values = [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(1);
    const row = read('docs/document-fields.md').split('\n').find((l) => l.startsWith('| PAN |'))!;
    const documented = /document_quality_flag \(([^)]+)\)/.exec(row)![1].match(/`([a-z_]+)`/g)!.map((v) => v.slice(1, -1));
    expect(documented).toEqual(values);
  });

  it('README and docs/deploying.md deploy to LocalStack the same way, with cdklocal from the dev dependencies', () => {
    const deploying = read('docs/deploying.md');
    const pkg = JSON.parse(read('package.json'));
    expect(pkg.devDependencies['aws-cdk-local']).toBeDefined();
    for (const doc of [readme, deploying]) {
      expect(doc).toContain('npx cdklocal bootstrap -c stage=localstack');
      expect(doc).toContain('npx cdklocal deploy -c stage=localstack');
      expect(doc).not.toMatch(/npx --yes aws-cdk-local/);
      // bootstrap comes before deploy
      expect(doc.indexOf('npx cdklocal bootstrap')).toBeLessThan(doc.indexOf('npx cdklocal deploy'));
    }
  });

  it('README names only bench result files that bench/results/ holds and a bench writes', () => {
    const promised = [...new Set([...readme.matchAll(/bench\/results\/([\w-]+\.md)/g)].map((m) => m[1]))];
    expect(promised.length).toBeGreaterThan(0);
    const benches = ['accuracy', 'ocr-engines', 'address', 'names', 'faces'].map((b) => read(`bench/${b}.ts`)).join('\n');
    for (const file of promised) {
      expect(existsSync(new URL(`../../../bench/results/${file}`, import.meta.url)), file).toBe(true);
      expect(benches, `a bench writes ${file}`).toContain(file.replace('.md', ''));
    }
  });

  it('README presents v2 as implemented, as its routes are', () => {
    expect(routes.filter((r) => r.path.startsWith('/v2/')).some((r) => r.errors?.includes(501))).toBe(false);
    expect(readme).not.toMatch(/not implemented yet/);
    expect(readme).toMatch(/## Onboarding \(v2\)[\s\S]*docs\/onboarding\.md/);
  });

  it('docs/architecture.md draws every Task state of the pipeline in its Mermaid diagram', () => {
    const doc = read('docs/architecture.md');
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    expect(diagram).toMatch(/^flowchart /);
    for (const t of pipelineTasks) expect(diagram, t.state).toContain(t.state);
    expect(readme).toContain('docs/architecture.md');
  });

  it('docs/troubleshooting.md has ten entries and names only error codes the code produces', () => {
    const doc = read('docs/troubleshooting.md');
    expect([...doc.matchAll(/^\d+\. \*\*/gm)]).toHaveLength(10);
    const known = [...read('functions/adapters/safeFetch.ts').matchAll(/\| '([A-Z_]+)'/g)].map((m) => m[1]);
    expect(known).toContain('CONNECTION_FAILED');
    const named = [...doc.matchAll(/`([A-Z][A-Z_]{4,})`/g)].map((m) => m[1]);
    for (const code of named) {
      expect(known.includes(code) || ['AUTH_TOKEN_INVALID', 'INVALID_DOC', 'IN_PROGRESS', 'DATA_DIR', 'AWS_REGION', 'ALLOW_LOOPBACK_URLS', 'AWS_ENDPOINT_URL'].includes(code), code).toBe(true);
    }
  });
});
