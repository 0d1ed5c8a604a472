/**
 * ServiceFunction: the one way this service builds a Lambda. Every route handler and pipeline
 * task gets the same runtime, architecture, bundling, tracing, log group and stage wiring, so a
 * construct only says what differs: entry, memory, timeout, extra environment.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Architecture, Code, Runtime, Tracing, LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envNames } from '../functions/adapters/tableSchema.ts';
import type { StageConfig } from './stage-config.ts';

/** The repository root: entries and the lock file are resolved from it. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packages never bundled, for every function. Local-only engines and emulators are never reachable
 * in AWS (OCR_ENGINE=textract, FACE_ENGINE=rekognition), too heavy or native to bundle; adapters
 * import them dynamically. The `NativeModule`s are native or load native code (sharp; pdf.js with
 * its canvas, which renders PDF pages): functions that use them get linux-arm64 builds installed
 * beside the bundle (`nativeModules`); every other bundle must not import sharp at all and
 * reaches pdf.js only through a dynamic import it never takes (scripts/check-bundles.ts).
 */
export const localOnlyModules = [
  'tesseract.js',
  '@tesseract.js-data/eng',
  'sharp',
  'pdfjs-dist',
  '@napi-rs/canvas',
  '@vladmandic/*',
  '@tensorflow/*',
  'dynalite',
  's3rver',
  'aws-local-stepfunctions',
];

/**
 * The local engines' own adapter modules, externalised by path. functions/pipeline/engines.ts
 * imports them dynamically, but esbuild inlines a dynamically imported local file and hoists that
 * file's static imports of external packages (tesseract.js, sharp) to the top of the ESM bundle,
 * so the bundle would fail to load in Lambda. Kept external, the dynamic import stays a dynamic
 * import that only OCR_ENGINE=tesseract / FACE_ENGINE=local would ever take.
 */
export const localOnlyAdapters = [
  'functions/adapters/ocr/tesseract.ts',
  'functions/adapters/ocr/paddle.ts',
  'functions/adapters/ocr/hybrid.ts',
  'functions/adapters/faces/local.ts',
];

/**
 * Native packages a function may ship, installed for the Lambda platform at synth (each stays in
 * `localOnlyModules`, so it is external to every bundle). pdfjs-dist renders with @napi-rs/canvas
 * (its optional dependency): asking for one ships both, one copy of the canvas.
 */
export type NativeModule = 'sharp' | 'pdfjs-dist' | '@napi-rs/canvas';

const companions: Partial<Record<NativeModule, NativeModule[]>> = { 'pdfjs-dist': ['@napi-rs/canvas'] };

/** The packages installed for a function's `nativeModules`: with companions, once each, sorted. */
export function nativeInstallSet(modules: NativeModule[] = []): NativeModule[] {
  return [...new Set(modules.flatMap((m) => [m, ...(companions[m] ?? [])]))].sort();
}

/**
 * Parts of pdfjs-dist Node never loads: the browser builds, viewer, type declarations, standalone
 * image decoders, minified twins, the scripting sandbox and source maps (about 34 of its 41 MB).
 * What stays: legacy/build/pdf.mjs and pdf.worker.mjs, and the fonts, CMaps, wasm decoders and
 * ICC profiles pdf.ts points pdf.js at.
 */
export const pdfjsUnused = [
  'build', 'web', 'types', 'image_decoders', 'legacy/web', 'legacy/image_decoders',
  'legacy/build/*.map', 'legacy/build/*.min.mjs', 'legacy/build/pdf.sandbox.mjs',
];

/** Where the pincode reference data lands in the deployment package, and the env var naming it. */
export const addressReferenceData = {
  source: 'functions/core/address/data/pincodes.json.gz',
  target: 'data/pincodes.json.gz',
  env: 'ADDRESS_REFERENCE_DATA',
} as const;

