import type { ComponentType } from 'react';
import { useSearchParams } from '../../../app/router';
import { PanelHeader } from '../components/panel-parts';
import { QueryState, UpdatedAt } from '../components/query-state';
import { panelDomId, TabStrip, tabDomId } from '../components/tab-strip';
import { useAdminCatalogue } from './catalogue-api';
import { ClosuresSection } from './closures/closures-section';
import { DaysSection } from './days/days-section';
import { MenuSection } from './menu/menu-section';
import { PartiesSection } from './parties/parties-section';
import { PartyBookingSection } from './party-booking/party-booking-section';
import { PostsSection } from './posts/posts-section';
import { TicketTypesSection } from './prices/ticket-types-section';
import { SessionsSection } from './sessions/sessions-section';
import { TablesSection } from './tables/tables-section';
import { TillSection } from './till/till-section';
import { VenueDetailsSection } from './details/venue-details-section';
import { VisitRulesSection } from './visit-rules/visit-rules-section';
import { WaitingListSection } from './waiting-list/waiting-list-section';
import type { SectionProps } from './section-parts';

const sections: { id: string; label: string; Section: ComponentType<SectionProps> }[] = [
  { id: 'venue-prices', label: 'Ticket prices & types', Section: TicketTypesSection },
  { id: 'venue-days', label: 'Days and prices', Section: DaysSection },
  { id: 'venue-sessions', label: 'Sessions', Section: SessionsSection },
  { id: 'venue-closures', label: 'Closures', Section: ClosuresSection },
  { id: 'venue-menu', label: 'Cafe menu', Section: MenuSection },
  { id: 'venue-till', label: 'Till: shop & readers', Section: TillSection },
  { id: 'venue-tables', label: 'Cafe tables', Section: TablesSection },
  { id: 'venue-posts', label: 'Notice board', Section: PostsSection },
  { id: 'venue-parties', label: 'Party packages', Section: PartiesSection },
  { id: 'venue-party-booking', label: 'Party booking', Section: PartyBookingSection },
  { id: 'venue-details', label: 'Venue details', Section: VenueDetailsSection },
  { id: 'venue-visit-rules', label: 'Credits, parking & rules', Section: VisitRulesSection },
  { id: 'venue-waiting-list', label: 'Waiting list', Section: WaitingListSection },
];

/**
 * Admin tab "Venue" (DECISIONS.md "The venue owns its catalogue"): the editors of every venue fact the
 * public pages show. The open section is kept in the address (?tab=venue&section=venue-menu).
 */
export function VenueTab() {
  const query = useAdminCatalogue();
  const [params, setParams] = useSearchParams();
  const open = sections.find((s) => s.id === params.get('section')) ?? sections[0]!;
  const select = (id: string) =>
    setParams((p) => ({ ...Object.fromEntries(p), section: id }), { replace: true, preventScrollReset: true });
  const { Section } = open;
  return (
    <section aria-labelledby="admin-venue-heading">
      <PanelHeader
        id="admin-venue-heading"
        title="Venue"
        intro="Prices, off-peak and peak days, sessions, closures, the cafe menu, notices, parties, the venue's details, credits, parking and house rules, as the public pages show them, and how long waiting list offers are held. Every change is kept in the audit log and shows on the site within seconds."
      >
        {query.data ? <UpdatedAt query={query} what="the catalogue" /> : null}
      </PanelHeader>
      <div className="mt-4">
        <TabStrip tabs={sections} selected={open.id} onSelect={select} label="Venue sections" />
      </div>
      <QueryState query={query} what="the catalogue" />
      {query.data ? (
        <div
          role="tabpanel"
          id={panelDomId(open.id)}
          aria-labelledby={tabDomId(open.id)}
          className="mt-4 min-w-0 rounded-3xl focus-visible:outline-offset-4"
          tabIndex={0}
        >
          <Section key={open.id} catalogue={query.data} />
        </div>
      ) : null}
    </section>
  );
}
