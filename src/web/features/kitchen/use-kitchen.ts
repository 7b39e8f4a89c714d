import { useCallback, useEffect, useRef, useState } from 'react';
import type { KitchenItem, KitchenOrder, KitchenOrdersResponse } from '../../../shared/contracts/cafe-orders';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { problemText } from '../../lib/problem-text';

export type KitchenState =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; orders: KitchenOrder[]; items: KitchenItem[] };

const onScreen = (o: KitchenOrder) => o.status === 'paid' || o.status === 'in_progress' || o.status === 'ready';

const upsert = <T extends { id: string }>(list: T[], next: T, keep: boolean) =>
  keep ? [...list.filter((x) => x.id !== next.id), next] : list.filter((x) => x.id !== next.id);

/**
 * The kitchen's orders and switches (GET /api/kitchen/orders), kept live by GET /api/kitchen/stream from the
 * position the list was read at; EventSource reconnects by itself with Last-Event-ID. `onNewOrder` hears each
 * order that arrives paid while the screen is open (the screen beeps).
 */
export function useKitchen(onNewOrder: () => void) {
  const [state, setState] = useState<KitchenState>({ kind: 'loading' });
  const newOrder = useRef(onNewOrder);
  useEffect(() => {
    newOrder.current = onNewOrder;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let closed = false;
    apiGet<KitchenOrdersResponse>('/api/kitchen/orders').then(
      (r) => {
        if (closed) return;
        setState({ kind: 'ready', orders: r.orders.filter(onScreen), items: r.items });
        source = new EventSource(`/api/kitchen/stream?lastEventId=${r.lastEventId}`);
        source.addEventListener('order', (e) => {
          const order = JSON.parse((e as MessageEvent<string>).data) as KitchenOrder;
          setState((s) => {
            if (s.kind !== 'ready') return s;
            const known = s.orders.some((o) => o.id === order.id);
            if (!known && order.status === 'paid') newOrder.current();
            return { ...s, orders: upsert(s.orders, order, onScreen(order)) };
          });
        });
        source.addEventListener('item', (e) => {
          const item = JSON.parse((e as MessageEvent<string>).data) as KitchenItem;
          setState((s) =>
            s.kind === 'ready' ? { ...s, items: s.items.map((i) => (i.id === item.id ? item : i)) } : s,
          );
        });
      },
      (e: unknown) => {
        if (closed) return;
        const refused = e instanceof ApiError && (e.status === 401 || e.status === 403);
        setState({ kind: refused ? 'refused' : 'failed', message: problemText(e) });
      },
    );
    return () => {
      closed = true;
      source?.close();
    };
  }, []);

  /** Start, bump or recall: the server's answer (or, when stale, what it has now) replaces the card. */
  const move = useCallback(async (order: KitchenOrder, status: 'in_progress' | 'ready') => {
    try {
      const next = await apiPost<KitchenOrder>(`/api/kitchen/orders/${order.id}/status`, {
        status,
        version: order.version,
      });
      setState((s) => (s.kind === 'ready' ? { ...s, orders: upsert(s.orders, next, onScreen(next)) } : s));
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'stale_version' && e.current) {
        const now = e.current as KitchenOrder;
        setState((s) => (s.kind === 'ready' ? { ...s, orders: upsert(s.orders, now, onScreen(now)) } : s));
      }
      return problemText(e);
    }
  }, []);

  const setAvailable = useCallback(async (item: KitchenItem, available: boolean) => {
    try {
      const next = await apiPost<KitchenItem>(`/api/kitchen/items/${encodeURIComponent(item.id)}/availability`, {
        available,
      });
      setState((s) => (s.kind === 'ready' ? { ...s, items: s.items.map((i) => (i.id === next.id ? next : i)) } : s));
      return null;
    } catch (e) {
      return problemText(e);
    }
  }, []);

  return { state, move, setAvailable };
}

/** A short beep (WebAudio): no sound file to load. */
export function beep(): void {
  try {
    const Ctx = window.AudioContext;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => void ctx.close();
  } catch {
    /* no audio on this device */
  }
}
