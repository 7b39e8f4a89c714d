import { useEffect, useState } from 'react';
import type { PartyQuoteResponse } from '../../../../shared/contracts/party-booking';
import { quoteParty, type PartyChoice } from '../../../api/party-booking';
import { useDebounced } from '../../../lib/use-debounced';
import { ApiError } from '../../../lib/api';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: PartyQuoteResponse }
  /** `fieldMessage`: the server's short message for the voucher field, when the voucher was refused. */
  | { status: 'error'; message: string; fieldMessage?: string };

/**
 * The live price: the server quotes the choice once it stops changing (POST /api/parties/quote). The browser
 * never adds prices up itself; an answer to an older choice is dropped.
 */
export function usePartyQuote(choice: PartyChoice | null): QuoteState {
  const key = choice ? JSON.stringify(choice) : null;
  const settled = useDebounced(key, 250);
  const [state, setState] = useState<{ key: string | null; value: QuoteState }>({
    key: null,
    value: { status: 'idle' },
  });

  useEffect(() => {
    if (!settled) return;
    let live = true;
    quoteParty(JSON.parse(settled) as PartyChoice).then(
      (quote) => live && setState({ key: settled, value: { status: 'ready', quote } }),
      (err: unknown) =>
        live &&
        setState({
          key: settled,
          value: {
            status: 'error',
            message:
              err instanceof ApiError && err.status < 500
                ? err.message
                : 'We couldn’t price your party just now. Please try again in a moment.',
            fieldMessage: err instanceof ApiError ? err.fields?.voucherCode?.[0] : undefined,
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [settled]);

  if (!key) return { status: 'idle' };
  return state.key === key ? state.value : { status: 'loading' };
}
