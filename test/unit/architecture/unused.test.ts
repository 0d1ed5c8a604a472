/**
 * No unused files, exports or dependencies (knip, configured in knip.ts). Takes about 10-15 s on
 * a 2-core machine, so it runs here, inside `npm test`, rather than as a separate CI step.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** knip's categories this check fails on (unlisted packages and binaries are knip's own concern). */
const CHECKED = ['files', 'dependencies', 'devDependencies', 'optionalPeerDependencies', 'exports', 'types', 'enumMembers', 'nsExports', 'nsTypes'] as const;

/**
 * Today's findings in modules being reorganised under issue 9 (file -> names; "(file)" for an
 * unused file). The list may only shrink: a finding that is gone fails the check until its entry
 * is removed, and the list is deleted when empty.
 */
const KNOWN_UNUSED: Readonly<Record<string, readonly string[]>> = {
  'functions/adapters/store/audit.ts': ['AUDIT_RETENTION_DAYS'],
  'functions/adapters/store/chat.ts': ['Sender'],
  'functions/adapters/store/idempotency.ts': ['IDEMPOTENCY_TTL_SECONDS'],
  'functions/adapters/store/onboarding.ts': ['ApplicantType', 'FlowState'],
  'functions/adapters/store/flowsAndBatches.ts': ['retentionDays', 'FlowOrBatchKind'],
  'functions/core/documents/fields/common.ts': ['labelledMobile'],
  'functions/core/documents/index.ts': ['isDocumentType', 'unionBox', 'fieldConfidence', 'ocrScore', 'combineConfidence', 'SupportedDocumentType', 'BlockType', 'Geometry', 'Line', 'Page', 'PageBox', 'QueryAnswer', 'Relationship', 'RelationshipType', 'Word', 'ClassifyOptions', 'OpenBoxInput', 'Cue', 'DocumentTypeDeclaration', 'SparseReader', 'ExtractError', 'ExtractOptions', 'ExtractedField', 'FieldValue', 'ImageSignal', 'Evidence'],
  'functions/core/documents/typeNames.ts': ['isDocumentType'],
  'functions/http/middleware/serve.ts': ['MAX_BODY_BYTES', 'Reply'],
  'functions/http/routes.ts': ['findRoute', 'ErrorBody', 'Audience', 'RouteAuth'],
  'functions/http/schemas/address.ts': ['AddressMatchHeaders'],
  'functions/http/schemas/auth.ts': ['ClientCredentialHeaders', 'RefreshHeaders'],
  'functions/http/schemas/common.ts': ['MAX_FILES_PER_BATCH'],
};

interface KnipIssue {
  file: string;
  [category: string]: unknown;
}

function runKnip(): { findings: Map<string, string>; raw: string } {
  // The project's Node (the one running vitest) runs knip's CLI: `npx` could pick up the system Node 20.
  const run = spawnSync(process.execPath, [`${ROOT}node_modules/knip/bin/knip.js`, '--reporter', 'json', '--no-progress'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 170_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // knip exits 1 when it finds issues; anything else (2: bad config, a crash) is a failure to run.
  if (run.status !== 0 && run.status !== 1) throw new Error(`knip exited ${run.status}:\n${run.stderr}`);
  const { issues } = JSON.parse(run.stdout) as { issues: KnipIssue[] };
  const findings = new Map<string, string>(); // "file: name" -> category
  for (const issue of issues) {
    for (const category of CHECKED) {
      for (const item of (issue[category] as { name: string }[] | undefined) ?? []) {
        const name = category === 'files' ? '(file)' : item.name;
        findings.set(`${issue.file}: ${name}`, category);
      }
    }
  }
  return { findings, raw: run.stdout };
}

describe('unused code (knip)', () => {
  it('finds no unused file, export or dependency beyond the known list, and the list only shrinks', () => {
    const { findings } = runKnip();
    const known = new Set(Object.entries(KNOWN_UNUSED).flatMap(([file, names]) => names.map((name) => `${file}: ${name}`)));
    const fresh = [...findings].filter(([key]) => !known.has(key)).map(([key, category]) => `  ${key}    (${category})`);
    const gone = [...known].filter((key) => !findings.has(key)).map((key) => `  ${key}`);
    const report = [
      ...(fresh.length ? [`${fresh.length} unused (remove them, or use them):`, ...fresh] : []),
      ...(gone.length ? [`${gone.length} no longer reported (remove them from KNOWN_UNUSED):`, ...gone] : []),
    ];
    expect(fresh.length + gone.length, `${report.join('\n')}\n`).toBe(0);
  }, 180_000);
});
