import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { tillReaderPayments, tillReaders } from '../db/schema';
import { AppError } from '../http/errors';
import { PaymentProviderError } from '../payments/provider';
import type { FollowedIntentEvent } from '../payments/sellers';
import { StripeTerminalRefusal } from '../payments/stripe-terminal';
import type { PaymentTerminal, ReaderPaymentState } from '../payments/terminal';
import { isTestTerminal, SIMULATED_READER_ID } from '../payments/test-terminal';
import { markTillSaleCardResult } from './card-result';
import { saleOfYourTill, type TillCaller } from './sale-access';

/**
 * Card on a reader (issue 48; docs/stripe.md "Card readers at the counter"). A card sale's amount goes to a
 * reader as a card_present PaymentIntent (metadata seller 'till' and the sale's id); the sale learns the
 * result only from the server: Stripe's webhook (followTillCardEvent, handed over by payments' event
 * processing), a server-side cancel, or TEST MODE's simulated reader. Each result is passed to the till core's
 * markTillSaleCardResult, which is idempotent and only moves a sale forward, so a repeated or overtaken event
 * may report again.
 */
export const TILL_SELLER = 'till';

type PaymentRow = typeof tillReaderPayments.$inferSelect;
const unavailable = (why: string) => new AppError('reader_unavailable', why);
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

function terminalOf(ctx: AppContext): PaymentTerminal {
  if (!ctx.payments.terminal) throw unavailable('No card reader is set up.');
  return ctx.payments.terminal;
}

/** The provider's id for one of our readers (TEST MODE: its simulated reader); 409 reader_unavailable else. */
async function providerReaderId(ctx: AppContext, terminal: PaymentTerminal, readerId: string): Promise<string> {
  if (terminal.simulatedOnly) {
    if (readerId === SIMULATED_READER_ID) return SIMULATED_READER_ID;
    throw unavailable('TEST MODE has one card reader, the Simulated reader.');
  }
  const [reader] = isUuid(readerId) ? await ctx.db.select().from(tillReaders).where(eq(tillReaders.id, readerId)) : [];
  if (!reader) throw unavailable('That card reader is not registered. Choose another, or pay by cash.');
  return reader.stripeReaderId;
}

/**
 * Sends a card sale's amount to a reader. A sale asked again while its payment is on a reader answers that
 * payment; after a cancel it tries again with a new PaymentIntent. A reader that refuses (busy, offline)
 * leaves nothing to pay: its PaymentIntent is cancelled and the answer is 409 reader_unavailable.
 */
export async function startReaderPayment(
  ctx: AppContext,
  input: { saleId: string; amountPence: number; readerId: string; description: string },
): Promise<{ paymentIntentId: string }> {
  const terminal = terminalOf(ctx);
  const readerRef = await providerReaderId(ctx, terminal, input.readerId);
  const [earlier] = await ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, input.saleId));
  if (earlier?.status === 'in_progress' || earlier?.status === 'paid')
    return { paymentIntentId: earlier.paymentIntentId };
  const attempt = (earlier?.attempt ?? 0) + 1;
  const { paymentIntentId } = await terminal
    .createReaderPayment({
      amountPence: input.amountPence,
      description: input.description,
      metadata: { seller: TILL_SELLER, saleId: input.saleId, readerId: input.readerId },
      idempotencyKey: `${input.saleId}:${attempt}`,
    })
    .catch(providerDown);
  const row = { paymentIntentId, readerId: input.readerId, amountPence: input.amountPence, attempt };
  const now = ctx.now();
  await ctx.db
    .insert(tillReaderPayments)
    .values({ saleId: input.saleId, ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: tillReaderPayments.saleId,
      set: { ...row, status: 'in_progress', message: null, updatedAt: now },
    });
  try {
    await terminal.processOnReader({ providerReaderId: readerRef, paymentIntentId });
  } catch (err) {
    // Busy with this very payment (the same sale sent twice at once): the first send stands.
    const action = await terminal.readerAction(readerRef).catch(() => null);
    if (action?.paymentIntentId === paymentIntentId && action.status === 'in_progress') return { paymentIntentId };
    await terminal.cancelReaderPayment(paymentIntentId).catch(() => undefined);
    await ctx.db
      .update(tillReaderPayments)
      .set({ status: 'cancelled', message: 'The reader could not take it', updatedAt: ctx.now() })
      .where(eq(tillReaderPayments.saleId, input.saleId));
    if (err instanceof StripeTerminalRefusal)
      throw unavailable(`The card reader cannot take a payment now (${err.message}). Try again, or pay by cash.`);
    return providerDown(err);
  }
  return { paymentIntentId };
}

