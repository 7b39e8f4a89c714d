import {
  acceptAgreementSchema,
  familyProfileEditSchema,
  unsubscribeParamsSchema,
  type FamilyAgreementsResponse,
  type FamilyProfileResponse,
} from '../../shared/contracts/family-profile';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { acceptAgreement, familyAgreements } from './agreements';
import { requireFamily } from './family-cookie';
import { loadProfile, saveProfile } from './family-profile';
import { unsubscribe, unsubscribeStatus } from './unsubscribe';

/** What a person who clicks the link in their mail sees: one button, because a GET must change nothing. */
const unsubscribePage = (subscribed: boolean) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Birthday party reminders</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Birthday party reminders</h1>
${
  subscribed
    ? `<p>Stop the e-mails we send about six weeks before your children's birthdays?</p>
<form method="post"><button type="submit" style="font-size: 1.1rem; padding: 0.6rem 1.2rem">Stop birthday reminders</button></form>`
    : '<p>You will not get birthday party reminders from us. You can turn them on again on your family profile in My Bookings.</p>'
}
</body></html>`;

/**
 * The family's own profile and agreements (issue 39): only with the family session of that address (401
 * without one). Nothing here takes an address, a booking id or a child id from outside as proof of anything:
 * the session's address picks the profile, and ids are looked up within it (another family's: 404).
 */
export function familyProfileRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  app.get('/api/family/profile', async (request, reply): Promise<FamilyProfileResponse> => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return loadProfile(ctx.db, email);
  });

  app.put('/api/family/profile', async (request, reply): Promise<FamilyProfileResponse> => {
    const { email } = await requireFamily(ctx, request);
    const input = parseInput(familyProfileEditSchema, request.body);
    await saveProfile({ db: ctx.db, email, input, now: ctx.now() });
    void reply.header('cache-control', 'no-store');
    return loadProfile(ctx.db, email);
  });

  // The one-click unsubscribe (RFC 8058): no session, the signed link is the proof. A mail client POSTs
  // "List-Unsubscribe=One-Click" as a form; a person who opens the link gets a page with one button.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.get('/api/unsubscribe/:token', async (request, reply) => {
      const { token } = parseInput(unsubscribeParamsSchema, request.params);
      const status = await unsubscribeStatus(ctx.db, token);
      void reply.header('cache-control', 'no-store');
      if (request.headers.accept?.includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(unsubscribePage(status.subscribed));
      return status;
    });
    scope.post('/api/unsubscribe/:token', async (request, reply) => {
      const { token } = parseInput(unsubscribeParamsSchema, request.params);
      const result = await unsubscribe(ctx.db, token, ctx.now());
      void reply.header('cache-control', 'no-store');
      if (request.headers.accept?.includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(unsubscribePage(false));
      return result;
    });
  });

  app.get('/api/family/agreements', async (request, reply): Promise<FamilyAgreementsResponse> => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return familyAgreements(ctx.db, email, ctx.now());
  });

  app.post('/api/family/agreements', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const input = parseInput(acceptAgreementSchema, request.body);
    await acceptAgreement({ db: ctx.db, email, input, via: 'online', now: ctx.now() });
    void reply.header('cache-control', 'no-store');
    return reply.status(201).send(await familyAgreements(ctx.db, email, ctx.now()));
  });
}
