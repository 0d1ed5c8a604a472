import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * Absolute directory of an installed package, resolved from this file so it works from
 * any cwd. Walks up from the main entry because some packages (Human) do not export
 * `./package.json`.
 */
export function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package directory of ${name}`);
    dir = parent;
  }
}

export function packageFile(name: string, ...parts: string[]): string {
  return join(packageDir(name), ...parts);
}

/**
 * Runs `load` with a global `fetch` that serves file:// URLs from disk. tfjs and Human read
 * model files through `fetch`, which in Node cannot open file:// URLs; the models are given as
 * file:// paths, so they never come from the network. Other URLs go to the original fetch,
 * because the rest of the process (the local server, its tests) keeps running meanwhile.
 * The original fetch is restored afterwards.
 */
export async function withFileOnlyFetch<T>(load: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  const fileFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return original(input as Parameters<typeof fetch>[0], init);
    const bytes = await readFile(fileURLToPath(url));
    return new Response(bytes, { status: 200, headers: { 'content-type': contentType(url) } });
  };
  globalThis.fetch = fileFetch as typeof fetch;
  try {
    return await load();
  } finally {
    globalThis.fetch = original;
  }
}

function contentType(url: string): string {
  if (url.endsWith('.json')) return 'application/json';
  if (url.endsWith('.wasm')) return 'application/wasm';
  return 'application/octet-stream';
}
