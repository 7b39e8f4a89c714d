import { retentionPeriodsResponseSchema } from '../../../../shared/contracts/privacy';
import { siteConfigResponseSchema } from '../../../../shared/contracts/site';
import { latestPostResponseSchema } from '../../../../shared/contracts/social';
import { defineOperations } from '../operation';

/** site/routes.ts, social/routes.ts and privacy/routes.ts (the public part): small facts pages read. */
export const siteOperations = defineOperations([
  {
    method: 'get',
    path: '/api/site-config',
    summary: 'Where the site lives (its public address, if configured)',
    auth: 'none',
    tag: 'Public',
    responses: { 200: siteConfigResponseSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/facebook/latest',
    summary: 'The venue’s latest Facebook post, when the server has the page’s credentials',
    auth: 'none',
    tag: 'Public',
    responses: { 200: latestPostResponseSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/privacy/retention',
    summary: 'How long this server keeps personal data (its retention settings)',
    auth: 'none',
    tag: 'Public',
    responses: { 200: retentionPeriodsResponseSchema },
    errors: [],
  },
]);
