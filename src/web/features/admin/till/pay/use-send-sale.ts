import { useRef, useState } from 'react';
import type { Sale, SaleInput } from '../../../../../shared/contracts/till';
import { ApiError } from '../../../../lib/api';
import { problemText } from '../../../../lib/problem-text';
import { createSale } from '../api/till-api';
import { basketSignature, estimateTotal, saleLinesOf } from '../lib/basket';
import { newRequestId } from '../lib/request-id';
import type { Basket } from '../sell/use-basket';

type Payment = SaleInput['payment'];

/** The total a 409 price_changed says the server charges (its `current`), when it says one. */
function serverTotalOf(current: unknown): number | null {
  if (!current || typeof current !== 'object') return null;
  const c = current as Record<string, unknown>;
  const total = c.totalPence ?? c.expectedTotalPence;
  return typeof total === 'number' && Number.isInteger(total) ? total : null;
}

/**
 * Sends the basket as a sale. The same basket sent again (a double tap, a retry after the connection
 * dropped) carries the same requestId, so the server makes one sale; a changed basket gets a new one. The
 * total the till shows is sent as expectedTotalPence: when the server's differs (409 price_changed) nothing
 * is sold and its total is shown, and the next press charges that.
 */
export function useSendSale(tillSessionId: string) {
  const sending = useRef(false);
  const last = useRef<{ signature: string; requestId: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's total for this very basket, after a price_changed. */
  const [server, setServer] = useState<{ basket: string; totalPence: number | null } | null>(null);

  const basketKey = (b: Basket) =>
    basketSignature({ lines: b.lines, eatIn: b.eatIn, codes: b.codes, method: '', expectedTotalPence: 0 });
  const dueFor = (b: Basket): number => {
    const s = server?.basket === basketKey(b) ? server : null;
    return s?.totalPence ?? estimateTotal(b.lines);
  };

  async function send(b: Basket, payment: Payment): Promise<Sale | null> {
    if (sending.current) return null; // a second tap while the first is on its way
    const confirmed = server?.basket === basketKey(b) ? server : null;
    // A price change the server gave no figure for: staff have read its message; the server's total is charged.
    const expectedTotalPence = confirmed && confirmed.totalPence === null ? undefined : dueFor(b);
    const signature = basketSignature({
      lines: b.lines,
      eatIn: b.eatIn,
      codes: b.codes,
      method: payment.method,
      expectedTotalPence: expectedTotalPence ?? -1,
    });
    if (last.current?.signature !== signature) last.current = { signature, requestId: newRequestId() };
    sending.current = true;
    setPending(true);
    setProblem(null);
    try {
      return await createSale({
        tillSessionId,
        requestId: last.current.requestId,
        lines: saleLinesOf(b.lines),
        eatIn: b.eatIn,
        checkIn: b.checkIn,
        codes: b.codes,
        expectedTotalPence,
        payment,
      });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'price_changed')
        setServer({ basket: basketKey(b), totalPence: serverTotalOf(e.current) });
      setProblem(problemText(e));
      return null;
    } finally {
      sending.current = false;
      setPending(false);
    }
  }

  return {
    send,
    pending,
    problem,
    dueFor,
    /** After a sale (or a declined card): the next send is a new sale. */
    forget: () => {
      last.current = null;
      setServer(null);
      setProblem(null);
    },
  };
}

export type SaleSender = ReturnType<typeof useSendSale>;
