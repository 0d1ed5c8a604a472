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
 * Packages never bundled, for every function. Local engines and emulators are never reachable in
 * AWS (OCR_ENGINE=textract, FACE_ENGINE=rekognition), too heavy or native to bundle; adapters
 * import them dynamically. A stage without the managed engines (LocalStack) installs the local
 * engines' packages beside the bundles of the functions that call them (`localEnginePackages`). The `NativeModule`s are native or load native code (sharp; pdf.js with
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
 * The local engines' own adapter modules, externalised by path. functions/adapters/engines.ts
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

/** A local engine a function carries when its stage has no managed one (StageConfig.engines). */
export type LocalEngine = 'ocr' | 'faces';

/**
 * What each local engine brings into a function's package. Its adapter is bundled (no longer
 * external); its packages are installed beside the bundle with the native ones (they load workers,
 * wasm and models from their own folders, so they cannot be bundled); `unused` is removed after the
 * install (relative to node_modules); `data` copies model files and names them in the environment.
 */
interface LocalEnginePackage {
  adapter: string;
  natives: NativeModule[];
  packages: string[];
  unused: string[];
  /** A model folder (relative to node_modules) of which only these models (file name before the first dot) stay. */
  modelsKept?: { dir: string; models: string[] };
  data?: { source: string; target: string; env: string; envValue: string };
}

/** Where the OCR model lands in the package; functions/adapters/ocr/tesseract.ts reads TESSERACT_LANG_PATH. */
export const tesseractModel = {
  // The integer LSTM model (the default of tesseract.ts): 2.9 MB; the package's other model is 11 MB.
  source: 'node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  target: 'data/tesseract/eng.traineddata.gz',
  env: 'TESSERACT_LANG_PATH',
  envValue: '/var/task/data/tesseract',
} as const;

const localEnginePackages: Record<LocalEngine, LocalEnginePackage> = {
  ocr: {
    adapter: 'functions/adapters/ocr/tesseract.ts',
    // sharp prepares each page (preprocess.ts); pdf.js renders scanned PDF pages (document.ts).
    natives: ['sharp', 'pdfjs-dist'],
    packages: ['tesseract.js'],
    // The cores with the wasm inlined as base64 are for browsers; Node loads the .js + .wasm pairs (getCore.js).
    unused: ['tesseract.js-core/*.wasm.js'],
    data: tesseractModel,
  },
  faces: {
    adapter: 'functions/adapters/faces/local.ts',
    natives: ['sharp'],
    // Human loads its node-wasm build by path with these three (functions/adapters/faces/humanDetector.ts).
    packages: ['@vladmandic/human', '@tensorflow/tfjs-core', '@tensorflow/tfjs-converter', '@tensorflow/tfjs-backend-wasm'],
    // Human's browser builds, sources and demos; dist/human.node.js stays: it is the package's main.
    unused: [
      '@vladmandic/human/demo', '@vladmandic/human/assets', '@vladmandic/human/src', '@vladmandic/human/types',
      '@vladmandic/human/dist/human.esm*', '@vladmandic/human/dist/human.js', '@vladmandic/human/dist/tfjs.esm.js',
    ],
    // The detector loads these three (humanDetector.ts turns every other feature off).
    modelsKept: { dir: '@vladmandic/human/models', models: ['blazeface', 'facemesh', 'faceres'] },
  },
};

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

/** Everything installed beside a function's bundle: its native modules and its local engines' packages, once each, sorted. */
function installSet(modules: NativeModule[] = [], engines: LocalEngine[] = []): string[] {
  const natives = nativeInstallSet([...modules, ...engines.flatMap((e) => localEnginePackages[e].natives)]);
  return [...new Set([...natives, ...engines.flatMap((e) => localEnginePackages[e].packages)])].sort();
}

