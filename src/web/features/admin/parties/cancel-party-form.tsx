import { useId } from 'react';
import { staffPartyCancelSchema, type StaffPartySheet } from '../../../../shared/contracts/admin-parties';
import { formatPence } from '../../../../shared/money';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { RadioChoices } from '../components/fields';
import { CancelReasonAndSubmit, StaffActionForm } from '../components/staff-action-form';
import { useCancelParty } from './parties-api';

type Override = 'rule' | 'refund' | 'keep';
const overrideChoices: { value: Override; label: string }[] = [
  { value: 'rule', label: 'Follow the rule' },
  { value: 'refund', label: 'Refund the deposit anyway' },
  { value: 'keep', label: 'Keep the deposit anyway' },
];

const ruleText: Record<StaffPartySheet['depositRuleNow'], string> = {
  refund: 'More than 14 days before the party: the deposit is refunded, with anything else paid.',
  keep: '14 days or less before the party: the deposit is kept; anything paid beyond it is refunded.',
  none: 'Nothing has been paid yet, so there is nothing to refund.',
};

/**
 * Cancel a party by the deposit rule, shown before pressing. Only an admin sees the choice to overrule
 * it (the server refuses anyone else), and then the reason is required and kept with the party.
 */
export function CancelPartyForm({
  id,
  depositRule,
  paidPence,
  isAdmin,
}: {
  id: string;
  depositRule: StaffPartySheet['depositRuleNow'];
  paidPence: number;
  isAdmin: boolean;
}) {
  const fid = useId();
  const cancel = useCancelParty(id);
  useSignInAgainOn(cancel.error);
  const { values, errors, set, check } = useZodForm(
    { reason: '', override: 'rule' as Override },
    { afterChange: 'clear' },
  );

  function submit() {
    const parsed = check(staffPartyCancelSchema, {
      input: (v) => ({ reason: v.reason, overrideDeposit: v.override === 'rule' ? undefined : v.override }),
    });
    if (!parsed.ok) return;
    cancel.mutate(parsed.data, {
      onSuccess: (res) =>
        toast({
          title: res.alreadyCancelled ? 'Already cancelled' : 'Party cancelled',
          description:
            res.refundPence > 0
              ? `${formatPence(res.refundPence)} is being refunded. The family has been e-mailed.`
              : 'No refund. The family has been e-mailed.',
        }),
      onError: (err) => toast({ title: 'Not cancelled', description: err.message, variant: 'destructive' }),
    });
  }

  const overrideable = isAdmin && depositRule !== 'none';
  return (
    <StaffActionForm id={fid} title="Cancel this party" tone="danger" onSubmit={submit}>
      <p className="mt-1 text-sm text-slate-700">
        {ruleText[depositRule]} Paid so far: {formatPence(paidPence)}. The room is freed and the family is e-mailed.
      </p>
      {overrideable ? (
        <RadioChoices
          name={`${fid}-override`}
          legend="Deposit (admin)"
          choices={overrideChoices}
          value={values.override}
          onChange={(v) => set('override', v)}
        />
      ) : null}
      <CancelReasonAndSubmit
        id={fid}
        label="Reason (kept with the party and in the staff history)"
        value={values.reason}
        onChange={(v) => set('reason', v)}
        error={errors.reason}
        pending={cancel.isPending}
        submitLabel="Cancel party"
      />
    </StaffActionForm>
  );
}
