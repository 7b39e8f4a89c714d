import { menuPagePaths, type PageCatalogue, type PublicCatalogue } from '../../shared/catalogue';

/** JSON inside a <script>: `<` escaped so no text in the catalogue can close the element or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The id the web app reads its catalogue from (src/web/app/catalogue.tsx). */
export const catalogueElementId = 'catalogue-data';

/**
 * The catalogue a page carries. The menu's items (13 of the catalogue's 17 KB) go only with the menu pages:
 * every other page's HTML stays as light as before the catalogue, and its first paint as early.
 */
export function catalogueScript(catalogue: PublicCatalogue, path: string): string {
  const carried: PageCatalogue = menuPagePaths.includes(path) ? catalogue : { ...catalogue, menuItems: null };
  return `<script type="application/json" id="${catalogueElementId}">${scriptSafeJson(carried)}</script>`;
}

const schemaDays: Record<string, string[]> = {
  monday: ['Monday'],
  tuesday: ['Tuesday'],
  wednesday: ['Wednesday'],
  thursday: ['Thursday'],
  friday: ['Friday'],
  saturday: ['Saturday'],
  sunday: ['Sunday'],
  'monday - friday': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  'saturday - sunday': ['Saturday', 'Sunday'],
  'every day': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** The home page's schema.org LocalBusiness (search engines' opening hours and address), from the catalogue. */
export function localBusinessJsonLd(catalogue: PublicCatalogue): string {
  const { venue, openingHours } = catalogue;
  const dayOfWeek = openingHours.days.flatMap((d) => schemaDays[d.days.trim().toLowerCase()] ?? []);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: venue.name,
    description: venue.description,
    telephone: venue.phone,
    email: venue.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.address.line1,
      addressLocality: venue.address.town,
      addressRegion: venue.address.county,
      postalCode: venue.address.postcode,
      addressCountry: 'GB',
    },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek, opens: openingHours.opens, closes: openingHours.closes },
    ],
    sameAs: venue.social.flatMap((s) => (s.href ? [s.href] : [])),
  };
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}
