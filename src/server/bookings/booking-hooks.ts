import type { Db } from '../db/client';

/**
 * Hook points other areas plug into (loyalty awards points on bookingConfirmed, credits restores
 * credits on bookingRefunded, ...). Handlers run inside the transaction that changes the booking,
 * with `tx`, so their writes commit or roll back with it; a handler that throws aborts the change.
 */
export type BookingHookEvents = {
  bookingConfirmed: {
    tx: Db;
    bookingId: string;
    customerEmail: string;
    customerName: string;
    loyaltyOptIn: boolean;
    paidPence: number;
    visitDate: string;
    sessionId: string | null;
  };
  bookingRefunded: {
    tx: Db;
    bookingId: string;
    customerEmail: string;
    refundedPence: number;
    reason: 'cancelled' | 'late_payment' | 'provider_refund';
  };
};

type Handler<E extends keyof BookingHookEvents> = (event: BookingHookEvents[E]) => Promise<void> | void;

export type BookingHooks = {
  on<E extends keyof BookingHookEvents>(event: E, handler: Handler<E>): () => void;
  emit<E extends keyof BookingHookEvents>(event: E, payload: BookingHookEvents[E]): Promise<void>;
};

export function createBookingHooks(): BookingHooks {
  const handlers: { [E in keyof BookingHookEvents]: Handler<E>[] } = { bookingConfirmed: [], bookingRefunded: [] };
  return {
    on(event, handler) {
      const list = handlers[event] as Handler<typeof event>[];
      list.push(handler);
      return () => {
        const i = list.indexOf(handler);
        if (i >= 0) list.splice(i, 1);
      };
    },
    async emit(event, payload) {
      // In order, one at a time: they share one transaction connection.
      for (const h of handlers[event] as Handler<typeof event>[]) await h(payload);
    },
  };
}
