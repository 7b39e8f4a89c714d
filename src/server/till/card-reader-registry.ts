import { desc, eq } from 'drizzle-orm';
import type { RegisterReaderInput, TillReader, TillReadersResponse } from '../../shared/contracts/till';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { tillReaders } from '../db/schema';
import { AppError } from '../http/errors';
import { PaymentProviderError } from '../payments/provider';
import { StripeTerminalRefusal } from '../payments/stripe-terminal';
import { SIMULATED_READER_ID } from '../payments/test-terminal';
import { writeAudit } from '../staff/audit';

/**
 * The readers the till may send a card payment to (Venue tab, admins): registered with Stripe by the code
 * the reader shows, at the venue's one Terminal location (made from the venue's address the first time).
 * TEST MODE lists only its built-in Simulated reader and registers nothing.
 */
const simulatedReader: TillReader = {
  id: SIMULATED_READER_ID,
  label: 'Simulated reader',
  deviceType: 'simulated',
  serialNumber: '',
  simulated: true,
};

export async function listTillReaders(ctx: AppContext): Promise<TillReadersResponse> {
  const terminal = ctx.payments.terminal;
  if (!terminal || terminal.simulatedOnly) return { testMode: true, readers: [simulatedReader] };
  const rows = await ctx.db.select().from(tillReaders).orderBy(desc(tillReaders.createdAt));
  return {
    testMode: false,
    readers: rows.map((r) => ({
      id: r.id,
      label: r.label,
      deviceType: r.deviceType,
      serialNumber: r.serialNumber,
      simulated: r.deviceType.startsWith('simulated_'),
    })),
  };
}

function stripeTerminal(ctx: AppContext) {
  const terminal = ctx.payments.terminal;
  if (!terminal || terminal.simulatedOnly)
    throw new AppError(
      'terminal_not_configured',
      'Card readers are registered with Stripe: set the Stripe keys first. TEST MODE has its Simulated reader built in.',
    );
  return terminal;
}

const unreachable = (err: unknown): never => {
  if (err instanceof StripeTerminalRefusal)
    throw new AppError('invalid_input', `Stripe refused the reader: ${err.message}`, {
      fields: { registrationCode: [err.message] },
    });
  if (err instanceof PaymentProviderError)
    throw new AppError('payment_unavailable', 'Stripe could not be reached. Please try again.');
  throw err;
};

export async function registerTillReader(
  ctx: AppContext,
  input: RegisterReaderInput & { label: string },
  admin: string,
): Promise<TillReader> {
  const terminal = stripeTerminal(ctx);
  const { venue } = await publicCatalogue(ctx.db, ctx.now());
  const locationId = await terminal
    .ensureLocation({
      displayName: venue.name,
      address: {
        line1: venue.address.line1,
        city: venue.address.town,
        postalCode: venue.address.postcode,
        country: 'GB',
      },
    })
    .catch(unreachable);
  const reader = await terminal
    .registerReader({ registrationCode: input.registrationCode, label: input.label, locationId })
    .catch(unreachable);
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(tillReaders)
      .values({
        stripeReaderId: reader.providerReaderId,
        stripeLocationId: reader.locationId || locationId,
        label: reader.label,
        deviceType: reader.deviceType,
        serialNumber: reader.serialNumber,
        createdBy: admin,
      })
      .returning();
    await writeAudit(tx, {
      actor: admin,
      action: 'till_reader_registered',
      subjectType: 'till_reader',
      subjectId: inserted!.id,
      details: { label: reader.label, stripeReaderId: reader.providerReaderId, deviceType: reader.deviceType },
    });
    return inserted!;
  });
  return {
    id: row.id,
    label: row.label,
    deviceType: row.deviceType,
    serialNumber: row.serialNumber,
    simulated: row.deviceType.startsWith('simulated_'),
  };
}

export async function removeTillReader(ctx: AppContext, id: string, admin: string): Promise<void> {
  const terminal = stripeTerminal(ctx);
  const [row] = await ctx.db.select().from(tillReaders).where(eq(tillReaders.id, id));
  if (!row) throw new AppError('not_found', 'There is no such card reader.');
  await terminal.deleteReader(row.stripeReaderId).catch(unreachable);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(tillReaders).where(eq(tillReaders.id, id));
    await writeAudit(tx, {
      actor: admin,
      action: 'till_reader_removed',
      subjectType: 'till_reader',
      subjectId: id,
      details: { label: row.label, stripeReaderId: row.stripeReaderId },
    });
  });
}
