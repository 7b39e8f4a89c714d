import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { CountStepper } from '../components/count-stepper';

/** One ticket type's count in a row (the details step's "Who's coming?"): step 1's counter, without the card. */
export function SmallCounter({
  type,
  count,
  canRemove,
  onChange,
}: {
  type: TicketTypeDto;
  count: number;
  /** False for the order's last ticket: the details step always has one. */
  canRemove: boolean;
  onChange: (n: number) => void;
}) {
  const titleId = `small-counter-${type.id}`;
  return (
    <div role="group" aria-labelledby={titleId} className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span id={titleId} className="font-semibold text-slate-900">
        {type.title}
      </span>
      <span className="flex items-center gap-3">
        <CountStepper title={type.title} count={count} canRemove={canRemove} onChange={onChange} />
      </span>
    </div>
  );
}
