import { useEffect, useState } from 'react';
import type { CreateCafeOrderResponse } from '../../../shared/contracts/cafe-orders';

/** One line of the basket: an item with its chosen options (the server prices it). */
export type BasketLine = { key: string; itemId: string; optionIds: string[]; quantity: number };

/** The order this phone has paid for at this table: its page reads the status with the secret. */
export type PlacedOrder = { orderId: string; secret: string; number: number };

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

const write = (key: string, value: unknown) => {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: the basket lives as long as the page */
  }
};

/** A value kept in this tab's session storage (the basket stays on this phone, across a reload). */
export function useSessionState<T>(key: string, fallback: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, fallback));
  useEffect(() => write(key, value), [key, value]);
  return [value, setValue];
}

export const lineKey = (itemId: string, optionIds: string[]) => [itemId, ...[...optionIds].sort()].join('|');

export function addLine(lines: BasketLine[], itemId: string, optionIds: string[]): BasketLine[] {
  const key = lineKey(itemId, optionIds);
  const found = lines.find((l) => l.key === key);
  if (found) return lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(20, l.quantity + 1) } : l));
  return [...lines, { key, itemId, optionIds, quantity: 1 }];
}

export function changeQuantity(lines: BasketLine[], key: string, by: number): BasketLine[] {
  return lines
    .map((l) => (l.key === key ? { ...l, quantity: Math.min(20, l.quantity + by) } : l))
    .filter((l) => l.quantity > 0);
}

export const placedOf = (r: CreateCafeOrderResponse): PlacedOrder => ({
  orderId: r.orderId,
  secret: r.orderSecret,
  number: r.orderNumber,
});

/** The order being paid for at this table, when a card check that left the page has sent the phone back. */
export function returnedFromPayment(token: string, search: string): PlacedOrder | null {
  if (!new URLSearchParams(search).get('redirect_status')) return null;
  const paying = read<CreateCafeOrderResponse | null>(`cafe-paying:${token}`, null);
  return paying ? placedOf(paying) : null;
}
