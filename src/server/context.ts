import type { BookingListeners } from './bookings/booking-listeners';
import type { KioskCardResolver, KioskCardsOfDay } from './checkin/kiosk-cards';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobMonitor } from './observability/job-monitor';
import type { PaymentProvider } from './payments/provider';
import type { SellerRegistry } from './payments/sellers';

/** What every route module receives: built once in app.ts. Domain functions take only what they use. */
export type AppContext = {
  db: Db;
  config: Config;
  now: () => Date;
  /** Asks the mail worker to run soon (it also runs on an interval). */
  wakeMailer: () => void;
  /** Stripe or the offline TEST MODE provider (payments/select-provider.ts). */
  payments: PaymentProvider;
  /** What can be paid for (tickets, credits, parties, gift vouchers): composed in sellers.ts. */
  sellers: SellerRegistry;
  /** What bookings tells the waiting list (app.ts composes it). */
  bookingListeners: BookingListeners;
  /** When each scheduled job last ran (readiness and /metrics say which is late). */
  jobs: JobMonitor;
  /** Cards the kiosk scans besides tickets: member cards (memberships/member-card.ts, composed in app.ts). */
  kioskCards?: KioskCardResolver;
  /** The same cards for the offline day list, with the day's bookings each checks in. */
  kioskCardsOfDay?: KioskCardsOfDay;
};
