import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Stripe's documented CSP for Stripe.js and the Payment Element (docs.stripe.com/security/guide,
 * "Content Security Policy"): scripts and frames from js.stripe.com and *.js.stripe.com, 3D Secure
 * frames from hooks.stripe.com, API calls to api.stripe.com. maps.googleapis.com is only for the
 * Address Element's autocomplete, which we do not use.
 */
export const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Strict CSP: our own origin only, plus Stripe.js and its frames (DECISIONS.md: Stripe.js is the one
 * outside script; the app is one page shell, so any page may lead to the payment step). Nothing may frame us.
 */
function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSources.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripeSources.connect],
        frameSrc: stripeSources.frame,
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

const notSecurityHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers Helmet sets, worked out once. @fastify/helmet builds a new Helmet middleware (parsing
 * every CSP directive) for each request, which cost ~11% of CPU on a static page; the headers never
 * vary per request here (no nonces), so Helmet answers one probe request and we reuse its headers.
 */
export async function securityHeaders(production: boolean): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(production));
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !notSecurityHeaders.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  const headers = await securityHeaders(production);
  if (!headers['content-security-policy']) throw new Error('Helmet set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
