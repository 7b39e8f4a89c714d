import { Car } from 'lucide-react';
import { NUMBER_PLATE_MAX } from '../../../../shared/contracts/checkin';
import { parkingRuleOf } from '../../../../shared/visit-rules';
import { useCatalogue } from '../../../app/catalogue';
import { KioskCard, kioskInput, kioskLabel } from './kiosk-ui';

/** Vehicle information: an optional number plate, upper case as it is typed (SPEC.md section 5). */
export function VehicleCard({
  plate,
  onPlate,
  error,
}: {
  plate: string;
  onPlate: (v: string) => void;
  error?: string;
}) {
  const parkingRule = parkingRuleOf(useCatalogue().visitRules.parking);
  return (
    <KioskCard title="Vehicle Information" icon={<Car aria-hidden className="h-7 w-7 text-brand-700" />}>
      <p className="text-lg text-slate-800">
        {parkingRule} Add your number plate so our car park knows you are visiting us.
      </p>
      <div className="mt-4">
        <label htmlFor="number-plate" className={kioskLabel}>
          Number plate (optional)
        </label>
        <input
          id="number-plate"
          className={`${kioskInput} max-w-xs font-mono tracking-widest`}
          value={plate}
          maxLength={NUMBER_PLATE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. AB12CDE"
          onChange={(e) => onPlate(e.target.value.toUpperCase())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'number-plate-error' : 'number-plate-hint'}
        />
        <p id="number-plate-hint" className="mt-1 text-slate-700">
          Up to {NUMBER_PLATE_MAX} letters and numbers. Leave it empty if you did not come by car.
        </p>
        {error ? (
          <p id="number-plate-error" role="alert" className="mt-1 text-lg font-medium text-berry-700">
            {error}
          </p>
        ) : null}
      </div>
    </KioskCard>
  );
}
