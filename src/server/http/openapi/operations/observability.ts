import { readinessResponseSchema } from '../../../../shared/contracts/health';
import { defineOperations } from '../operation';

/** observability/routes.ts: what an operator watches. */
export const observabilityOperations = defineOperations([
  {
    method: 'get',
    path: '/api/health/ready',
    summary: 'Whether this process should get traffic; 503 names the causes',
    description:
      'Fails when the database is unreachable, the oldest waiting mail is over 30 minutes old, a scheduled ' +
      'job is over an hour late, or the server is shutting down.',
    auth: 'none',
    tag: 'Operations',
    responses: { 200: readinessResponseSchema },
    errorBodies: { 503: readinessResponseSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics',
    description: 'With METRICS_TOKEN set, that bearer token from any address; without it, this machine only.',
    auth: 'metrics',
    tag: 'Operations',
    responses: { 200: { contentType: 'text/plain', description: 'Prometheus text exposition format' } },
    errors: [],
  },
]);
