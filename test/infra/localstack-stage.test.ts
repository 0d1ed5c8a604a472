/**
 * The `localstack` stage (issue 14 item 7): what a tester's stack in LocalStack's free edition contains.
 * The stacks are synthesised once without bundling (fast); one OCR function is bundled for real, per stage,
 * to look inside its package (the localstack one installs tesseract.js from the npm registry, as synth does).
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANG_PATH_ENV, MODEL_DIR } from '#adapters/ocr/tesseract.ts';
import { envNames } from '#adapters/tableSchema.ts';
import { textractChannelEnv } from '#adapters/textractAsync.ts';
import { pipelineTasks } from '#pipeline/tasks.ts';
import { afterBundlingCommands, lockedVersion, projectRoot, ServiceFunction, tesseractModel } from '../../lib/functions.ts';
import { accessFor, definitionFor, packageProps, taskAccess } from '../../lib/pipeline.ts';
import { synthStage, tempDir } from './synth.ts';
import { stageConfigs, type StageConfig } from '../../lib/stage-config.ts';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Resources = Record<string, Resource>;

const localstack = stageConfigs.localstack;
const hostArchitecture = process.arch === 'arm64' ? 'arm64' : 'x86_64';
const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;

function synthesise(stage: string): Resources {
  const { json, error } = synthStage(stage);
  if (error) throw error; // cdk-nag errors
  return json.Resources;
}

/** The service's own functions (CDK's custom-resource providers, such as the bucket emptier, are not ServiceFunctions). */
const functions = (resources: Resources) =>
  Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.[envNames.stage]);
const byDescription = (resources: Resources, description: string) => {
  const found = functions(resources).find((f) => f.Properties.Description === description);
  if (!found) throw new Error(`no function ${description}`);
  return found;
};
const task = (resources: Resources, state: string) => byDescription(resources, `Pipeline task ${state}`);
/** With bundling skipped, the inline code names the entry the function would bundle. */
const entryOf = (fn: Resource) => String(fn.Properties.Code.ZipFile).replace('// bundling skipped for ', '');
const roleActions = (resources: Resources, fn: Resource): string[] => {
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
};
const stateMachineDefinition = (resources: Resources) => {
  const [machine] = Object.values(resources).filter((r) => r.Type === 'AWS::StepFunctions::StateMachine');
  return { machine, asl: JSON.parse(machine.Properties.DefinitionString) };
};

/** Bundles one pipeline task's function as the Pipeline builds it for the stage; returns its package folder. */
function bundleTask(stageConfig: StageConfig, state: string): string {
  const outdir = tempDir(`${stageConfig.stage}-bundle`);
  const app = new App({ outdir });
  const stack = new Stack(app, 'Bundle');
  const t = pipelineTasks.find((x) => x.state === state)!;
  new ServiceFunction(stack, state, {
    entry: `functions/pipeline/${t.handler}.ts`,
    stageConfig,
    ...packageProps(accessFor(taskAccess[state], stageConfig)),
  });
  app.synth();
  const template = JSON.parse(readFileSync(join(outdir, 'Bundle.template.json'), 'utf8')) as { Resources: Resources };
  const [fn] = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
  return join(outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
}

function sizeOf(path: string): number {
  const st = statSync(path);
  return st.isDirectory() ? readdirSync(path).reduce((n, f) => n + sizeOf(join(path, f)), 0) : st.size;
}

let ls: Resources;
let dev: Resources;

beforeAll(() => {
  ls = synthesise('localstack');
  dev = synthesise('dev');
});

describe('localstack stage settings', () => {
  it('uses the local engines, no X-Ray and no WAF, the host CPU, one-day retention and nothing retained', () => {
    expect(localstack).toMatchObject({
      stage: 'localstack',
      engines: { ocr: 'tesseract', faces: 'local', chat: 'local' },
      tracing: false,
      waf: false,
      lambdaArchitecture: hostArchitecture,
      removalPolicy: 'destroy',
      retentionDays: 1,
      accessLogExpiryDays: 1,
      logRetention: 1,
    });
    for (const stage of ['dev', 'staging', 'prod'] as const) {
      expect(stageConfigs[stage]).toMatchObject({ engines: { ocr: 'textract', faces: 'rekognition', chat: 'bedrock' }, tracing: true, lambdaArchitecture: 'arm64' });
    }
  });

  it('synthesises with cdk-nag passing: no deletion protection, logs kept a day, no web ACL, untraced state machine', () => {
    const template = Template.fromJSON({ Resources: ls });
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 1 });
    const [table] = Object.values(ls).filter((r) => r.Type === 'AWS::DynamoDB::GlobalTable');
    for (const replica of table.Properties.Replicas) expect(replica.DeletionProtectionEnabled).not.toBe(true);
    for (const r of Object.values(ls)) if (r.DeletionPolicy) expect(r.DeletionPolicy, r.Type).toBe('Delete');
    expect(stateMachineDefinition(ls).machine.Properties.TracingConfiguration).toEqual({ Enabled: false });
  });
});

