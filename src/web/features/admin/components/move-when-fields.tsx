import { bookableRange } from '../../../../shared/dates';
import { SelectField, TextField } from './fields';

/**
 * The "where to" of a staff move: a new date within the bookable range (a party's: through `lastDate`, the
 * party booking horizon) and a new time (a session or a party slot), side by side on a wide screen.
 */
export function MoveWhenFields({
  id,
  date,
  onDate,
  dateError,
  timeLabel,
  time,
  onTime,
  times,
  lastDate,
}: {
  id: string;
  date: string;
  onDate: (v: string) => void;
  dateError?: string;
  timeLabel: string;
  time: string;
  onTime: (v: string) => void;
  times: readonly { id: string; label: string }[];
  lastDate?: string;
}) {
  const range = bookableRange(new Date());
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <TextField
        id={`${id}-date`}
        label="New date"
        type="date"
        min={range.from}
        max={lastDate ?? range.to}
        value={date}
        onChange={onDate}
        error={dateError}
      />
      <SelectField
        id={`${id}-time`}
        label={timeLabel}
        value={time}
        onChange={onTime}
        options={times.map((t) => ({ value: t.id, label: t.label }))}
      />
    </div>
  );
}
