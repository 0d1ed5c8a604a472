/**
 * Where the tesseract engine finds its model and worker: in a checkout (node_modules) and in a Lambda
 * package (model under data/ named by TESSERACT_LANG_PATH; tesseract.js installed beside the bundle).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractEngine, defaultLangPath, LANG_PATH_ENV, MODEL_DIR, workerScriptPath } from '#adapters/ocr/tesseract.ts';

// Real path: module resolution answers with real paths (node_modules may be a link).
const projectModules = realpathSync(join(import.meta.dirname, '../../../../node_modules'));
const temp: string[] = [];
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A Lambda-like package: index.mjs, data/tesseract/eng.traineddata.gz and node_modules/tesseract.js beside it. */
function lambdaPackage(): { dir: string; bundleUrl: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tesseract-package-'));
  temp.push(dir);
  mkdirSync(join(dir, 'data/tesseract'), { recursive: true });
  copyFileSync(join(projectModules, '@tesseract.js-data/eng', MODEL_DIR, 'eng.traineddata.gz'), join(dir, 'data/tesseract/eng.traineddata.gz'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(projectModules, 'tesseract.js'), join(dir, 'node_modules/tesseract.js'));
  return { dir, bundleUrl: pathToFileURL(join(dir, 'index.mjs')).href };
}

describe('tesseract model and worker paths', () => {
  it('in a checkout: the integer model inside @tesseract.js-data/eng', () => {
    const path = defaultLangPath({});
    expect(path).toBe(join(projectModules, '@tesseract.js-data/eng', MODEL_DIR));
    expect(existsSync(join(path, 'eng.traineddata.gz'))).toBe(true);
  });

  it('in a package: TESSERACT_LANG_PATH wins, and the engine accepts the folder', async () => {
    const { dir } = lambdaPackage();
    const langPath = join(dir, 'data/tesseract');
    expect(defaultLangPath({ [LANG_PATH_ENV]: langPath })).toBe(langPath);
    const engine = createTesseractEngine({ langPath: defaultLangPath({ [LANG_PATH_ENV]: langPath }) });
    expect(engine.workerOptions).toEqual({ langPath, cacheMethod: 'none', gzip: true });
    await engine.close();
  });

  it('fails at construction, naming the folder and the variable, when the model is not there', () => {
    const empty = mkdtempSync(join(tmpdir(), 'tesseract-empty-'));
    temp.push(empty);
    expect(() => createTesseractEngine({ langPath: defaultLangPath({ [LANG_PATH_ENV]: empty }) })).toThrow(
      new RegExp(`language data not found in ${empty}.*${LANG_PATH_ENV}`),
    );
  });

  it('the worker script resolves from wherever tesseract.js is installed: the project, or beside a bundle', () => {
    expect(existsSync(workerScriptPath())).toBe(true);
    const { bundleUrl } = lambdaPackage();
    const fromPackage = workerScriptPath(bundleUrl);
    expect(fromPackage).toMatch(/tesseract\.js\/src\/worker-script\/node\/index\.js$/);
    expect(existsSync(fromPackage)).toBe(true);
    // Nothing installed beside a bundle: resolution fails instead of silently using another copy.
    const bare = mkdtempSync(join(tmpdir(), 'tesseract-bare-'));
    temp.push(bare);
    expect(() => defaultLangPath({}, pathToFileURL(join(bare, 'index.mjs')).href)).toThrow(/@tesseract\.js-data\/eng/);
  });
});
