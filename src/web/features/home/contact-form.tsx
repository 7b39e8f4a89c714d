import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  contactRequiredMessage,
  contactSchema,
  inquiryTypeLabels,
  inquiryTypes,
} from '../../../shared/contracts/contact';
import { toast } from '../../components/ui/toast-store';
import { ApiError, apiPost } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { PrivacyNote } from '../../components/privacy-note';

type Field = 'name' | 'email' | 'phone' | 'inquiryType' | 'message';
type Values = Record<Field, string>;
const empty: Values = { name: '', email: '', phone: '', inquiryType: '', message: '' };
// Beside each empty field; the toast carries the spec's own "Please fill in all required fields".
const fieldRequired = 'Please fill in this field.';
const choiceRequired = 'Please choose what your message is about.';
const order: Field[] = ['name', 'email', 'phone', 'inquiryType', 'message'];

const control =
  'w-full rounded-xl border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

/**
 * The home page contact form (SPEC.md sections 4, 5, 8). Validated with the same zod schema the
 * server parses the body with (docs/decisions/002); native validation is off so the spec's toast
 * is what a visitor sees for missing fields.
 */
export default function ContactForm() {
  const { values, errors, set, check, show, reset } = useZodForm<Values>(empty, {
    afterChange: 'clear',
    order,
    focus: (f) => document.getElementById(`contact-${f}`)?.focus(),
  });
  const [sending, setSending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const parsed = check(contactSchema);
    if (!parsed.ok) {
      // Beside a field, the spec's "Please fill in all required fields" becomes what that field needs.
      const found = Object.entries(parsed.errors) as [Field, string][];
      const missing = found.some(([, m]) => m === contactRequiredMessage);
      show(
        Object.fromEntries(
          found.map(([f, m]) => [
            f,
            m === contactRequiredMessage ? (f === 'inquiryType' ? choiceRequired : fieldRequired) : m,
          ]),
        ),
      );
      toast({ title: missing ? contactRequiredMessage : found[0]![1], variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await apiPost('/api/contact', parsed.data);
      toast({ title: 'Message sent successfully!', description: "We'll get back to you soon." });
      reset();
    } catch (err) {
      const description = err instanceof ApiError && err.message ? err.message : 'Please try again later.';
      toast({ title: 'Error sending message', description, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const field = (f: Field) => ({
    id: `contact-${f}`,
    name: f,
    value: values[f],
    onChange: (e: { target: { value: string } }) => set(f, e.target.value),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `contact-${f}-error` : undefined,
    className: control,
  });
  const label = (f: Field, text: string, required = true) => (
    <label htmlFor={`contact-${f}`} className="font-semibold text-slate-900">
      {text}
      {required ? (
        <span aria-hidden className="text-red-700">
          {' '}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600"> (optional)</span>
      )}
    </label>
  );
  const error = (f: Field) =>
    errors[f] && (
      <p id={`contact-${f}-error`} className="text-sm font-medium text-red-700">
        {errors[f]}
      </p>
    );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Send Us a Message" className="mt-6 grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          {label('name', 'Your name')}
          <input {...field('name')} type="text" autoComplete="name" required />
          {error('name')}
        </div>
        <div className="grid content-start gap-2">
          {label('email', 'Email address')}
          <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />
          {error('email')}
        </div>
        <div className="grid content-start gap-2">
          {label('phone', 'Phone number', false)}
          <input {...field('phone')} type="tel" autoComplete="tel" />
          {error('phone')}
        </div>
        <div className="grid content-start gap-2">
          {label('inquiryType', 'What is it about?')}
          <select {...field('inquiryType')} required>
            <option value="">Choose an enquiry type</option>
            {inquiryTypes.map((t) => (
              <option key={t} value={t}>
                {inquiryTypeLabels[t]}
              </option>
            ))}
          </select>
          {error('inquiryType')}
        </div>
      </div>
      <div className="grid gap-2">
        {label('message', 'Your message')}
        <textarea {...field('message')} rows={4} required />
        {error('message')}
      </div>
      <PrivacyNote />
      <button
        type="submit"
        disabled={sending}
        className="inline-flex min-h-12 items-center justify-center gap-2 justify-self-start rounded-full bg-brand-700 px-8 text-lg font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {sending ? (
          <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-4 border-white/40 border-t-white" />
        ) : (
          <Send aria-hidden className="h-5 w-5" />
        )}
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
