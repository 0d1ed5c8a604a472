/**
 * One X-Ray tracer per container (CDK switches active tracing on for every function). The tracer
 * turns itself off outside Lambda (no AWS_EXECUTION_ENV: npm start, the tests), and
 * POWERTOOLS_TRACE_ENABLED=false turns it off anywhere: then capturing a client or a handler does
 * nothing and no X-Ray daemon is needed.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'docstream' });
