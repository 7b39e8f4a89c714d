import type { Config } from '../config';

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function: Fastify 5 refuses to trust
 * anything for a bare number (it cannot check the peer is a proxy), but behind a known chain of N
 * proxies the N addresses nearest the socket are those proxies, so the entry before them is the client.
 * The processes must then be reachable only through the proxies (docs/deployment.md).
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}
