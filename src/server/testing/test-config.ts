import { loadConfig, type Config } from '../config';

/** A config for tests: defaults, nothing from the real environment but what is passed. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Limits off by default: integration tests make many requests from one address. rate-limit.test.ts turns them on.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS: 'off', ...overrides });
}
