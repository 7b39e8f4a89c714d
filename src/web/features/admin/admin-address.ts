import type { StaffRole } from '../../../shared/contracts/staff';
import type { AdminSection, AdminTab } from './admin-tabs';

/** Where the staff area is: a section, and the page open in it. */
export type AdminPlace = { section: AdminSection; tab: AdminTab };

/** A page's address. The same ?tab= as before the sections, so every older link and bookmark still works. */
export const tabHref = (id: string) => `/admin?tab=${id}`;
/** A section's address: it opens the section's first page. (?section= is the Venue page's own.) */
export const sectionHref = (id: string) => `/admin?area=${id}`;

/** The sections as this person sees them: admin-only pages left out for staff, then any section left empty. */
export const sectionsFor = (sections: AdminSection[], role: StaffRole): AdminSection[] =>
  sections
    .map((s) => ({ ...s, tabs: s.tabs.filter((t) => !t.adminOnly || role === 'admin') }))
    .filter((s) => s.tabs.length > 0);

/**
 * The open place for an address: ?tab= names a page and its section follows from it; else ?area= names a
 * section, open at its first page; else (or for a page this person cannot open) the first page, Overview.
 */
export function placeFor(sections: AdminSection[], params: URLSearchParams): AdminPlace {
  const tabId = params.get('tab');
  for (const section of sections) {
    const tab = section.tabs.find((t) => t.id === tabId);
    if (tab) return { section, tab };
  }
  const section = sections.find((s) => s.id === params.get('area')) ?? sections[0]!;
  return { section, tab: section.tabs[0]! };
}
