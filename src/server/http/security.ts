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
const pageDirectives = {
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
};

/**
 * JSON answers are never documents, so /api/ responses carry the policy OWASP's REST guidance gives:
 * nothing may load and nothing may frame. Stricter should one ever be rendered, and a fifth of the
 * bytes of the page policy on the site's busiest, smallest responses.
 */
const apiDirectives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

function helmetOptions(production: boolean, kind: 'page' | 'api'): FastifyHelmetOptions {
  const directives =
    kind === 'api' ? apiDirectives : { ...pageDirectives, ...(production ? { upgradeInsecureRequests: [] } : {}) };
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
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
export async function securityHeaders(
  production: boolean,
  kind: 'page' | 'api' = 'page',
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(production, kind));
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
  const pages = await securityHeaders(production, 'page');
  const api = await securityHeaders(production, 'api');
  if (!pages['content-security-policy'] || !api['content-security-policy'])
    throw new Error('Helmet set no Content-Security-Policy');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : pages);
    done();
  });
}
