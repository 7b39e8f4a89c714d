import { toast } from '../../../components/ui/toast-store';

/** SPEC.md section 8's notice for a redemption that did not go through. */
export const redeemFailed = () =>
  toast({
    title: 'Redemption Failed',
    description: 'Unable to redeem reward. Please try again.',
    variant: 'destructive',
  });
