import { CheckCircle2, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { VenueVoucherDto } from '../../../../shared/contracts/venue-vouchers';
import { voucherCodeParamsSchema } from '../../../../shared/contracts/venue-vouchers';
import { FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { useLookUpVoucher, useUseVoucher } from '../api/vouchers-api';
import { PanelHeader } from '../components/panel-parts';
import { Pill, type PillTone } from '../components/pill';
import { formatDayAndTime } from '../lib/format';

const statusPill: Record<VenueVoucherDto['status'], { text: string; tone: PillTone }> = {
  issued: { text: 'Not used yet', tone: 'green' },
  held: { text: 'On a booking waiting for payment', tone: 'amber' },
  used: { text: 'Used', tone: 'red' },
  void: { text: 'Cancelled', tone: 'slate' },
};

function VoucherCard({ v, onUse, using }: { v: VenueVoucherDto; onUse: () => void; using: boolean }) {
  const pill = statusPill[v.status];
  const usable = v.status === 'issued' && v.usedWhere === 'venue';
  return (
    <div className="mt-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-xl font-bold text-slate-900">{v.title}</span>
        <Pill tone={pill.tone}>{pill.text}</Pill>
      </p>
      <p className="mt-1 font-mono text-slate-800">{v.code}</p>
      <p className="mt-2 text-slate-700">
        {v.value}. Issued {formatDayAndTime(v.issuedAt)}.
        {v.usedAt ? ` Used ${formatDayAndTime(v.usedAt)} by ${v.usedBy ?? 'staff'}.` : ''}
      </p>
      {v.usedWhere === 'booking' ? (
        <p className="mt-2 font-semibold text-amber-900">This voucher is used when booking online, not at the venue.</p>
      ) : null}
      {usable ? (
        <button type="button" className={`${primaryButton} mt-4`} disabled={using} onClick={onUse}>
          <CheckCircle2 aria-hidden className="h-5 w-5" />
          {using ? 'Marking...' : 'Mark as used'}
        </button>
      ) : null}
    </div>
  );
}

/** Staff tab "Vouchers": a free hot drink or the party discount, checked by code and marked used once. */
export function VouchersTab() {
  const id = useId();
  const lookUp = useLookUpVoucher();
  const use = useUseVoucher();
  const [voucher, setVoucher] = useState<VenueVoucherDto | null>(null);
  const { values, errors, set, check, setErrors } = useZodForm({ code: '' }, { afterChange: 'clear' });
  useSignInAgainOn(lookUp.error ?? use.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(voucherCodeParamsSchema);
    if (!parsed.ok) return;
    setVoucher(null);
    lookUp.mutate(parsed.data.code, {
      onSuccess: (res) => setVoucher(res.voucher),
      onError: (err) => setErrors({ code: err.message }),
    });
  }

  function markUsed(v: VenueVoucherDto) {
    use.mutate(v.code, {
      onSuccess: (res) => {
        setVoucher(res.voucher);
        toast({ title: 'Voucher used', description: `${res.voucher.title}: hand it over now.` });
      },
      onError: (err) => {
        toast({ title: 'Voucher not used', description: err.message, variant: 'destructive' });
        lookUp.mutate(v.code, { onSuccess: (res) => setVoucher(res.voucher) });
      },
    });
  }

  return (
    <section aria-labelledby="admin-vouchers-heading" className="max-w-2xl">
      <PanelHeader
        id="admin-vouchers-heading"
        title="Vouchers"
        intro="A family shows a loyalty voucher (a free hot drink or the party discount): type its code, check it, then mark it used. Each voucher can be used once."
      />
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-code`} className="mb-1 block font-semibold text-slate-900">
            Voucher code
          </label>
          <input
            id={`${id}-code`}
            className={`${textInput} font-mono uppercase`}
            placeholder="PTB-XXXX-XXXX"
            maxLength={40}
            autoComplete="off"
            value={values.code}
            onChange={(e) => set('code', e.target.value)}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${id}-code-err` : undefined}
          />
          <FieldError id={`${id}-code-err`} message={errors.code} />
        </div>
        <button type="submit" className={`${primaryButton} sm:mt-7`} disabled={lookUp.isPending}>
          <Search aria-hidden className="h-5 w-5" />
          {lookUp.isPending ? 'Checking...' : 'Check code'}
        </button>
      </form>
      {voucher ? <VoucherCard v={voucher} using={use.isPending} onUse={() => markUsed(voucher)} /> : null}
    </section>
  );
}