/** npm's --cpu for a Lambda architecture. */
const npmCpu = { arm64: 'arm64', x86_64: 'x64' } as const;

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
export function afterBundlingCommands(outputDir: string, inputDir: string, props: ServiceFunctionProps): string[] {
  const commands: string[] = [];
  const engines = props.localEngines ?? [];
  const modules = installSet(props.nativeModules, engines);
  if (modules.length) {
    // All at once (a second install would prune the first): pdfjs-dist's optional @napi-rs/canvas (^range)
    // resolves to the locked top-level copy; the engines' pure-JS dependencies resolve from their ranges.
    const specs = modules.map((m) => `${m}@${lockedVersion(m)}`).join(' ');
    const cpu = npmCpu[props.stageConfig.lambdaArchitecture];
    commands.push(
      `echo '{"private":true}' > "${outputDir}/package.json"`,
      `npm install --prefix "${outputDir}" --os=linux --cpu=${cpu} --libc=glibc --omit=dev --save-exact ` +
        `--no-package-lock --no-audit --no-fund --ignore-scripts --loglevel=error ${specs}`,
    );
    if (modules.includes('pdfjs-dist')) {
      commands.push(`(cd "${outputDir}/node_modules/pdfjs-dist" && rm -rf ${pdfjsUnused.join(' ')})`);
    }
    if (engines.length) {
      const unused = engines.flatMap((e) => localEnginePackages[e].unused);
      // Source maps and type declarations are never loaded at run time.
      commands.push(
        `find "${outputDir}/node_modules" \\( -name '*.map' -o -name '*.d.ts' \\) -type f -delete`,
        `(cd "${outputDir}/node_modules" && rm -rf ${unused.join(' ')})`,
      );
      for (const kept of engines.flatMap((e) => localEnginePackages[e].modelsKept ?? [])) {
        const keep = kept.models.map((m) => `! -name '${m}.*'`).join(' ');
        commands.push(`find "${outputDir}/node_modules/${kept.dir}" -type f ${keep} -delete`);
      }
    }
  }
  for (const data of engines.flatMap((e) => localEnginePackages[e].data ?? [])) {
    commands.push(`mkdir -p "$(dirname "${outputDir}/${data.target}")"`, `cp "${inputDir}/${data.source}" "${outputDir}/${data.target}"`);
  }
  if (props.addressReferenceData) {
    commands.push(
      `mkdir -p "${outputDir}/data"`,
      `cp "${inputDir}/${addressReferenceData.source}" "${outputDir}/${addressReferenceData.target}"`,
    );
  }
  return commands;
}

/** The local adapters kept external: all but those of the engines the function carries (bundled, with their static imports). */
function externalAdapters(engines: LocalEngine[] = []): string[] {
  const carried = new Set(engines.map((e) => localEnginePackages[e].adapter));
  return localOnlyAdapters.filter((path) => !carried.has(path));
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
  /** Local engines the function carries (its stage has no managed one for them): adapter, packages and models. */
  localEngines?: LocalEngine[];
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
      architecture: stageConfig.lambdaArchitecture === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64,
      memorySize: props.memoryMb ?? 256,
      timeout: props.timeout ?? Duration.seconds(29),
      description: props.description,
      role,
      tracing: stageConfig.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: {
        [envNames.stage]: stageConfig.stage,
        // Table TTLs follow the stage's one retention setting (the bucket lifecycle uses it too).
        [envNames.retentionDays]: String(stageConfig.retentionDays),
        // Deployed stages always refuse loopback URLs. The engines are the stage's: managed in AWS,
        // local on LocalStack (where only the functions that call an engine carry it).
        [envNames.allowLoopback]: 'false',
        [envNames.ocrEngine]: stageConfig.engines.ocr,
        [envNames.faceEngine]: stageConfig.engines.faces,
        NODE_OPTIONS: '--enable-source-maps',
        // The Powertools tracer follows the stage: off where X-Ray is (no daemon would take the segments).
        POWERTOOLS_TRACE_ENABLED: String(stageConfig.tracing),
        ...(props.addressReferenceData ? { [addressReferenceData.env]: `/var/task/${addressReferenceData.target}` } : {}),
        ...Object.fromEntries((props.localEngines ?? []).flatMap((e) => {
          const data = localEnginePackages[e].data;
          return data ? [[data.env, data.envValue]] : [];
        })),
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
        // A stage without X-Ray: the tracer's import is dead code (functions/adapters/tracer.ts), so the
        // X-Ray SDK (about 120 KB) is not bundled. Same value as the environment variable above.
        ...(stageConfig.tracing ? {} : { define: { 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify('false') } }),
        // Bundle the AWS SDK (one pinned version, tree-shaken, smaller cold start than the runtime's).
        bundleAwsSDK: true,
        externalModules: [...localOnlyModules, ...externalAdapters(props.localEngines).map((path) => `${projectRoot}${path}`)],
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
