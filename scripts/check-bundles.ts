/**
 * Checks every Lambda deployment package in a synthesised cloud assembly, as Lambda would load it:
 *
 *   CDK_DISABLE_VERSION_CHECK=1 npx cdk synth -c stage=prod --quiet && npx tsx scripts/check-bundles.ts [cdk.out]
 *
 * For each function of the stack templates (entry bundled to index.mjs):
 * - imports the bundle in a fresh Node 22 process and requires `handler` to be a function. Bare
 *   imports must resolve inside the package: cdk.out sits in the project, so Node would otherwise
 *   find a missing package in the project's node_modules and hide the failure Lambda would hit;
 * - `sharp`, where imported, must be shipped in the package's node_modules at the locked version
 *   with its linux-arm64 binary (an AArch64 ELF). On another host the import is then served by
 *   the project's own sharp build, since an arm64 binary cannot load here;
 * - pdf.js, where shipped (ExtractFields must ship it: it renders PDF pages), must be the locked
 *   pdfjs-dist with the files pdf.ts loads, beside exactly one @napi-rs/canvas at the locked version
 *   with its linux-arm64 binary; the child then renders a small PDF page with the package's own
 *   pdf.js (fonts from the package; off arm64 the canvas is again the project's own build);
 * - environment values naming files under /var/task (ADDRESS_REFERENCE_DATA) must exist in the
 *   package, and a bundle containing the address engine's data loader must have that variable.
 * Prints each package's size. Exits 1 on any failure. Too slow for `npm test` (one process per
 * function); run it after a real synth.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const assembly = resolve(process.argv[2] ?? join(projectRoot, 'cdk.out'));
const TASK_ROOT = '/var/task/';

interface FunctionPackage {
  name: string;
  dir: string;
  environment: Record<string, string>;
}

interface Outcome {
  pkg: FunctionPackage;
  bundleBytes: number;
  packageBytes: number;
  shipsSharp: boolean;
  shipsPdfjs: boolean;
  problems: string[];
}

/** Functions whose code is an asset directory holding our ESM bundle. */
function functionPackages(): FunctionPackage[] {
  const templates = readdirSync(assembly).filter((f) => f.endsWith('.template.json'));
  if (!templates.length) throw new Error(`no *.template.json in ${assembly}: run cdk synth first`);
  const out: FunctionPackage[] = [];
  for (const file of templates) {
    const template = JSON.parse(readFileSync(join(assembly, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string>; Properties: Record<string, any> }>;
    };
    for (const [id, r] of Object.entries(template.Resources)) {
      if (r.Type !== 'AWS::Lambda::Function' || r.Properties.Handler !== 'index.handler') continue;
      const assetPath = r.Metadata?.['aws:asset:path'];
      if (!assetPath || !existsSync(join(assembly, assetPath, 'index.mjs'))) continue;
      const variables = (r.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      // Only literal values are knowable here; references (table names, ARNs) resolve at deploy.
      const environment = Object.fromEntries(Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string'));
      out.push({ name: r.Properties.Description ?? id, dir: join(assembly, assetPath), environment });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function sizeOf(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/** ELF e_machine 0xB7 is AArch64. */
function isAarch64Elf(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(20);
    readSync(fd, head, 0, 20, 0);
    return head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])) && head.readUInt16LE(18) === 0xb7;
  } finally {
    closeSync(fd);
  }
}

function lockedVersion(pkg: string): string | undefined {
  const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8'));
  return lock.packages?.[`node_modules/${pkg}`]?.version;
}

/** The shipped sharp: locked version, linux-arm64 binary present and really AArch64. */
function checkSharp(dir: string): string[] {
  const problems: string[] = [];
  const pkgJson = join(dir, 'node_modules/sharp/package.json');
  if (!existsSync(pkgJson)) return ['imports sharp but node_modules/sharp is not in the package'];
  const version = JSON.parse(readFileSync(pkgJson, 'utf8')).version;
  if (version !== lockedVersion('sharp')) problems.push(`ships sharp ${version}, the lock file has ${lockedVersion('sharp')}`);
  const lib = join(dir, 'node_modules/@img/sharp-linux-arm64/lib');
  const binaries = existsSync(lib) ? readdirSync(lib).filter((f) => /^sharp-linux-arm64.*\.node$/.test(f)) : [];
  if (!binaries.length) problems.push('no @img/sharp-linux-arm64 binary');
  for (const b of binaries) if (!isAarch64Elf(join(lib, b))) problems.push(`${b} is not an AArch64 ELF`);
  if (!existsSync(join(dir, 'node_modules/@img/sharp-libvips-linux-arm64'))) problems.push('no @img/sharp-libvips-linux-arm64');
  return problems;
}

/** Bundles that must be able to render PDF pages (their code takes the pdf.js path in AWS). */
const RENDERS_PDF = ['functions/pipeline/extractFields.ts'];

/** Files pdf.ts loads from pdfjs-dist (the module, its worker, and the asset folders it points at). */
const PDFJS_FILES = ['legacy/build/pdf.mjs', 'legacy/build/pdf.worker.mjs', 'standard_fonts', 'cmaps', 'wasm', 'iccs'];

/** Every package.json of a package name anywhere under node_modules (nested copies included). */
function copiesOf(dir: string, name: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      const scoped = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((e) => `${entry}/${e}`) : [entry];
      for (const pkg of scoped) {
        const pkgDir = join(modules, pkg);
        if (pkg === name) found.push(pkgDir);
        walk(join(pkgDir, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

/** The shipped pdf.js: locked version, the files pdf.ts needs, one locked @napi-rs/canvas with its arm64 binary. */
function checkPdfjs(dir: string): string[] {
  const problems: string[] = [];
  const version = (pkgDir: string) => JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version as string;
  const pdfjs = join(dir, 'node_modules/pdfjs-dist');
  if (version(pdfjs) !== lockedVersion('pdfjs-dist')) problems.push(`ships pdfjs-dist ${version(pdfjs)}, the lock file has ${lockedVersion('pdfjs-dist')}`);
  for (const f of PDFJS_FILES) if (!existsSync(join(pdfjs, f))) problems.push(`pdfjs-dist/${f} is not in the package`);
  const canvases = copiesOf(dir, '@napi-rs/canvas');
  if (canvases.length !== 1) problems.push(`${canvases.length} copies of @napi-rs/canvas (want exactly one, node_modules/@napi-rs/canvas)`);
  else if (version(canvases[0]) !== lockedVersion('@napi-rs/canvas')) problems.push(`ships @napi-rs/canvas ${version(canvases[0])}, the lock file has ${lockedVersion('@napi-rs/canvas')}`);
  const binDir = join(dir, 'node_modules/@napi-rs/canvas-linux-arm64-gnu');
  const binaries = existsSync(binDir) ? readdirSync(binDir).filter((f) => f.endsWith('.node')) : [];
  if (!binaries.length) problems.push('no @napi-rs/canvas-linux-arm64-gnu binary');
  for (const b of binaries) if (!isAarch64Elf(join(binDir, b))) problems.push(`${b} is not an AArch64 ELF`);
  return problems;
}

/** A one-page PDF with Helvetica text and a filled box: rendering it needs the package's fonts and canvas. */
async function samplePdf(): Promise<string> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Deployment check 123', { x: 20, y: 150, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  page.drawRectangle({ x: 20, y: 40, width: 120, height: 60, color: rgb(0, 0, 0) });
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = join(mkdtempSync(join(tmpdir(), 'check-bundles-')), 'sample.pdf');
  writeFileSync(path, await doc.save());
  return path;
}

/**
 * Runs in the child: resolution hooks that keep bare imports inside the package (and swap in the
 * host's sharp build off arm64), then the import itself.
 */
const childScript = `
import { registerHooks, isBuiltin, createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const dir = process.env.CHECK_BUNDLE_DIR;
const dirUrl = pathToFileURL(dir + '/').href;
const hostRequire = createRequire(process.env.CHECK_PROJECT_ROOT + '/package.json');
const nativeHere = process.platform === 'linux' && process.arch === 'arm64';
// Native packages whose arm64 binary cannot load on another host: served by the project's build there.
const hostBuilds = new Set(['sharp', '@napi-rs/canvas']);
registerHooks({
  resolve(specifier, context, next) {
    const fromPackage = context.parentURL?.startsWith(dirUrl);
    if (!fromPackage || isBuiltin(specifier) || /^[./]|^file:/.test(specifier)) return next(specifier, context);
    const resolved = next(specifier, context);
    if (!resolved.url.startsWith(dirUrl)) {
      throw new Error('"' + specifier + '" is not in the deployment package (it would resolve to ' + resolved.url + ')');
    }
    if (hostBuilds.has(specifier) && !nativeHere) {
      return { url: pathToFileURL(hostRequire.resolve(specifier)).href, format: 'commonjs', shortCircuit: true };
    }
    return resolved;
  },
});
const mod = await import(pathToFileURL(dir + '/index.mjs').href);
if (typeof mod.handler !== 'function') throw new Error('index.mjs exports no handler function (got ' + typeof mod.handler + ')');
console.log('HANDLER_OK');
if (process.env.CHECK_PDF) {
  // As pdf.ts does it: pdf.js and its assets resolved from the package, its canvas required by pdf.js itself.
  const { readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const packageRequire = createRequire(dir + '/index.mjs');
  const root = dirname(packageRequire.resolve('pdfjs-dist/package.json'));
  if (!root.startsWith(dir + '/')) throw new Error('pdfjs-dist resolves outside the package: ' + root);
  const { getDocument } = await import(pathToFileURL(join(root, 'legacy/build/pdf.mjs')).href);
  const doc = await getDocument({
    data: new Uint8Array(readFileSync(process.env.CHECK_PDF)),
    standardFontDataUrl: root + '/standard_fonts/', cMapUrl: root + '/cmaps/', cMapPacked: true,
    wasmUrl: root + '/wasm/', iccUrl: root + '/iccs/', isEvalSupported: false, useSystemFonts: false,
    // Warnings on: a missing font or decoder only warns (and renders with a fallback); any warning fails the check.
    verbosity: 1,
  }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => i.str ?? '').join('');
  if (!text.includes('Deployment check 123')) throw new Error('pdf.js read no text layer: ' + JSON.stringify(text));
  const viewport = page.getViewport({ scale: 2 });
  const { canvas, context } = doc.canvasFactory.create(viewport.width, viewport.height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, viewport.width, viewport.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  const pixels = context.getImageData(0, 0, viewport.width, viewport.height).data;
  let dark = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128) dark++;
  const png = canvas.toBuffer('image/png');
  await doc.destroy();
  // The box alone is 240x120 device pixels; the text adds some more.
  if (dark < 240 * 120 || png.subarray(1, 4).toString() !== 'PNG') throw new Error('page rendered blank (' + dark + ' dark pixels)');
  console.log('PDF_RENDER_OK');
}
`;

function importInChild(pkg: FunctionPackage, pdf?: string): Promise<string[]> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AWS_REGION: 'ap-south-1',
    LOG_LEVEL: 'ERROR',
    CHECK_BUNDLE_DIR: pkg.dir,
    CHECK_PROJECT_ROOT: projectRoot,
    ...(pdf ? { CHECK_PDF: pdf } : {}),
  };
  for (const [k, v] of Object.entries(pkg.environment)) {
    // NODE_OPTIONS=--enable-source-maps is kept: it is how Lambda runs the bundle.
    env[k] = v.startsWith(TASK_ROOT) ? join(pkg.dir, v.slice(TASK_ROOT.length)) : v;
  }
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', childScript], { env, cwd: pkg.dir });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const warning = output.split('\n').find((l) => l.startsWith('Warning:'));
      if (warning) return done([`pdf.js warned: ${warning.slice(0, 300)}`]);
      if (code === 0 && output.includes('HANDLER_OK') && (!pdf || output.includes('PDF_RENDER_OK'))) return done([]);
      const reason = output.split('\n').find((l) => /^[A-Za-z]*Error\b/.test(l.trim())) ?? output.trim().split('\n').slice(-3).join(' ');
      done([`import failed (exit ${code}): ${reason.slice(0, 400)}`]);
    });
  });
}

