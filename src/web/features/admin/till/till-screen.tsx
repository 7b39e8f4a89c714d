import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Sale } from '../../../../shared/contracts/till';
import { sessionSalesKey, useTillCatalogue } from './api/till-api';
import { QueryState } from '../components/query-state';
import type { DeviceTill } from './lib/device-till';
import { CardPay } from './pay/card-pay';
import { CashPay } from './pay/cash-pay';
import { SaleDone } from './pay/sale-done';
import { useSendSale } from './pay/use-send-sale';
import { SessionSales } from './sales/session-sales';
import { BasketPanel } from './sell/basket-panel';
import { CataloguePanel } from './sell/catalogue-panel';
import { useBasket } from './sell/use-basket';
import { CloseTill } from './session/close-till';
import { TillToolbar } from './session/till-toolbar';
import type { Staff } from './till-staff';

type Stage =
  { kind: 'basket' } | { kind: 'cash' } | { kind: 'card' } | { kind: 'done'; sale: Sale } | { kind: 'closing' };

/** The open till: what to sell on the left, the sale and its payment on the right, this session's sales below. */
export function TillScreen({ me, till }: { me: Staff; till: DeviceTill }) {
  const catalogue = useTillCatalogue();
  const basket = useBasket();
  const sender = useSendSale(till.sessionId);
  const [stage, setStage] = useState<Stage>({ kind: 'basket' });
  const qc = useQueryClient();

  const sold = useCallback(
    (sale: Sale) => {
      void qc.invalidateQueries({ queryKey: sessionSalesKey(till.sessionId) });
      setStage({ kind: 'done', sale });
    },
    [qc, till.sessionId],
  );
  const next = () => {
    basket.clear();
    sender.forget();
    void catalogue.refetch();
    setStage({ kind: 'basket' });
  };
  const back = () => setStage({ kind: 'basket' });

  if (stage.kind === 'closing') return <CloseTill till={till} onBack={back} />;
  const busy = stage.kind === 'cash' || stage.kind === 'card';
  return (
    <div className="space-y-3">
      <TillToolbar me={me} till={till} busy={busy} onClose={() => setStage({ kind: 'closing' })} />
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <QueryState query={catalogue} what="what the till sells" />
          {catalogue.data ? (
            <CataloguePanel
              catalogue={catalogue.data}
              lines={basket.lines}
              onAdd={(item, options) => {
                if (stage.kind === 'done') next();
                basket.add(item, options);
              }}
            />
          ) : null}
        </div>
        <div className="min-w-0">
          {stage.kind === 'basket' ? <BasketPanel basket={basket} onPay={(m) => setStage({ kind: m })} /> : null}
          {stage.kind === 'cash' ? <CashPay basket={basket} sender={sender} onSold={sold} onBack={back} /> : null}
          {stage.kind === 'card' ? <CardPay basket={basket} sender={sender} onSold={sold} onBack={back} /> : null}
          {stage.kind === 'done' ? <SaleDone sale={stage.sale} onNext={next} /> : null}
        </div>
      </div>
      <SessionSales sessionId={till.sessionId} />
    </div>
  );
}