function providerDown(err: unknown): never {
  if (err instanceof PaymentProviderError)
    throw new AppError('payment_unavailable', 'The card reader service could not be reached. Please try again.');
  throw err;
}

/**
 * Cancel on the till: takes the payment off the reader's screen and cancels its PaymentIntent, then reports
 * what Stripe says now (paid, if the card went through a moment before). Callers need not report it again.
 * Only the operator of the sale's till now, or an admin, may (403 not_your_till; 404 an unknown sale).
 */
export async function cancelReaderPayment(
  ctx: AppContext,
  input: { saleId: string; caller: TillCaller },
): Promise<ReaderPaymentState['status']> {
  await saleOfYourTill(ctx.db, input.saleId, input.caller);
  const terminal = terminalOf(ctx);
  const [row] = await ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, input.saleId));
  if (!row) throw new AppError('not_found', 'No card payment was sent to a reader for this sale.');
  const readerRef = await providerReaderId(ctx, terminal, row.readerId).catch(() => null);
  if (readerRef) await terminal.cancelReaderAction(readerRef).catch(providerDown);
  const state = await terminal.cancelReaderPayment(row.paymentIntentId).catch(providerDown);
  await reportResult(ctx, row, state);
  return state.status;
}

/**
 * Records what the provider says of a reader payment and, once it is final, tells the till core. Answers
 * whether this changed the record.
 */
export async function reportResult(
  ctx: AppContext,
  row: PaymentRow,
  state: Pick<ReaderPaymentState, 'status' | 'message'>,
): Promise<'updated' | 'unchanged'> {
  if (state.status === 'in_progress') return 'unchanged';
  const changed = row.status !== state.status || row.message !== state.message;
  if (changed)
    await ctx.db
      .update(tillReaderPayments)
      .set({ status: state.status, message: state.message, updatedAt: ctx.now() })
      .where(eq(tillReaderPayments.paymentIntentId, row.paymentIntentId));
  await markTillSaleCardResult(ctx, row.saleId, {
    status: state.status,
    ...(state.message ? { message: state.message } : {}),
    paymentIntentId: row.paymentIntentId,
  });
  return changed ? 'updated' : 'unchanged';
}

/**
 * A verified Stripe event about one of the till's PaymentIntents, or a reader's finished action (which names
 * only the reader: its action says which PaymentIntent). Nothing in the event is trusted: the PaymentIntent
 * is read again. A reader that gave up without a card result (cancelled, timed out) leaves a PaymentIntent
 * still waiting: it is cancelled, so the sale cannot be paid later by surprise.
 */
export async function followTillCardEvent(ctx: AppContext, event: FollowedIntentEvent) {
  const terminal = terminalOf(ctx);
  let paymentIntentId = event.paymentIntentId;
  let readerGaveUp = false;
  if (!paymentIntentId && event.readerId) {
    const action = await terminal.readerAction(event.readerId);
    paymentIntentId = action?.paymentIntentId ?? null;
    readerGaveUp = action?.status === 'failed';
  }
  if (!paymentIntentId) return 'not_ours' as const;
  const [row] = await ctx.db
    .select()
    .from(tillReaderPayments)
    .where(eq(tillReaderPayments.paymentIntentId, paymentIntentId));
  if (!row) return 'not_ours' as const;
  let state = await terminal.retrieveReaderPayment(paymentIntentId);
  if (state.status === 'in_progress' && readerGaveUp) state = await terminal.cancelReaderPayment(paymentIntentId);
  return reportResult(ctx, row, state);
}

/**
 * TEST MODE's Simulated reader: a test card typed into the till's panel, answered as Stripe's simulated
 * reader answers it. 404 with Stripe keys set (a real reader takes real cards) or when no payment for the
 * sale is waiting on the simulated reader; 403 not_your_till for anyone but the sale's till operator or an admin.
 */
export async function presentOnSimulatedReader(
  ctx: AppContext,
  input: { saleId: string; cardNumber: string; caller: TillCaller },
) {
  await saleOfYourTill(ctx.db, input.saleId, input.caller);
  const terminal = ctx.payments.terminal;
  if (!isTestTerminal(terminal)) throw new AppError('not_found', 'The simulated reader exists only in TEST MODE.');
  const [row] = await ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, input.saleId));
  if (!row || row.readerId !== SIMULATED_READER_ID)
    throw new AppError('not_found', 'No card payment for this sale is waiting on the simulated reader.');
  const state =
    row.status === 'in_progress'
      ? await terminal.presentCard(row.paymentIntentId, input.cardNumber)
      : { status: row.status, message: row.message };
  await reportResult(ctx, row, state);
  return { status: state.status, message: state.message };
}
