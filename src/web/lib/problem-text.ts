import { ApiError } from './api';

/** The server's own words when it answered (a link expired, too late to cancel), else a plain network line. */
export const problemText = (e: unknown): string =>
  e instanceof ApiError ? e.message : 'We could not reach the venue just now. Please try again.';
