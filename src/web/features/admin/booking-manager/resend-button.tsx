import { Send } from 'lucide-react';
import { toast } from '../../../components/ui/toast-store';
import { useResendConfirmation } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';
import { smallSecondary } from '../components/panel-parts';

/** Sends the confirmation (ticket QR, calendar file, links) to the booking's address again. */
export function ResendButton({ id, email }: { id: string; email: string }) {
  const resend = useResendConfirmation(id);
  useSignInAgainOn(resend.error);
  return (
    <button
      type="button"
      className={smallSecondary}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () => toast({ title: 'Confirmation sent again', description: `To ${email}.` }),
          onError: (err) => toast({ title: 'Not sent', description: err.message, variant: 'destructive' }),
        })
      }
    >
      <Send aria-hidden className="h-4 w-4" />
      {resend.isPending ? 'Sending...' : 'Resend confirmation'}
    </button>
  );
}