/** The exact installed version from the lock file: the Lambda gets what the tests ran against. */
export function lockedVersion(pkg: string): string {
  const lock = JSON.parse(readFileSync(`${projectRoot}package-lock.json`, 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[`node_modules/${pkg}`]?.version;
  if (!version) throw new Error(`${pkg} is not in package-lock.json: it cannot be shipped to Lambda`);
  return version;
}

/**
 * Shell commands run after esbuild, in the asset's output directory. Native packages are
 * installed from the npm registry for linux/arm64/glibc (the Lambda platform, not the build
 * host) into the package's own node_modules, where the bundle's `import 'sharp'` resolves them;
 * the explicit --prefix and package.json keep npm from walking up into the project.
 */
function afterBundlingCommands(outputDir: string, inputDir: string, props: ServiceFunctionProps): string[] {
  const commands: string[] = [];
  const modules = nativeInstallSet(props.nativeModules);
  if (modules.length) {
    // All at once: pdfjs-dist's optional @napi-rs/canvas (^range) resolves to the locked top-level copy.
    const specs = modules.map((m) => `${m}@${lockedVersion(m)}`).join(' ');
    commands.push(
      `echo '{"private":true}' > "${outputDir}/package.json"`,
      `npm install --prefix "${outputDir}" --os=linux --cpu=arm64 --libc=glibc --omit=dev --save-exact ` +
        `--no-package-lock --no-audit --no-fund --ignore-scripts --loglevel=error ${specs}`,
    );
    if (modules.includes('pdfjs-dist')) {
      commands.push(`(cd "${outputDir}/node_modules/pdfjs-dist" && rm -rf ${pdfjsUnused.join(' ')})`);
    }
  }
  if (props.addressReferenceData) {
    commands.push(
      `mkdir -p "${outputDir}/data"`,
      `cp "${inputDir}/${addressReferenceData.source}" "${outputDir}/${addressReferenceData.target}"`,
    );
  }
  return commands;
}

/**
 * ESM output with CommonJS dependencies inside: esbuild's `require` shim needs a real
 * `require`. Aliased import so it cannot clash with names in the bundle.
 */
const esmRequireBanner =
  "import { createRequire as __docstreamCreateRequire } from 'node:module'; const require = __docstreamCreateRequire(import.meta.url);";

export interface ServiceFunctionProps {
  /** Path of the handler module relative to the project root, e.g. functions/http/openapi.ts. */
  entry: string;
  stageConfig: StageConfig;
  memoryMb?: number;
  timeout?: Duration;
  /** Extra environment on top of the stage wiring (table, bucket names and the like). */
  environment?: Record<string, string>;
  description?: string;
  /** Native packages installed for linux-arm64 beside the bundle (they stay external to it). */
  nativeModules?: NativeModule[];
  /** Ships the pincode reference data beside the bundle and points ADDRESS_REFERENCE_DATA at it. */
  addressReferenceData?: boolean;
}

export class ServiceFunction extends NodejsFunction {
  /** The function's own role (a sibling construct: it exists before the function). */
  readonly executionRole: Role;
  /** Handler module relative to the project root. */
  readonly entryPath: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const { stageConfig } = props;
    // Our own log group (instead of logRetention) avoids the log-retention custom resource Lambda.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: stageConfig.logRetention,
      removalPolicy: stageConfig.removalPolicy,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: logs go to this function's group only.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.description ?? id}`,
    });
    logGroup.grantWrite(role);
    // Stacks excluded from bundling (infra tests, `cdk deploy` of another stack) never deploy this
    // code, so they need neither esbuild nor the handler file; real synth bundles and checks the entry.
    const bundling = Stack.of(scope).bundlingRequired;
    super(scope, id, {
      ...(bundling
        ? { entry: `${projectRoot}${props.entry}`, handler: 'handler' }
        : { code: Code.fromInline(`// bundling skipped for ${props.entry}`), handler: 'index.handler' }),
      projectRoot,
      depsLockFilePath: `${projectRoot}package-lock.json`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? 256,
      timeout: props.timeout ?? Duration.seconds(29),
      description: props.description,
      role,
      tracing: Tracing.ACTIVE,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: {
        [envNames.stage]: stageConfig.stage,
        // Table TTLs follow the stage's one retention setting (the bucket lifecycle uses it too).
        [envNames.retentionDays]: String(stageConfig.retentionDays),
        // AWS always refuses loopback URLs and uses the managed engines; local engines are for laptops.
        [envNames.allowLoopback]: 'false',
        [envNames.ocrEngine]: 'textract',
        [envNames.faceEngine]: 'rekognition',
        NODE_OPTIONS: '--enable-source-maps',
        ...(props.addressReferenceData ? { [addressReferenceData.env]: `/var/task/${addressReferenceData.target}` } : {}),
        ...props.environment,
      },
      bundling: {
        // Local esbuild only: synth works without Docker.
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        banner: esmRequireBanner,
        // Bundle the AWS SDK (one pinned version, tree-shaken, smaller cold start than the runtime's).
        bundleAwsSDK: true,
        externalModules: [...localOnlyModules, ...localOnlyAdapters.map((path) => `${projectRoot}${path}`)],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) => afterBundlingCommands(outputDir, inputDir, props),
        },
      },
    });
    this.entryPath = props.entry;
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x is the pinned runtime of this service (matches local Node 22); upgrades are deliberate.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Active tracing: X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
    });
    this.executionRole = role;
  }

  /** Adds a statement on `*` for an API without resource-level permissions, with the reason cdk-nag records. */
  allowOnAnyResource(actions: string[], reason: string): void {
    this.addToRolePolicy(new PolicyStatement({ actions, resources: ['*'] }));
    // One acknowledgement per reason: the validation report keeps each as evidence.
    Validations.of(this.executionRole).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason });
  }
}
