/**
 * One stage of the service synthesised for the infra tests: bundling skipped (fast; each function's
 * inline code names the entry it would bundle), into a temporary folder removed after the test file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createServiceApp } from '../../lib/service-app.ts';
import type { ServiceStack } from '../../lib/service-stack.ts';
import type { StageConfig } from '../../lib/stage-config.ts';

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder, removed after the test file. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `docservice-${name}-`));
  outdirs.push(dir);
  return dir;
}

export interface StageSynth {
  /** The stack's template (`{ Resources: {} }` when synth failed before writing it). */
  json: { Resources: Record<string, any> };
  /** The cdk-nag validation report, when synth wrote one. */
  report?: unknown;
  /** What synth threw (cdk-nag errors throw when validation is on). */
  error?: Error;
}

export function synthStage(stage: string, opts: { mutate?: (stack: ServiceStack) => void; validate?: boolean; config?: Partial<StageConfig> } = {}): StageSynth {
  const outdir = tempDir(stage);
  const { app, stack } = createServiceApp({ outdir, context: { stage, 'aws:cdk:bundling-stacks': [] } }, opts.config);
  opts.mutate?.(stack);
  let error: Error | undefined;
  try {
    app.synth({ validateOnSynthesis: opts.validate ?? true });
  } catch (e) {
    error = e as Error;
  }
  const read = (file: string) => (existsSync(join(outdir, file)) ? JSON.parse(readFileSync(join(outdir, file), 'utf8')) : undefined);
  return { json: read(`${stack.stackName}.template.json`) ?? { Resources: {} }, report: read('validation-report.json'), error };
}
