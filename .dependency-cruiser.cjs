/**
 * Import rules held by dependency-cruiser (`npm run lint`; DECISIONS.md "Domains point one way").
 *
 * 1. No circles anywhere in src (type-only imports count: they tie files together just the same).
 * 2. The server's domains (the folders and top files of src/server) have ONE order, lowest first. A domain
 *    imports only domains before it. Where a lower domain must tell a higher one of an event, the higher
 *    registers with it when the app is composed (payments/sellers.ts is the model), never an upward import.
 *    Tests and testing/ helpers may reach across: they compose what they test.
 * The web's features importing each other is refused by eslint.config.js (features talk through
 * components/ and lib/).
 */
const serverOrder = [
  'config',
  'context', // the composed app's type: it names the payment provider and sellers by type only (below)
  'db',
  'security',
  'http',
  'jobs',
  'observability',
  'abuse',
  'staff',
  'mail',
  'site',
  'social',
  'exports',
  'accounts', // the VAT ledger (issue 50): written by payments and every seller, so below them all
  'catalogue',
  'payments',
  'families',
  'loyalty',
  'credits',
  'gift-vouchers',
  'bookings',
  'waiting-list',
  'calendar',
  'parties',
  'inquiries',
  'checkin',
  'memberships', // a seller (next): above families (children), catalogue (plans, bands) and bookings
  'till', // the counter till (issue 48): sells entry through bookings, spends gift vouchers, checks in
  'events', // special events and the fair drop (issue 51): a seller, above families (proven e-mail) and payments
  'cafe-orders', // orders from the table and the kitchen screen (issue 49): prices with the till's basket
  'overview', // the takings of every seller
  'my-bookings',
  'privacy',
  'backup',
  'sweep',
  'sellers',
  'app',
  'main',
];

const domainPath = (names) => `^src/server/(${names.join('|')})(/|\\.ts$)`;
const testCode = '\\.test\\.ts$|/testing/';

const domainOrder = serverOrder.slice(0, -1).map((domain, i) => ({
  name: 'domain-order',
  comment: `${domain} may import only the domains before it in .dependency-cruiser.cjs's serverOrder`,
  severity: 'error',
  from: { path: domainPath([domain]), pathNot: testCode },
  to: {
    path: domainPath(serverOrder.slice(i + 1)),
    // The app's context type names what app.ts builds; a type import is erased at run time.
    ...(domain === 'context' ? { dependencyTypesNot: ['type-only'] } : {}),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle lets load order decide which module sees the other half-initialised.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-unlisted',
      comment: "Every folder and top file of src/server has its place in .dependency-cruiser.cjs's serverOrder.",
      severity: 'error',
      from: { path: '^src/server/', pathNot: `${domainPath(serverOrder)}|${testCode}` },
      to: {},
    },
    ...domainOrder,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    includeOnly: '^src/',
  },
};
