import { useId, useRef, type FormEvent } from 'react';
import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { addDays, todayInLondon } from '../../../shared/dates';
import { GIFT_VOUCHER_MESSAGE_MAX, GIFT_VOUCHER_SEND_DAYS_AHEAD } from '../../../shared/gift-voucher-limits';
import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { Card, FieldError, textInput } from '../../components/ui/primitives';
import { GiftChoiceFieldset } from './gift-choice-fieldset';
import { LabelledInput, type InputAttributes } from './labelled-input';
import { ContinueToPaymentButton } from '../../components/payment/continue-to-payment-button';
import { PrivacyNote } from '../../components/privacy-note';
import { toast } from '../../components/ui/toast-store';
import { loadOnce } from '../../lib/load-once';
import { useZodForm } from '../../lib/use-zod-form';

// zod and the schema are a fifth of the page's script: they load once the visitor starts on the form
// (first focus), not with the page, and submitting waits for them if need be (as on /session-credits).
const loadSchema = loadOnce(() => import('../../../shared/contracts/gift-vouchers'));

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

  const field = (f: keyof Values, label: string, props: InputAttributes = {}) => (
    <LabelledInput
      inputId={`${id}-${f}`}
      name={f}
      label={label}
      value={values[f]}
      onChange={(v) => set(f, v as never)}
      message={message(f)}
      {...props}
    />
  );

  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        className="space-y-6"
      >
        <GiftChoiceFieldset
          formId={id}
          choice={values}
          onChange={(f, v) => set(f, v as never)}
          messages={{ pounds: message('pounds'), ticketTypeId: message('ticketTypeId') }}
        />

        {/* min-w-0: a fieldset is as wide as its widest content by default, and at 200% text its inputs'
            intrinsic width made it 390 px in a 320 px viewport (WCAG 1.4.10). */}
        <fieldset className="min-w-0 space-y-4">
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
