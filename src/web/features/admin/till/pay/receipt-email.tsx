import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { receiptEmailSchema, type Sale } from '../../../../../shared/contracts/till';
import { secondaryButton } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { problemText } from '../../../../lib/problem-text';
import { TextField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import { useReceiptEmail } from '../api/till-api';

/** "Email receipt": the customer's address typed in, the VAT receipt sent by the server (and a toast). */
export function ReceiptEmail({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useReceiptEmail(sale.id);
  const id = useId();

  if (!open)
    return (
      <button type="button" className={`${secondaryButton} min-h-14 grow`} onClick={() => setOpen(true)}>
        <Mail aria-hidden className="h-5 w-5" />
        Email receipt
      </button>
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = receiptEmailSchema.safeParse({ email });
    if (!parsed.success) return setProblem('Please enter a valid email address');
    setProblem(null);
    send.mutate(parsed.data.email, {
      onSuccess: (r) => {
        toast({ title: 'Receipt sent', description: `Receipt ${sale.number} e-mailed to ${r.to}.` });
        setOpen(false);
        setEmail('');
      },
      onError: (err) => setProblem(problemText(err)),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Email receipt" className="flex w-full flex-wrap items-end gap-2">
      <div className="min-w-0 grow">
        <TextField
          id={`${id}-email`}
          label="Customer's email"
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={setEmail}
          error={problem ?? undefined}
          autoFocus
        />
      </div>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send receipt'}
      </button>
    </form>
  );
}
