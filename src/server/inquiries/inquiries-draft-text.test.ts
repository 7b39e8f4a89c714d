import { describe, expect, it } from 'vitest';
import { venueViewOf, type TicketTypeView } from '../../shared/catalogue';
import { seedPartiesDocument, seedSessions, seedTicketTypes, seedVenueDocument } from '../catalogue/seed-data';
import { contactDraft, hoursLine, pricesLine, type DraftCatalogue } from './inquiries-draft-text';

const ticketTypes: TicketTypeView[] = seedTicketTypes.map((t) => ({
  ...t,
  active: true,
  weekdayMorningOnly: t.sellDays === 'weekdays',
  bandPrices: { 'off-peak': t.pricePence, peak: t.pricePence },
}));
const seeded: DraftCatalogue = {
  ...venueViewOf(seedVenueDocument),
  sessions: seedSessions,
  ticketTypes,
  parties: seedPartiesDocument,
};
const inquiry = { name: 'Sam Asker', inquiryType: 'general', message: 'When are you open?', daysSince: 0 };

describe('drafted replies quote the catalogue', () => {
  it('words the seeded hours, sessions and prices as before', () => {
    expect(hoursLine(seeded)).toBe(
      'We are open 9:30am - 4:00pm every day (last entry 3:00pm), in three 2-hour sessions: 9:30 AM - 11:30 AM, 12:00 PM - 2:00 PM and 2:00 PM - 4:00 PM.',
    );
    expect(pricesLine(seeded)).toBe(
      'Entry is £4.00 for children 0-1 years, £9.50 for children 1-12 years and £2.00 for adults.',
    );
  });

  it('follows an edit: other hours on some days, sessions of another length, a new price', () => {
    const edited: DraftCatalogue = {
      ...seeded,
      openingHours: {
        ...seeded.openingHours,
        days: [
          { days: 'Monday - Friday', hours: '9:30am - 4:00pm' },
          { days: 'Saturday and Sunday', hours: '9:00am - 5:00pm' },
        ],
      },
      sessions: [
        { ...seedSessions[0]!, label: '9:30 AM - 11:00 AM', end: '11:00' },
        { ...seedSessions[1]!, label: '12:00 PM - 1:30 PM', start: '12:00', end: '13:30' },
      ],
      ticketTypes: ticketTypes.map((t) => (t.id === 'adult' ? { ...t, pricePence: 250 } : t)),
    };
    expect(hoursLine(edited)).toBe(
      'We are open 9:30am - 4:00pm on Monday - Friday and 9:00am - 5:00pm on Saturday and Sunday (last entry 3:00pm), in two 1.5-hour sessions: 9:30 AM - 11:00 AM and 12:00 PM - 1:30 PM.',
    );
    expect(pricesLine(edited)).toContain('£2.50 for adults');
  });

  it("signs off with the catalogue's name and contacts", () => {
    const venue = { ...seeded.venue, name: 'The Barn', phone: '01632 960 555', email: 'team@example.com' };
    const draft = contactDraft(inquiry, null, 'https://example.test', { ...seeded, venue });
    expect(draft.subject).toBe('Re: your general enquiry - The Barn');
    expect(draft.body).toContain('Thank you for getting in touch with The Barn.');
    expect(draft.body).toContain('Kind regards,\nThe The Barn team\n01632 960 555\nteam@example.com');
  });
});
