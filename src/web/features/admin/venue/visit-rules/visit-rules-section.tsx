import { parkingBringLine } from '../../../../../shared/visit-rules';
import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import type { Stale } from '../stale-alert';
import { CreditBundleForm } from './credit-bundle-form';
import { LinesForm } from './lines-form';
import { ParkingForm } from './parking-form';

/**
 * The visit rules document (issue 25) in four parts, each saved on its own and keyed by its own values: a
 * form starts again when its part changes, and keeps what is typed when another part is saved.
 */
export function VisitRulesSection({ catalogue }: SectionProps) {
  const { value: doc, version } = catalogue.visitRules;
  const props = (s: Stale) => ({ version, onStale: s.onStale, onSaved: s.clear });
  return (
    <div>
      <SectionHeading title="Credits, parking and house rules">
        The session credits bundle, the car park&apos;s charges, the house rules families agree to when booking and at
        the kiosk, and what the reminder e-mail asks them to bring.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        <EditorCard id="visit-credit-bundle" title="Credit bundle">
          {(s) => <CreditBundleForm key={JSON.stringify(doc.creditBundle)} value={doc.creditBundle} {...props(s)} />}
        </EditorCard>
        <EditorCard id="visit-parking" title="Parking">
          {(s) => <ParkingForm key={JSON.stringify(doc.parking)} value={doc.parking} {...props(s)} />}
        </EditorCard>
        <EditorCard id="visit-terms" title="House rules">
          {(s) => (
            <LinesForm
              key={JSON.stringify(doc.visitTerms)}
              part="visitTerms"
              label="House rules"
              legend="Rules families agree to"
              lineLabel="Rule"
              hint="Shown on the booking page and at the check-in kiosk; families tick that they agree."
              saved={(n) => `Families now agree to ${n} house ${n === 1 ? 'rule' : 'rules'}.`}
              value={doc.visitTerms}
              {...props(s)}
            />
          )}
        </EditorCard>
        <EditorCard id="visit-what-to-bring" title="What to bring">
          {(s) => (
            <LinesForm
              key={JSON.stringify(doc.whatToBring)}
              part="whatToBring"
              label="What to bring"
              legend="Lines in the reminder e-mail"
              lineLabel="Line"
              hint="Families get the reminder the day before their visit."
              saved={(n) => `The reminder e-mail lists ${n} ${n === 1 ? 'line' : 'lines'} and the parking line.`}
              value={doc.whatToBring}
              {...props(s)}
            >
              <p className="rounded-2xl bg-slate-50 p-3 text-slate-800">
                <span className="font-semibold">Always added, from the parking charges:</span>{' '}
                {parkingBringLine(doc.parking)}
              </p>
            </LinesForm>
          )}
        </EditorCard>
      </div>
    </div>
  );
}
