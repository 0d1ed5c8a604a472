/**
 * CDK entry point: `npx cdk synth -c stage=dev|staging|prod` (default dev) builds `DocService-<stage>`.
 */
import { createServiceApp } from '../lib/service-app.ts';

createServiceApp();