describe('localstack functions', () => {
  it('every function runs on the host CPU, untraced, with OCR_ENGINE=tesseract and FACE_ENGINE=local', () => {
    expect(functions(ls).length).toBeGreaterThan(20);
    for (const fn of functions(ls)) {
      expect(fn.Properties.Architectures, fn.Properties.Description).toEqual([hostArchitecture]);
      expect(fn.Properties.TracingConfig).toBeUndefined();
      expect(fn.Properties.Environment.Variables).toMatchObject({ [envNames.ocrEngine]: 'tesseract', [envNames.faceEngine]: 'local' });
    }
  });

  it('only the functions that read text carry the OCR model, named by TESSERACT_LANG_PATH', () => {
    const carriers = functions(ls).filter((f) => f.Properties.Environment.Variables[LANG_PATH_ENV]).map((f) => f.Properties.Description).sort();
    expect(carriers).toEqual(['Pipeline task ExtractFields', 'Pipeline task RecogniseText', 'Pipeline task RecogniseTextAsync']);
    expect(task(ls, 'RecogniseText').Properties.Environment.Variables[LANG_PATH_ENV]).toBe('/var/task/data/tesseract');
  });

  it('grants no Textract or Rekognition call to a pipeline task, and no Bedrock to the chat route (local assistant)', () => {
    for (const t of pipelineTasks) {
      expect(roleActions(ls, task(ls, t.state)).filter((a) => /^(textract|rekognition):/.test(a)), t.state).toEqual([]);
    }
    expect(roleActions(dev, task(dev, 'RecogniseText'))).toContain('textract:DetectDocumentText');
    expect(roleActions(dev, task(dev, 'CrossCheck'))).toContain('rekognition:CompareFaces');
    const chat = byDescription(ls, 'POST /v2/verification/chat');
    expect(chat.Properties.Environment.Variables.CHAT_ENGINE).toBeUndefined();
    expect(roleActions(ls, chat).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
    expect(byDescription(dev, 'POST /v2/verification/chat').Properties.Environment.Variables.CHAT_ENGINE).toBe('bedrock');
  });

  it('reads PDFs synchronously: RecogniseTextAsync invokes its function (running recogniseText) without a task token', () => {
    const fn = task(ls, 'RecogniseTextAsync');
    expect(entryOf(fn)).toBe('functions/pipeline/recogniseText.ts');
    expect(fn.Properties.Environment.Variables).not.toHaveProperty(textractChannelEnv.topicArn);
    const { asl } = stateMachineDefinition(ls);
    const state = asl.States.ProcessFiles.ItemProcessor.States.RecogniseTextAsync;
    expect(state.Resource).toBe('${RecogniseTextAsyncFunctionArn}');
    expect(state).not.toHaveProperty('Parameters');
    expect(state).not.toHaveProperty('HeartbeatSeconds');
    expect(state.TimeoutSeconds).toBe(pipelineTasks.find((t) => t.state === 'RecogniseText')!.timeoutSeconds);
    expect(state).toMatchObject({ ResultPath: '$.file', Next: 'ExtractFields', Catch: [expect.objectContaining({ Next: 'RecordFileFailure' })] });
    expect(JSON.stringify(asl)).not.toContain('waitForTaskToken');
  });

  it('leaves the AWS stages on Textract with the task token, OCR_ENGINE=textract and no model', () => {
    const asl = readFileSync(join(projectRoot, 'statemachines/pipeline.asl.json'), 'utf8');
    expect(definitionFor(asl, stageConfigs.prod)).toBe(asl);
    const state = stateMachineDefinition(dev).asl.States.ProcessFiles.ItemProcessor.States.RecogniseTextAsync;
    expect(state.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(entryOf(task(dev, 'RecogniseTextAsync'))).toBe('functions/pipeline/recogniseTextAsync.ts');
    for (const fn of functions(dev)) {
      expect(fn.Properties.Environment.Variables).toMatchObject({ [envNames.ocrEngine]: 'textract', [envNames.faceEngine]: 'rekognition' });
      expect(fn.Properties.Environment.Variables).not.toHaveProperty(LANG_PATH_ENV);
    }
  });
});

describe('localstack packages', () => {
  it('the model path agrees between lib/functions.ts and the engine', () => {
    expect(tesseractModel.env).toBe(LANG_PATH_ENV);
    expect(tesseractModel.source).toContain(`/${MODEL_DIR}/eng.traineddata.gz`);
    expect(`${tesseractModel.envValue}/eng.traineddata.gz`).toBe(`/var/task/${tesseractModel.target}`);
  });

  it('installs the face engine (Human and its tfjs) for the function CPU, at locked versions, and keeps only its three models', () => {
    const commands = afterBundlingCommands('/out', projectRoot, { entry: 'x.ts', stageConfig: localstack, ...packageProps(accessFor(taskAccess.CrossCheck, localstack)) }).join('\n');
    const cpu = hostArchitecture === 'arm64' ? 'arm64' : 'x64';
    expect(commands).toContain(`--cpu=${cpu}`);
    for (const pkg of ['@vladmandic/human', '@tensorflow/tfjs-core', '@tensorflow/tfjs-converter', '@tensorflow/tfjs-backend-wasm', 'sharp']) {
      expect(commands).toContain(`${pkg}@${lockedVersion(pkg)}`);
    }
    expect(commands).toMatch(/find "\/out\/node_modules\/@vladmandic\/human\/models" -type f ! -name 'blazeface\.\*' ! -name 'facemesh\.\*' ! -name 'faceres\.\*' -delete/);
    const devCommands = afterBundlingCommands('/out', projectRoot, { entry: 'x.ts', stageConfig: stageConfigs.dev, ...packageProps(accessFor(taskAccess.CrossCheck, stageConfigs.dev)) }).join('\n');
    expect(devCommands).toContain('--cpu=arm64');
    expect(devCommands).not.toContain('@vladmandic');
  });

  it('the OCR function of localstack carries tesseract.js, its worker and wasm cores and the model; the dev one none of them', { timeout: 240_000 }, () => {
    const pkg = bundleTask(localstack, 'RecogniseText');
    const model = join(pkg, tesseractModel.target);
    expect(statSync(model).size).toBe(statSync(join(projectRoot, tesseractModel.source)).size);
    // tesseract.js starts this worker itself, which loads one of these cores (getCore.js).
    expect(existsSync(join(pkg, 'node_modules/tesseract.js/src/worker-script/node/index.js'))).toBe(true);
    for (const core of ['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm']) {
      expect(existsSync(join(pkg, `node_modules/tesseract.js-core/${core}.js`)), core).toBe(true);
      expect(existsSync(join(pkg, `node_modules/tesseract.js-core/${core}.wasm`)), core).toBe(true);
    }
    expect(readdirSync(join(pkg, 'node_modules/tesseract.js-core')).filter((f) => f.endsWith('.wasm.js'))).toEqual([]);
    // sharp prepares pages, pdf.js renders scanned PDFs: both beside the bundle.
    expect(existsSync(join(pkg, 'node_modules/sharp/package.json'))).toBe(true);
    expect(existsSync(join(pkg, 'node_modules/pdfjs-dist/legacy/build/pdf.mjs'))).toBe(true);
    const bundle = readFileSync(join(pkg, 'index.mjs'), 'utf8');
    expect(bundle).toContain(LANG_PATH_ENV); // the adapter is bundled, not left external
    expect(sizeOf(pkg)).toBeLessThan(LAMBDA_UNZIPPED_LIMIT);

    const devPkg = bundleTask(stageConfigs.dev, 'RecogniseText');
    expect(existsSync(join(devPkg, 'data/tesseract'))).toBe(false);
    expect(existsSync(join(devPkg, 'node_modules'))).toBe(false);
    expect(readFileSync(join(devPkg, 'index.mjs'), 'utf8')).not.toContain(LANG_PATH_ENV);
  });
});
