import { useRef, useState } from 'react';
import type { DraftedResponse, InquiryDto } from '../../../../shared/contracts/admin-inquiries';
import { toast } from '../../../components/ui/toast-store';
import { useDraftResponse } from '../api/admin-inquiries-api';
import { DraftResponseDialog } from './draft-response-dialog';
import { availabilitySummary } from './draft-text';

/**
 * "Draft Response" for either list: asks the server for a draft (it checks our booking calendar),
 * tells staff what the calendar said, and opens the dialog with the text to copy.
 */
export function useDraftFlow(isParty: boolean) {
  const draft = useDraftResponse();
  const [open, setOpen] = useState<{ inquiry: InquiryDto; draft: DraftedResponse } | null>(null);
  // The button is disabled while drafting, which takes focus away from it: the dialog could not hand
  // focus back by itself, so it is handed back here.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  const start = (inquiry: InquiryDto, from: HTMLElement) => {
    opener.current = from;
    draft.mutate(inquiry.id, {
      onSuccess: (result) => {
        setOpen({ inquiry, draft: result.draftedResponse });
        // SPEC.md section 8: "Response Drafted (with calendar, or noting the calendar is not configured)".
        const availability = result.draftedResponse.availability;
        toast({
          title: 'Response Drafted',
          description:
            result.calendarIntegrated && availability
              ? `We checked the booking calendar: ${availabilitySummary(availability, isParty)}`
              : 'The booking calendar is not configured, so availability was not checked. Confirm dates with the family before booking anything.',
        });
      },
      onError: (err) => toast({ title: 'Failed to draft response', description: err.message, variant: 'destructive' }),
    });
  };

  return {
    start,
    draftingId: draft.isPending ? draft.variables : null,
    dialog: open ? (
      <DraftResponseDialog
        key={open.inquiry.id}
        inquiry={open.inquiry}
        draft={open.draft}
        isParty={isParty}
        onClose={close}
      />
    ) : null,
  };
}
