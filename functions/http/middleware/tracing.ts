/**
 * X-Ray: the handler as a subsegment with its cold start annotated, and errors as metadata.
 * Responses are not recorded (they carry extracted fields and personal data). A no-op wherever
 * the tracer is off (adapters/tracer.ts: outside Lambda, or POWERTOOLS_TRACE_ENABLED=false).
 */
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { tracer } from '../../adapters/tracer.ts';

export const tracing = () => captureLambdaHandler(tracer, { captureResponse: false });
