import { useInquiries } from '../api/admin-inquiries-api';
import { InquiryCard } from './inquiry-card';
import { QueryState, UpdatedAt } from '../components/query-state';
import { EmptyState, PanelHeader } from '../components/panel-parts';
import { useDraftFlow } from './use-draft-flow';

/** Staff tab "Inquiries": messages from the home page's contact form, waiting ones first (polled every 30 s). */
export function InquiriesPanel() {
  const query = useInquiries();
  const draft = useDraftFlow(false);
  const list = query.data?.inquiries ?? [];
  const waiting = list.filter((i) => !i.responded).length;

  return (
    <section aria-labelledby="admin-inquiries-heading">
      <PanelHeader
        id="admin-inquiries-heading"
        title="Customer Inquiries"
        intro={
          query.data
            ? `${waiting} waiting for a reply, ${list.length - waiting} answered. New messages appear here within 30 seconds.`
            : 'Messages sent through the contact form.'
        }
      >
        {query.data ? <UpdatedAt query={query} what="the inquiries" /> : null}
      </PanelHeader>
      <QueryState query={query} what="inquiries" />
      {query.data && list.length === 0 ? (
        <EmptyState title="No inquiries yet">
          Messages sent through the "Send Us a Message" form on the home page will appear here, newest first.
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {list.map((inquiry) => (
            <InquiryCard
              key={inquiry.id}
              inquiry={inquiry}
              onDraft={(button) => draft.start(inquiry, button)}
              drafting={draft.draftingId === inquiry.id}
            />
          ))}
        </ul>
      ) : null}
      {draft.dialog}
    </section>
  );
}
