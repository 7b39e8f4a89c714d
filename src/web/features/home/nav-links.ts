/** In-page sections (smooth-scrolled via #anchors) and the pages the navigation links to. */
export const sectionLinks = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'activities', label: 'Activities' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;

export const routeLinks = [
  { to: '/menu', label: 'Menu' },
  { to: '/loyalty', label: 'Rewards' },
  { to: '/session-credits', label: 'Bulk Credits' },
  { to: '/my-bookings', label: 'My Bookings' },
] as const;