async function check(pkg: FunctionPackage, pdf: string): Promise<Outcome> {
  const bundle = readFileSync(join(pkg.dir, 'index.mjs'), 'utf8');
  const problems: string[] = [];
  const shipsSharp = existsSync(join(pkg.dir, 'node_modules/sharp'));
  const importsSharp = /\bfrom\s*["']sharp["']|import\(\s*["']sharp["']\s*\)/.test(bundle);
  if (importsSharp) problems.push(...checkSharp(pkg.dir));
  else if (shipsSharp) problems.push('ships sharp but never imports it (dead weight)');

  for (const [name, value] of Object.entries(pkg.environment)) {
    if (value.startsWith(TASK_ROOT) && !existsSync(join(pkg.dir, value.slice(TASK_ROOT.length)))) {
      problems.push(`${name}=${value} is not in the package`);
    }
  }
  const map = JSON.parse(readFileSync(join(pkg.dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
  const shipsPdfjs = existsSync(join(pkg.dir, 'node_modules/pdfjs-dist'));
  const rendersPdf = map.sources.some((s) => RENDERS_PDF.some((entry) => s.endsWith(entry)));
  if (shipsPdfjs) problems.push(...checkPdfjs(pkg.dir));
  else if (rendersPdf) problems.push('renders PDF pages but does not ship pdfjs-dist');
  else if (existsSync(join(pkg.dir, 'node_modules/@napi-rs/canvas'))) problems.push('ships @napi-rs/canvas without pdfjs-dist (dead weight)');
  const usesAddressData = map.sources.some((s) => s.endsWith('adapters/pincodeFile.ts'));
  if (usesAddressData && !pkg.environment.ADDRESS_REFERENCE_DATA) {
    problems.push('bundles the address engine but has no ADDRESS_REFERENCE_DATA (the data file is not shipped)');
  }
  problems.push(...(await importInChild(pkg, shipsPdfjs ? pdf : undefined)));
  return { pkg, bundleBytes: Buffer.byteLength(bundle), packageBytes: sizeOf(pkg.dir), shipsSharp, shipsPdfjs, problems };
}

/** Bounded parallelism: the machines this runs on have two cores. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

async function main() {
  const packages = functionPackages();
  if (!packages.length) throw new Error(`no bundled functions found in ${assembly}`);
  const started = Date.now();
  const pdf = await samplePdf();
  const outcomes = await mapLimit(packages, 2, (p) => check(p, pdf));
  const width = Math.max(...outcomes.map((o) => o.pkg.name.length));
  console.log(`${'function'.padEnd(width)}  ${'index.mjs'.padStart(10)}  ${'package'.padStart(10)}  result`);
  for (const o of outcomes) {
    const extra = [o.shipsSharp ? '+sharp' : '', o.shipsPdfjs ? '+pdfjs' : '', o.pkg.environment.ADDRESS_REFERENCE_DATA ? '+pincodes' : ''].filter(Boolean).join(' ');
    const result = o.problems.length ? `FAIL: ${o.problems.join('; ')}` : `ok ${extra}`.trim();
    console.log(`${o.pkg.name.padEnd(width)}  ${mb(o.bundleBytes).padStart(10)}  ${mb(o.packageBytes).padStart(10)}  ${result}`);
  }
  const failed = outcomes.filter((o) => o.problems.length);
  const node = execFileSync(process.execPath, ['--version']).toString().trim();
  console.log(`\n${outcomes.length} packages checked with Node ${node} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed.length} failed.`);
  if (failed.length) process.exitCode = 1;
}

await main();
