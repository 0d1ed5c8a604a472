/**
 * One X-Ray tracer per container (CDK switches active tracing on for every function of a stage
 * with X-Ray). Powertools' Tracer and the X-Ray SDK under it (about 120 KB bundled, cls-hooked,
 * semver, the SDK v2 patchers) are loaded only where tracing can be on: in Lambda
 * (AWS_EXECUTION_ENV) without POWERTOOLS_TRACE_ENABLED=false, the same rule Powertools applies.
 * Elsewhere (npm start, the tests, a stage without X-Ray) `tracer` is a stand-in whose methods do
 * what Powertools' do when tracing is off: capturing a client or a handler changes nothing.
 *
 * lib/functions.ts defines POWERTOOLS_TRACE_ENABLED at bundle time for a stage without X-Ray, so
 * esbuild drops the import below from those bundles altogether.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** What this service and Powertools' captureLambdaHandler middleware call on the tracer. */
export type ServiceTracer = Pick<
  Tracer,
  | 'isTracingEnabled' | 'getSegment' | 'setSegment' | 'annotateColdStart' | 'addServiceNameAnnotation'
  | 'addResponseAsMetadata' | 'addErrorAsMetadata' | 'captureAWSv3Client' | 'putAnnotation' | 'putMetadata'
>;

/** Tracing off: the behaviour of Powertools' Tracer with tracingEnabled false, without loading it. */
export const tracingOff: ServiceTracer = {
  isTracingEnabled: () => false,
  getSegment: () => undefined,
  setSegment: () => {},
  annotateColdStart: () => {},
  addServiceNameAnnotation: () => {},
  addResponseAsMetadata: () => {},
  addErrorAsMetadata: () => {},
  captureAWSv3Client: (service) => service,
  putAnnotation: () => {},
  putMetadata: () => {},
};

/** Powertools' rule for "tracing may be on": in Lambda, and not switched off by the environment. */
export const tracingPossible = (env: NodeJS.ProcessEnv = process.env) =>
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' && Boolean(env.AWS_EXECUTION_ENV);

const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'docstream';

// The first comparison is written out so a bundle-time definition of the variable ("false") folds
// the condition to a constant and esbuild never bundles the dead branch's import. Typed as Tracer for
// captureLambdaHandler; the stand-in has every method it and this service call (ServiceTracer:
// calling another one where tracing is off would fail, so add it there first).
export const tracer: Tracer =
  process.env.POWERTOOLS_TRACE_ENABLED !== 'false' && tracingPossible()
    ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName })
    : (tracingOff as Tracer);
