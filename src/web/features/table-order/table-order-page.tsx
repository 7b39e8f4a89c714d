import type { CafeMenuItem } from '../../../shared/contracts/cafe-orders';
import { useParams } from '../../app/router';
import { PageShell } from '../../components/page-shell';
import { usePaymentsConfig } from '../../components/payment/use-payments-config';
import { Card, Spinner } from '../../components/ui/primitives';
import { problemText } from '../../lib/problem-text';
import { addLine, returnedFromPayment, useSessionState, type BasketLine, type PlacedOrder } from './basket';
import { BasketPanel } from './basket-panel';
import { OrderStatus } from './order-status';
import { TableMenu } from './table-menu';
import { useTableMenu } from './table-order-api';

/**
 * /order/{tableToken} (issue 49): the table's QR code opens the cafe menu on a phone; the basket stays on this
 * phone (session storage), the family pays by card, then follows the order (Paid, Being made, Ready).
 */
export function TableOrderPage() {
  const { tableToken = '' } = useParams();
  return <TableOrder key={tableToken} token={tableToken} />;
}

function TableOrder({ token }: { token: string }) {
  const menu = useTableMenu(token);
  const [lines, setLines] = useSessionState<BasketLine[]>(`cafe-basket:${token}`, []);
  // Back from a card check that left the page (Stripe adds redirect_status): that order's page.
  const [placed, setPlaced] = useSessionState<PlacedOrder | null>(
    `cafe-order:${token}`,
    returnedFromPayment(token, typeof window === 'undefined' ? '' : window.location.search),
  );
  usePaymentsConfig(); // asked for now, so the card form shows at once
  const title = placed ? 'Your order' : menu.data ? `Order to ${menu.data.table.name}` : 'Order from your table';

  if (placed)
    return (
      <PageShell title={title}>
        <OrderStatus
          order={placed}
          onNewOrder={() => {
            sessionStorage.removeItem(`cafe-paying:${token}`); // paid (back from a card check that left the page)
            setPlaced(null);
            void menu.refetch(); // what sold out meanwhile
          }}
        />
      </PageShell>
    );
  return (
    <PageShell
      title={title}
      intro={menu.data ? 'Choose from the menu, pay on your phone, and we bring it to your table.' : undefined}
    >
      {menu.isPending ? (
        <Spinner label="Opening the menu..." />
      ) : menu.isError ? (
        <Card className="max-w-xl">
          <h2 className="text-xl font-bold text-slate-900">We could not open the menu for this table</h2>
          <p role="alert" className="mt-2 text-slate-800">
            {problemText(menu.error)}
          </p>
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
          <div>
            {menu.data.open ? null : (
              <p role="status" className="mb-4 rounded-2xl bg-amber-50 p-3 text-slate-900">
                We are not taking orders just now: the cafe opens at {menu.data.opensAt}.
              </p>
            )}
            <TableMenu
              items={menu.data.items}
              canOrder={menu.data.open}
              onAdd={(item: CafeMenuItem, optionIds) => setLines(addLine(lines, item.id, optionIds))}
            />
            {lines.length > 0 ? (
              <a
                href="#your-order"
                className="sticky bottom-4 z-10 mt-4 flex min-h-12 items-center justify-center rounded-full bg-brand-800 px-5 py-3 font-semibold text-white shadow-lg lg:hidden"
              >
                Your order ({lines.reduce((n, l) => n + l.quantity, 0)}): pay
              </a>
            ) : null}
          </div>
          <div id="your-order" className="scroll-mt-4">
            <BasketPanel
              token={token}
              items={menu.data.items}
              lines={lines}
              setLines={setLines}
              canOrder={menu.data.open}
              onPaid={(o) => {
                setLines([]);
                setPlaced(o);
              }}
            />
          </div>
        </div>
      )}
    </PageShell>
  );
}
