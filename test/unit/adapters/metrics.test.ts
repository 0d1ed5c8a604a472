/**
 * Where the EMF lines go: nowhere outside Lambda unless asked for (npm start and the tests would
 * otherwise print one JSON line per finished file among the logs), and to stdout in Lambda.
 * Each case loads the module afresh under its environment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

/** The EMF lines printed when one document is counted, with the module loaded under `env`. */
async function emfLinesUnder(env: Record<string, string | undefined>): Promise<string[]> {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.resetModules();
  const { countDocument } = await import('#adapters/metrics.ts');
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
    if (chunk.toString().includes('"_aws"')) return Boolean(lines.push(chunk.toString()));
    return write(chunk, ...rest);
  });
  countDocument('processed', 'PAN');
  return lines;
}

describe('metrics output', () => {
  it('is silent outside Lambda by default', async () => {
    expect(await emfLinesUnder({ AWS_LAMBDA_FUNCTION_NAME: undefined, POWERTOOLS_METRICS_DISABLED: undefined })).toEqual([]);
  });

  it('prints EMF in Lambda, in the namespace of its stage', async () => {
    const lines = await emfLinesUnder({ AWS_LAMBDA_FUNCTION_NAME: 'docservice-prod-ExtractFields', POWERTOOLS_METRICS_DISABLED: undefined, STAGE: 'prod' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])._aws.CloudWatchMetrics[0].Namespace).toBe('DocService/prod');
  });

  it('prints outside Lambda when POWERTOOLS_METRICS_DISABLED=false, and not in Lambda when it is true', async () => {
    expect(await emfLinesUnder({ AWS_LAMBDA_FUNCTION_NAME: undefined, POWERTOOLS_METRICS_DISABLED: 'false' })).toHaveLength(1);
    expect(await emfLinesUnder({ AWS_LAMBDA_FUNCTION_NAME: 'fn', POWERTOOLS_METRICS_DISABLED: 'true' })).toEqual([]);
  });
});
