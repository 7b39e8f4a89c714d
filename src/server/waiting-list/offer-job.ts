import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { loggableError } from '../http/loggable-error';
import { runOfferPass } from './offer-pass';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** How often every process runs the pass (app.ts); a nudge runs it sooner when places free up. */
export const OFFER_PASS_INTERVAL_MS = 30_000;

/** The job's run: one offer pass on ctx.now's clock (tests move it). */
export async function runOfferPassFor(ctx: AppContext, log: Log): Promise<void> {
  const result = await runOfferPass({ db: ctx.db, now: ctx.now(), publicUrl: publicUrlOf(ctx) });
  if (result.offered + result.expired + result.deleted === 0) return;
  log.info({ waitingList: result }, 'waiting list pass');
  // An offer and an offer that ran out each queued a mail to the family.
  if (result.offered + result.expired > 0) ctx.wakeMailer();
}

// The nudges in flight per app, so at most one runs at a time and tests can wait for them.
const inFlight = new WeakMap<AppContext, Promise<void>>();
const again = new WeakSet<AppContext>();

/**
 * Places were just freed (a cancellation, a family leaving, a capacity raise, a staff move): run the offer
 * pass now, after the answer, rather than within 30 seconds. Fire and forget: a failure is logged and the
 * interval job tries again. A nudge during a run asks for one more run after it.
 */
export function nudgeWaitingList(ctx: AppContext, log: Log): void {
  if (inFlight.has(ctx)) {
    again.add(ctx);
    return;
  }
  const run = (async () => {
    do {
      again.delete(ctx);
      await runOfferPassFor(ctx, log).catch((err) =>
        log.warn({ err: loggableError(err) }, 'waiting list nudge failed'),
      );
    } while (again.has(ctx));
  })().finally(() => inFlight.delete(ctx));
  inFlight.set(ctx, run);
}

/** Tests: waits until the nudge in flight (if any) has finished. */
export async function settleWaitingListNudge(ctx: AppContext): Promise<void> {
  await inFlight.get(ctx);
}
