import { useId, useRef, type FormEvent } from 'react';
import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { addDays, todayInLondon } from '../../../shared/dates';
import { GIFT_VOUCHER_MESSAGE_MAX, GIFT_VOUCHER_SEND_DAYS_AHEAD } from '../../../shared/gift-voucher-limits';
import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { Card, FieldError, textInput } from '../../components/ui/primitives';
import { ContinueToPaymentButton } from '../../components/payment/continue-to-payment-button';
import { PrivacyNote } from '../../components/privacy-note';
import { toast } from '../../components/ui/toast-store';
import { loadOnce } from '../../lib/load-once';
import { useZodForm } from '../../lib/use-zod-form';

// zod and the schema are a fifth of the page's script: they load once the visitor starts on the form
// (first focus), not with the page, and submitting waits for them if need be (as on /session-credits).
const loadSchema = loadOnce(() => import('../../../shared/contracts/gift-vouchers'));

const amounts = [10, 20, 30, 50, 100];

type Values = {
  kind: 'amount' | 'visit';
  pounds: string;
  ticketTypeId: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
  buyerName: string;
  buyerEmail: string;
};
const order: (keyof Values)[] = [
  'pounds',
  'ticketTypeId',
  'recipientName',
  'recipientEmail',
  'message',
  'sendOn',
  'buyerName',
  'buyerEmail',
];

/** What the form sends: the pounds typed become pence (a fraction stays a fraction, for the schema to refuse). */
export function toPurchaseInput(v: Values): GiftVoucherPurchaseInput {
  const pounds = Number(v.pounds);
  return {
    kind: v.kind,
    amountPence: v.kind === 'amount' && v.pounds.trim() !== '' ? Math.round(pounds * 100) : undefined,
    ticketTypeId: v.kind === 'visit' ? v.ticketTypeId || undefined : undefined,
    recipientName: v.recipientName,
    recipientEmail: v.recipientEmail,
    message: v.message,
    sendOn: v.sendOn,
    buyerName: v.buyerName,
    buyerEmail: v.buyerEmail,
  };
}

