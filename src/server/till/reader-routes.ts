import {
  cardSaleIdParamsSchema,
  readerIdParamsSchema,
  readerPaymentResultSchema,
  registerReaderSchema,
  simulatedPresentSchema,
  type ReaderPaymentResult,
  type TillReader,
  type TillReadersResponse,
} from '../../shared/contracts/till';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { cancelReaderPayment, followTillCardEvent, presentOnSimulatedReader, TILL_SELLER } from './card-reader';
import { listTillReaders, registerTillReader, removeTillReader } from './card-reader-registry';

const tillCaller = (p: { accountId: string; username: string; role: string }) => ({
  accountId: p.accountId,
  username: p.username,
  admin: p.role === 'admin',
});

/**
 * The till's card readers (issue 48): admins register and remove them (Venue tab); staff list them, cancel a
 * card payment waiting on one, and in TEST MODE tap a test card on the Simulated reader. Registering these
 * routes also makes the till follow its own PaymentIntents and the readers' events from Stripe's webhook.
 */
export function tillReaderRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  ctx.sellers.followIntents(TILL_SELLER, (event) => followTillCardEvent(ctx, event), { readers: true });

  app.get('/api/admin/till/readers', async (request, reply): Promise<TillReadersResponse> => {
    await requireStaff(ctx, request, { role: 'admin' });
    void reply.header('cache-control', 'no-store');
    return listTillReaders(ctx);
  });

  app.post('/api/admin/till/readers', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(registerReaderSchema, request.body);
    const reader = await registerTillReader(ctx, input, admin.username);
    return reply.status(201).send(reader satisfies TillReader);
  });

  app.delete('/api/admin/till/readers/:id', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(readerIdParamsSchema, request.params);
    await removeTillReader(ctx, id, admin.username);
    return { success: true as const };
  });

  app.get('/api/till/readers', async (request, reply): Promise<TillReadersResponse> => {
    await requireStaff(ctx, request);
    void reply.header('cache-control', 'no-store');
    return listTillReaders(ctx);
  });

  // Cancel on the till: the reader's screen cleared, the PaymentIntent cancelled; paid if the card beat it.
  // Only the operator of the sale's till (or an admin) may: another till's card is not another's to cancel.
  app.post('/api/till/sales/:id/cancel-card', async (request): Promise<ReaderPaymentResult> => {
    const caller = await requireStaff(ctx, request);
    const { id } = parseInput(cardSaleIdParamsSchema, request.params);
    const status = await cancelReaderPayment(ctx, { saleId: id, caller: tillCaller(caller) });
    return readerPaymentResultSchema.parse({ status, message: null });
  });

  app.post('/api/till/simulated-reader/present', async (request): Promise<ReaderPaymentResult> => {
    const caller = await requireStaff(ctx, request);
    const input = parseInput(simulatedPresentSchema, request.body);
    return presentOnSimulatedReader(ctx, { ...input, caller: tillCaller(caller) });
  });
}
