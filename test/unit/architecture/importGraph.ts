/**
 * The import graph of the TypeScript sources, for the layer check (layers.test.ts).
 *
 * TypeScript 7 ships no compiler API to JavaScript, and esbuild drops type-only imports (which
 * are exactly the imports that leak domain types across layers), so the specifiers are read by
 * a small lexer: comments, regular expressions and template literals are blanked and every
 * string literal is replaced by a numbered placeholder, then import/export-from/dynamic import
 * forms are matched on what is left. Strings can therefore never be mistaken for imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Keywords after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await',
]);

/**
 * The source with comments, regex and template literal contents blanked and each string literal
 * replaced by `'#N'` where N indexes `strings`.
 */
export function maskSource(src: string): { code: string; strings: string[] } {
  const strings: string[] = [];
  let out = '';
  let i = 0;
  let lastSignificant = ''; // last non-space code character, or the last identifier word
  // Brace depth per open template expression (`${ ... }`), innermost last.
  const templateStack: number[] = [];
  let braceDepth = 0;

  const readTemplate = () => {
    // At the character after "`" or after the "}" that closes an expression.
    while (i < src.length) {
      const c = src[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '`') { i++; out += '`'; lastSignificant = ')'; return; }
      if (c === '$' && src[i + 1] === '{') {
        i += 2;
        out += '${';
        templateStack.push(braceDepth);
        braceDepth++;
        lastSignificant = '{';
        return;
      }
      i++;
    }
  };

  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      out += ' ';
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < src.length && src[j] !== c && src[j] !== '\n') {
        if (src[j] === '\\') { value += src[j + 1] ?? ''; j += 2; continue; }
        value += src[j++];
      }
      out += `'#${strings.length}'`;
      strings.push(value);
      i = j + 1;
      lastSignificant = ')';
      continue;
    }
    if (c === '`') {
      out += '`';
      i++;
      readTemplate();
      continue;
    }
    if (c === '/') {
      const word = /[\w$]/.test(lastSignificant) && lastSignificant.length > 1 ? lastSignificant : '';
      const isRegex = lastSignificant === '' || (!/[\w$)\]}]$/.test(lastSignificant) ? true : REGEX_AFTER.has(word));
      if (isRegex) {
        let j = i + 1;
        let inClass = false;
        while (j < src.length && src[j] !== '\n') {
          const r = src[j];
          if (r === '\\') { j += 2; continue; }
          if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
          j++;
        }
        j++;
        while (j < src.length && /[a-z]/i.test(src[j])) j++;
        out += '/r/';
        i = j;
        lastSignificant = ')';
        continue;
      }
    }
    if (c === '{') braceDepth++;
    if (c === '}') {
      braceDepth--;
      if (templateStack.length && templateStack[templateStack.length - 1] === braceDepth) {
        templateStack.pop();
        out += '}';
        i++;
        readTemplate();
        continue;
      }
    }
    if (/[\w$]/.test(c)) {
      let j = i;
      while (j < src.length && /[\w$]/.test(src[j])) j++;
      const word = src.slice(i, j);
      out += word;
      lastSignificant = word;
      i = j;
      continue;
    }
    out += c;
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return { code: out, strings };
}

const STATIC_FORM = /(?<![.\w$])(?:import|export)\s+(?:type\s+)?(?:[\w$*{},\s])*?\bfrom\s*'#(\d+)'/g;
const SIDE_EFFECT_FORM = /(?<![.\w$])import\s*'#(\d+)'/g;
const DYNAMIC_FORM = /(?<![.\w$])import\s*\(\s*'#(\d+)'/g;

/** Every module specifier a TypeScript source imports or re-exports (type-only imports included). */
export function importSpecifiers(src: string): string[] {
  const { code, strings } = maskSource(src);
  const found = new Set<string>();
  for (const form of [STATIC_FORM, SIDE_EFFECT_FORM, DYNAMIC_FORM]) {
    for (const m of code.matchAll(form)) found.add(strings[Number(m[1])]);
  }
  return [...found];
}

export type Target =
  | { kind: 'file'; path: string } // relative to the repository root, "/" separated
  | { kind: 'package'; name: string } // "jose", "@aws-sdk/client-s3", "node:fs"
  | { kind: 'unresolved'; specifier: string };

export interface ImportEdge {
  from: string;
  specifier: string;
  to: Target;
}

const toPosix = (p: string) => p.split(sep).join('/');

function fileCandidate(abs: string): string | null {
  const tries = [abs, abs.replace(/\.js$/, '.ts'), `${abs}.ts`, join(abs, 'index.ts')];
  for (const t of tries) if (existsSync(t) && statSync(t).isFile()) return t;
  return null;
}

/** Resolves a specifier the way Node and tsc do here: relative paths, the package.json "imports" map, packages. */
export function resolveSpecifier(root: string, fromFile: string, specifier: string, importsMap: Record<string, string>): Target {
  let abs: string | null = null;
  if (specifier.startsWith('.')) abs = resolve(dirname(join(root, fromFile)), specifier);
  else if (specifier.startsWith('#')) {
    for (const [pattern, target] of Object.entries(importsMap)) {
      const star = pattern.indexOf('*');
      if (star < 0 ? specifier === pattern : specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1))) {
        const middle = star < 0 ? '' : specifier.slice(star, specifier.length - (pattern.length - star - 1));
        abs = resolve(root, target.replace('*', middle));
        break;
      }
    }
    if (!abs) return { kind: 'unresolved', specifier };
  } else {
    const bare = specifier.startsWith('node:') ? specifier : isBuiltin(specifier) ? `node:${specifier.split('/')[0]}` : null;
    if (bare) return { kind: 'package', name: bare.split('/')[0] };
    const parts = specifier.split('/');
    return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
  }
  const file = fileCandidate(abs);
  return file ? { kind: 'file', path: toPosix(relative(root, file)) } : { kind: 'unresolved', specifier };
}

export function sourceFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(folder);
  return files.sort();
}

/** Every import edge of the .ts files under `folder` (relative to `root`). */
export function importGraph(root: string, folder: string): ImportEdge[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  const importsMap = pkg.imports ?? {};
  const edges: ImportEdge[] = [];
  for (const from of sourceFiles(root, folder)) {
    for (const specifier of importSpecifiers(readFileSync(join(root, from), 'utf8'))) {
      edges.push({ from, specifier, to: resolveSpecifier(root, from, specifier, importsMap) });
    }
  }
  return edges;
}
