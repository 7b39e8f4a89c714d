import { z } from 'zod';

// Every shared schema is built with this z. Our Content-Security-Policy forbids eval, and zod's
// optional JIT probes `new Function` when a schema is built, which the browser reports as a CSP
// violation even though zod catches it. The JIT is off before any schema exists, in browser and
// server alike (the server parses small bodies; the JIT's gain there is negligible).
z.config({ jitless: true });

export { z };
