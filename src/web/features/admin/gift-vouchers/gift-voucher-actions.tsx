import { useId, useState, type FormEvent } from 'react';
import type { StaffGiftVoucherDetail } from '../../../../shared/contracts/gift-vouchers';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { smallPrimary, smallSecondary } from '../components/panel-parts';
import { useGiftVoucherAction } from './gift-vouchers-api';

type Verb = 'extend' | 'void' | 'reissue';
const labels: Record<Verb, string> = { extend: 'Extend', void: 'Void', reissue: 'Reissue with a new code' };
const done: Record<Verb, string> = {
  extend: 'The new expiry date is saved.',
  void: 'The voucher is void; its code no longer works.',
  reissue: 'A new code is made and e-mailed to the recipient; the old one no longer works.',
};

/** An admin's actions on an active voucher, each with a reason (all kept in the audit log). */
export function GiftVoucherActions({
  voucher,
  onChanged,
}: {
  voucher: StaffGiftVoucherDetail;
  onChanged: (v: StaffGiftVoucherDetail) => void;
}) {
  const id = useId();
  const [verb, setVerb] = useState<Verb | null>(null);
  const [reason, setReason] = useState('');
  const [expiresOn, setExpiresOn] = useState(voucher.expiresOn);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const action = useGiftVoucherAction((v) => {
    toast({ title: labels[verb ?? 'extend'], description: done[verb ?? 'extend'] });
    setVerb(null);
    setReason('');
    onChanged(v);
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!verb) return;
    setErrors({});
    action.mutate(
      { id: voucher.id, verb, body: verb === 'extend' ? { expiresOn, reason } : { reason } },
      {
        onError: (err) => {
          setErrors(err instanceof ApiError && err.fields ? err.fields : { reason: [err.message] });
        },
      },
    );
  }

  if (voucher.status !== 'active' && voucher.status !== 'expired') return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap gap-2">
        {(Object.keys(labels) as Verb[]).map((v) => (
          <button
            key={v}
            type="button"
            className={verb === v ? smallPrimary : smallSecondary}
            aria-pressed={verb === v}
            onClick={() => setVerb(verb === v ? null : v)}
          >
            {labels[v]}
          </button>
        ))}
      </div>
      {verb ? (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          {verb === 'extend' ? (
            <div className="max-w-xs">
              <label htmlFor={`${id}-expires`} className="block font-semibold text-slate-900">
                New expiry date
              </label>
              <input
                id={`${id}-expires`}
                type="date"
                className={`${textInput} mt-1`}
                value={expiresOn}
                onChange={(e) => setExpiresOn(e.target.value)}
                aria-invalid={errors.expiresOn ? true : undefined}
              />
              <FieldError id={`${id}-expires-error`} message={errors.expiresOn?.[0]} />
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-reason`} className="block font-semibold text-slate-900">
              Reason
            </label>
            <input
              id={`${id}-reason`}
              className={`${textInput} mt-1`}
              value={reason}
              maxLength={300}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            />
            <FieldError id={`${id}-reason-error`} message={errors.reason?.[0]} />
          </div>
          <button type="submit" className={smallPrimary} disabled={action.isPending}>
            {action.isPending ? 'Saving...' : `${labels[verb]}: confirm`}
          </button>
        </form>
      ) : null}
    </div>
  );
}
