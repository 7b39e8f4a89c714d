/**
 * One process of the two-process checkout race (booking-gift-voucher.test.ts): once told to go, makes
 * RACE_COUNT bookings at once, each paying with the gift voucher RACE_CODE, and prints what the voucher
 * paid of each (or the error code that refused it). Run as `node --import tsx <this file>`.
 */
import { createBooking } from '../../bookings/create-booking';
import { bookingPayload } from '../../bookings/testing/booking-fixtures';
import { AppError } from '../../http/errors';
import { createTestProvider } from '../../payments/test-provider';
import { runRaceWorker } from '../../testing/race-in-processes';
import { composeSellers } from '../../sellers';

await runRaceWorker('booking-gift-voucher-race-worker', async (database, env) => async () => {
  const now = new Date(env('RACE_NOW'));
  const provider = createTestProvider(database.db);
  return Promise.all(
    Array.from({ length: Number(env('RACE_COUNT')) }, (_, i) =>
      createBooking({
        db: database.db,
        provider,
        sellers: composeSellers(),
        publicUrl: 'http://127.0.0.1',
        now,
        creditsAllowed: false,
        input: {
          ...bookingPayload({
            customerEmail: `race.${process.pid}.${i}@example.com`,
            voucherCode: env('RACE_CODE'),
          }),
          loyaltyOptIn: false,
        },
      })
        .then((r) => r.giftVoucherPence)
        .catch((err: unknown) => (err instanceof AppError ? err.code : String(err))),
    ),
  );
});
