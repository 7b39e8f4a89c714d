import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../app/router';
import type { z } from 'zod';
import type { bookingFormSchema, CreateBookingInput } from '../../../../shared/contracts/booking';
import { formatPence } from '../../../../shared/money';
import { ApiError, type ApiErrorCode } from '../../../lib/api';
import { toast } from '../../../components/ui/toast-store';
import { useCreateBooking } from '../api/create-booking';
import { saveBookingSecret, savePendingBooking } from './pending-booking';
import { forgetOffer } from '../waiting-list/held-offer';
import type { Quantities } from './order';

export type BookingFormValues = z.input<typeof bookingFormSchema>;

/** What the form holds: the schema's fields, with the terms box still unticked. */
export type BookingFields = {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  selectedDate: string;
  selectedTime: string;
  specialRequests: string;
  voucherCode: string;
  agreeToTerms: boolean;
};

/** Errors whose server message tells the family more than the generic one (places gone, prices changed). */
const clearErrorCodes = new Set<ApiErrorCode>([
  'voucher_invalid',
  'voucher_not_for_booking',
  'voucher_needs_child',
  'voucher_used',
  'voucher_held',
  'gift_code_unknown',
  'gift_code_expired',
  'gift_code_void',
  'gift_code_spent',
  'capacity_exhausted',
  'total_mismatch',
  'date_out_of_range',
  'session_unavailable',
  'session_required',
  'session_closed',
  'unknown_ticket_type',
  'ticket_not_available',
  'waiting_list_offer_invalid',
]);

/**
 * Sends the booking, keeps the pending booking for the next pages (SPEC.md section 3) and moves on:
 * to /payment with the client secret, or straight to the confirmation when nothing is left to pay.
 */
export function useSubmitBooking(
  /** A refusal that names the voucher field (a wrong, used or expired code): its message, to show there. */
  onVoucherError?: (message: string) => void,
  /** A refusal of the children named (a child ticket missing for one): its message, for "Who's coming?". */
  onChildrenError?: (message: string) => void,
) {
  const mutation = useCreateBooking();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = (
    form: BookingFormValues,
    quantities: Quantities,
    totalAmount: number,
    loyaltyOptIn: boolean,
    extras: {
      /** A waiting list offer's token, when the booking uses the places it holds. */
      offerToken?: string;
      /** The profile's children who are coming (issue 39): only with the family session of this address. */
      childIds?: string[];
    } = {},
  ) => {
    const { offerToken, childIds } = extras;
    const payload: CreateBookingInput = {
      customerName: form.customerName,
      customerEmail: form.customerEmail,
      customerPhone: form.customerPhone,
      selectedDate: form.selectedDate,
      selectedTime: form.selectedTime || undefined,
      specialRequests: form.specialRequests || undefined,
      voucherCode: form.voucherCode?.trim() || undefined,
      agreeToTerms: true,
      ticketQuantities: Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0)),
      totalAmount,
      loyaltyOptIn,
      ...(offerToken ? { offerToken } : {}),
      ...(childIds?.length ? { childIds } : {}),
    };
    mutation.mutate(payload, {
      onSuccess: (res) => {
        const { bookingId, clientSecret, originalAmount, finalAmount, sessionCreditsUsed, creditSavings } = res;
        saveBookingSecret(bookingId, res.bookingSecret);
        if (offerToken) forgetOffer(); // its places are this booking's now
        savePendingBooking({
          ...payload,
          bookingId,
          paymentDetails: { originalAmount, finalAmount, sessionCreditsUsed, creditSavings },
        });
        if (sessionCreditsUsed > 0) {
          toast({
            title: 'Session Credits Applied!',
            description: `${sessionCreditsUsed} credits used, saving you ${formatPence(creditSavings)}`,
          });
        } else if (res.giftVoucherPence > 0) {
          toast({
            title: 'Gift Voucher Applied!',
            description: `Your gift voucher pays ${formatPence(res.giftVoucherPence)}`,
          });
        } else if (res.voucherDiscount > 0) {
          toast({
            title: 'Voucher Applied!',
            description: `Your voucher saves you ${formatPence(res.voucherDiscount)}`,
          });
        }
        const id = encodeURIComponent(bookingId);
        navigate(
          clientSecret
            ? `/payment?client_secret=${encodeURIComponent(clientSecret)}&booking_id=${id}`
            : `/booking-success?booking_id=${id}`,
        );
      },
      onError: (e) => {
        const childrenMessage = e instanceof ApiError ? e.fields?.childIds?.[0] : undefined;
        // A named child gone from the profile meanwhile is a 404 whose message says to reload.
        const childGone = !!childIds?.length && e instanceof ApiError && e.status === 404;
        const clear =
          e instanceof ApiError && (clearErrorCodes.has(e.code) || e.status === 409 || !!childrenMessage || childGone);
        if (clear) {
          void queryClient.invalidateQueries({ queryKey: ['/api/calendar/availability'] });
          // A price changed since the page loaded (total_mismatch): every date's prices are read again.
          void queryClient.invalidateQueries({ queryKey: ['/api/ticket-types'] });
        }
        const voucherMessage = e instanceof ApiError ? e.fields?.voucherCode?.[0] : undefined;
        if (voucherMessage) onVoucherError?.(voucherMessage);
        if (childrenMessage) onChildrenError?.(childrenMessage);
        toast({
          title: 'Booking Error',
          description: clear ? e.message : 'Unable to process booking. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };
  return { submit, pending: mutation.isPending };
}