/** The buy form, checked with the server's own schema; the server checks the send date and prices it. */
export function GiftVoucherForm({
  pending,
  serverErrors,
  onSubmit,
}: {
  pending: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (input: GiftVoucherPurchaseInput, what: string) => void;
}) {
  const id = useId();
  const { ticketTypes } = useCatalogue();
  const today = todayInLondon(new Date());
  const { values, errors, set, check } = useZodForm<Values>(
    {
      kind: 'amount',
      pounds: '30',
      ticketTypeId: ticketTypes[0]?.id ?? '',
      recipientName: '',
      recipientEmail: '',
      message: '',
      sendOn: today,
      buyerName: '',
      buyerEmail: '',
    },
    { afterChange: 'recheck', order, focus: (f) => document.getElementById(`${id}-${f}`)?.focus() },
  );
  const input = (v: Values) => toPurchaseInput(v);
  const message = (f: keyof Values) =>
    errors[f] ?? serverErrors?.[f === 'pounds' ? 'amountPence' : f]?.[0] ?? undefined;
  const busy = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const parsed = check((await loadSchema()).giftVoucherPurchaseSchema, {
        input,
        also: (v) => ({
          pounds: v.kind === 'amount' && parsedAmountError(v.pounds) ? parsedAmountError(v.pounds) : undefined,
        }),
      });
      if (!parsed.ok) return;
      const type = ticketTypes.find((t) => t.id === parsed.data.ticketTypeId);
      const what =
        parsed.data.kind === 'visit' && type
          ? `${type.title} visit (${formatPence(type.pricePence + type.feePence)})`
          : formatPence(parsed.data.amountPence ?? 0);
      onSubmit(toPurchaseInput(values), what);
    } catch {
      // Only the schema's download can fail here (offline): say so, the next submit tries again.
      toast({
        title: 'Connection Problem',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      busy.current = false;
    }
  }

  const field = (f: keyof Values, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`${id}-${f}`} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`${id}-${f}`}
        name={f}
        className={`${textInput} mt-1`}
        value={values[f]}
        onChange={(e) => set(f, e.target.value as never)}
        aria-invalid={message(f) ? true : undefined}
        aria-describedby={message(f) ? `${id}-${f}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-${f}-error`} message={message(f)} />
    </div>
  );

  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        className="space-y-6"
      >
        <fieldset>
          <legend className="text-xl font-bold text-slate-900">1. Choose the gift</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {(['amount', 'visit'] as const).map((k) => (
              <label
                key={k}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 p-4 font-semibold text-slate-900 ${
                  values.kind === k ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white'
                }`}
              >
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={values.kind === k}
                  onChange={() => set('kind', k)}
                  className="h-5 w-5 accent-brand-700"
                />
                {k === 'amount' ? 'An amount (£10 to £200)' : 'A play visit'}
              </label>
            ))}
          </div>
          {values.kind === 'amount' ? (
            <div className="mt-4">
              <p className="font-semibold text-slate-900" id={`${id}-amounts`}>
                Amount
              </p>
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-amounts`}>
                {amounts.map((a) => (
                  <button
                    key={a}
                    type="button"
                    aria-pressed={values.pounds === String(a)}
                    onClick={() => set('pounds', String(a))}
                    className={`min-h-11 min-w-16 rounded-full border-2 px-4 font-semibold ${
                      values.pounds === String(a)
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-brand-700 bg-white text-brand-800'
                    }`}
                  >
                    £{a}
                  </button>
                ))}
              </div>
              <div className="mt-3 max-w-sm">
                {field('pounds', 'Or another amount in whole pounds (£)', {
                  inputMode: 'numeric',
                  autoComplete: 'off',
                })}
              </div>
            </div>
          ) : (
            <div className="mt-4">
              <label htmlFor={`${id}-ticketTypeId`} className="block font-semibold text-slate-900">
                Visit
              </label>
              <select
                id={`${id}-ticketTypeId`}
                className={`${textInput} mt-1`}
                value={values.ticketTypeId}
                onChange={(e) => set('ticketTypeId', e.target.value)}
                aria-invalid={message('ticketTypeId') ? true : undefined}
              >
                {ticketTypes.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}: {formatPence(t.pricePence + t.feePence)}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-ticketTypeId-error`} message={message('ticketTypeId')} />
              <p className="mt-1 text-sm text-slate-700">Priced as today; the voucher is worth that amount.</p>
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-slate-900">2. Who is it for?</legend>
          {field('recipientName', "Recipient's name", { autoComplete: 'off' })}
          {field('recipientEmail', "Recipient's email", { type: 'email', inputMode: 'email', autoComplete: 'off' })}
          <div>
            <label htmlFor={`${id}-message`} className="block font-semibold text-slate-900">
              Your message (optional)
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={4}
              maxLength={GIFT_VOUCHER_MESSAGE_MAX}
              className={`${textInput} mt-1`}
              value={values.message}
              onChange={(e) => set('message', e.target.value)}
              aria-invalid={message('message') ? true : undefined}
              aria-describedby={`${id}-message-count`}
            />
            <p id={`${id}-message-count`} className="mt-1 text-sm text-slate-700">
              {values.message.length} of {GIFT_VOUCHER_MESSAGE_MAX} characters
            </p>
            <FieldError id={`${id}-message-error`} message={message('message')} />
          </div>
          {field('sendOn', 'Send it on', {
            type: 'date',
            min: today,
            max: addDays(today, GIFT_VOUCHER_SEND_DAYS_AHEAD),
          })}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-slate-900">3. Your details</legend>
          {field('buyerName', 'Your name', { autoComplete: 'name' })}
          {field('buyerEmail', 'Your email (for the receipt)', {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
          })}
        </fieldset>
        <PrivacyNote />
        <ContinueToPaymentButton pending={pending} />
      </form>
    </Card>
  );
}

function parsedAmountError(pounds: string): string | undefined {
  const n = Number(pounds.trim());
  if (pounds.trim() === '' || !Number.isInteger(n) || n < 10 || n > 200)
    return 'Please choose a whole number of pounds from £10 to £200';
  return undefined;
}
