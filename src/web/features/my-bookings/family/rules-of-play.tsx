import { CircleAlert, CircleCheck, FileSignature, Printer } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AgreementResponse, FamilyAgreementsResponse } from '../../../../shared/contracts/family-profile';
import { longDate } from '../../../../shared/date-text';
import { useCatalogue } from '../../../app/catalogue';
import {
  Card,
  FieldError,
  primaryButton,
  secondaryButton,
  Spinner,
  textInput,
} from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { useAcceptAgreement, useFamilyAgreements } from './family-api';
import { acceptedAtText, agreementBlocks, namesText } from './family-form';

export const ACCEPT_LABEL = 'I have read and accept the rules of play for the children ticked';

type Acceptance = FamilyAgreementsResponse['acceptances'][number];

/**
 * The rules of play (the visit agreement, issue 39): the version in force, which children still need it,
 * the form an adult accepts it with, and every acceptance so far (never edited: a newer version makes it
 * stale), each printable.
 */
export function RulesOfPlaySection({ email }: { email: string }) {
  const agreements = useFamilyAgreements(email);
  const [printing, setPrinting] = useState<string | null>(null);

  // window.print() once the record to print is marked; the page is itself again after the dialog.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  if (agreements.isPending) return <Spinner label="Loading the rules of play..." />;
  if (agreements.isError)
    return (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">We could not load the rules of play</h2>
        <p className="mt-2 text-slate-800">{problemText(agreements.error)}</p>
        <button type="button" onClick={() => void agreements.refetch()} className={`${secondaryButton} mt-3`}>
          Try again
        </button>
      </Card>
    );

  const { agreement, acceptances, childrenToAccept } = agreements.data;
  return (
    <section aria-labelledby="rules-of-play-heading" className="space-y-6">
      {printing ? <PrintOnly id={printing} /> : null}
      <h2 id="rules-of-play-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <FileSignature aria-hidden className="h-6 w-6 text-brand-700" />
        Rules of play
      </h2>
      <Card>
        <p className="text-sm font-semibold text-slate-700">
          Version {agreement.version}, in force from {longDate(agreement.effectiveFrom)}
        </p>
        <AgreementText text={agreement.text} />
      </Card>
      <Card>
        <h3 className="text-xl font-bold text-slate-900">Accept before your visit</h3>
        {childrenToAccept.length ? (
          <>
            <p className="mt-2 flex items-start gap-2 text-slate-900" data-testid="children-to-accept">
              <CircleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-berry-700" />
              <span>
                Still to accept for <strong>{namesText(childrenToAccept.map((c) => c.firstName))}</strong>. An adult
                accepts once per version, online before the visit or on the tablet at reception.
              </span>
            </p>
            <AcceptForm key={agreement.version} email={email} agreement={agreement} toAccept={childrenToAccept} />
          </>
        ) : acceptances.some((a) => a.current) ? (
          <p className="mt-2 flex items-start gap-2 text-slate-900" data-testid="children-to-accept">
            <CircleCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            Accepted for all your children. Nothing more to do before your visit.
          </p>
        ) : (
          <p className="mt-2 text-slate-800" data-testid="children-to-accept">
            Add your children to your family above, save, and then accept the rules of play for them here.
          </p>
        )}
      </Card>
      {acceptances.length ? (
        <section aria-labelledby="acceptances-heading">
          <h3 id="acceptances-heading" tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
            Your acceptances
          </h3>
          <ul className="mt-3 space-y-4">
            {acceptances.map((a) => (
              <li key={a.id}>
                <AcceptanceRecord acceptance={a} agreement={agreement} onPrint={() => setPrinting(a.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

function AgreementText({ text }: { text: string }) {
  return (
    <div className="mt-2 space-y-2 text-slate-900">
      {agreementBlocks(text).map((b, i) =>
        b.kind === 'p' ? (
          <p key={i}>{b.text}</p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function AcceptForm({
  email,
  agreement,
  toAccept,
}: {
  email: string;
  agreement: AgreementResponse;
  toAccept: { id: string; firstName: string }[];
}) {
  const [fullName, setFullName] = useState('');
  const [ticked, setTicked] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState(false);
  const accept = useAcceptAgreement(email);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setChanged(false);
    accept.mutate(
      // The server says what is missing (a name, the tick, a child): one set of messages, from the schema.
      { version: agreement.version, fullName, accept: ticked as true, childIds: chosen },
      {
        onSuccess: (list) => {
          setErrors({});
          setChosen([]);
          setTicked(false);
          const names = list.acceptances[0]?.childNames ?? [];
          toast({
            title: 'Rules of play accepted',
            description: names.length ? `For ${namesText(names)}.` : undefined,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'agreement_changed') {
            setErrors({});
            setTicked(false);
            setChanged(true);
            return;
          }
          if (error instanceof ApiError && error.status === 400 && error.fields) {
            const found: Record<string, string> = {};
            for (const [k, m] of Object.entries(error.fields)) found[k.split('.')[0]!] ??= m[0] ?? '';
            setErrors(found);
            requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
            return;
          }
          toast({ title: 'Not accepted', description: problemText(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-label="Accept the rules of play">
      {changed ? (
        <p role="alert" className="rounded-2xl border-2 border-berry-700 bg-white p-4 font-semibold text-slate-900">
          The rules of play changed while you were reading. Please read the new version above, then accept it.
        </p>
      ) : null}
      <fieldset aria-describedby={errors.childIds ? 'accept-children-error' : undefined}>
        <legend className="font-semibold text-slate-900">Which children is it for?</legend>
        <ul className="mt-1 flex flex-wrap gap-x-6">
          {toAccept.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  checked={chosen.includes(c.id)}
                  onChange={(e) => {
                    setChosen((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((x) => x !== c.id)));
                    setErrors((x) => ({ ...x, childIds: '' }));
                  }}
                  aria-invalid={errors.childIds ? true : undefined}
                  className="h-6 w-6 shrink-0 accent-brand-700"
                />
                <span className="text-slate-900">{c.firstName}</span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id="accept-children-error" message={errors.childIds} />
      </fieldset>
      <div>
        <label htmlFor="accept-full-name" className="block font-semibold text-slate-900">
          Your full name
        </label>
        <p id="accept-full-name-hint" className="text-sm text-slate-700">
          The adult responsible for the children, typed as your signature.
        </p>
        <input
          id="accept-full-name"
          type="text"
          autoComplete="name"
          value={fullName}
          onChange={(e) => {
            setFullName(e.target.value);
            setErrors((x) => ({ ...x, fullName: '' }));
          }}
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={`accept-full-name-hint${errors.fullName ? ' accept-full-name-error' : ''}`}
          className={`${textInput} mt-1 sm:max-w-md`}
        />
        <FieldError id="accept-full-name-error" message={errors.fullName} />
      </div>
      <div>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            id="accept-tick"
            type="checkbox"
            checked={ticked}
            onChange={(e) => {
              setTicked(e.target.checked);
              setErrors((x) => ({ ...x, accept: '' }));
            }}
            aria-invalid={errors.accept ? true : undefined}
            aria-describedby={errors.accept ? 'accept-tick-error' : undefined}
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
          />
          <span className="font-medium text-slate-900">{ACCEPT_LABEL}</span>
        </label>
        <FieldError id="accept-tick-error" message={errors.accept} />
      </div>
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={accept.isPending}>
        {accept.isPending ? (
          <Spinner label="Accepting..." className="py-0 text-white [&_svg]:text-white" />
        ) : (
          'Accept the rules of play'
        )}
      </button>
    </form>
  );
}

const viaText = (via: string) => (via === 'online' ? 'online' : via === 'kiosk' ? 'on the tablet at reception' : via);

function AcceptanceRecord({
  acceptance: a,
  agreement,
  onPrint,
}: {
  acceptance: Acceptance;
  agreement: AgreementResponse;
  onPrint: () => void;
}) {
  const { venue } = useCatalogue();
  const when = acceptedAtText(a.acceptedAt);
  const headingId = `acceptance-${a.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-print-record={a.id}
      data-testid="acceptance"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <p className="hidden font-display text-lg font-bold text-brand-800 print:block">
        {venue.name}: rules of play acceptance
      </p>
      <h4 id={headingId} className="text-lg font-bold text-slate-900">
        Version {a.version}, accepted {when}
      </h4>
      {a.current ? (
        <p className="mt-1 flex items-center gap-2 font-semibold text-brand-800">
          <CircleCheck aria-hidden className="h-5 w-5 shrink-0" />
          In force
        </p>
      ) : (
        <p className="mt-1 flex items-start gap-2 font-semibold text-berry-700">
          <CircleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          Needs accepting again: the rules changed
        </p>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-slate-900 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Accepted by</dt>
        <dd className="[overflow-wrap:anywhere]">{a.fullName}</dd>
        <dt className="font-semibold">For</dt>
        <dd>{namesText(a.childNames)}</dd>
        <dt className="font-semibold">When</dt>
        <dd>
          {when}, {viaText(a.acceptedVia)}
        </dd>
      </dl>
      {a.current ? (
        <div className="hidden print:block">
          <p className="mt-4 font-semibold">The rules of play accepted (version {agreement.version}):</p>
          <AgreementText text={agreement.text} />
        </div>
      ) : null}
      <button type="button" onClick={onPrint} className={`${secondaryButton} mt-4 print:hidden`}>
        <Printer aria-hidden className="h-5 w-5" />
        Print
        <span className="sr-only">
          {' '}
          the acceptance of version {a.version}, {when}
        </span>
      </button>
    </article>
  );
}

/** While one record prints, everything else on the page is left off the paper (and takes no room on it). */
function PrintOnly({ id }: { id: string }) {
  const record = `[data-print-record="${CSS.escape(id)}"]`;
  return (
    <style>{`@media print {
  html, body, body * { background: #fff !important; }
  body *:not(:has(${record})):not(${record}):not(${record} *) { display: none !important; }
  body *:has(${record}) { margin: 0 !important; padding: 0 !important; min-height: 0 !important; }
  ${record} { border: 0; box-shadow: none; padding: 0; }
}`}</style>
  );
}
