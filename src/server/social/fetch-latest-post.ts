import type { FastifyBaseLogger as Logger } from 'fastify';
import { z } from 'zod';
import type { LatestPostResponse } from '../../shared/contracts/social';
import { timeAgo } from '../../shared/time-ago';

export type GraphConfig = { pageId?: string; accessToken?: string; baseUrl: string; timeoutMs: number };

const count = z.number().int().nonnegative().catch(0);
const summaryCount = z
  .object({ summary: z.object({ total_count: count }).partial() })
  .partial()
  .optional();

/** The Graph API is outside input: parsed, never trusted. Missing counts read as 0. */
const graphPostsSchema = z.object({
  data: z.array(
    z.object({
      message: z.string().optional(),
      story: z.string().optional(),
      created_time: z.string().optional(),
      reactions: summaryCount,
      likes: summaryCount,
      comments: summaryCount,
      shares: z.object({ count }).partial().optional(),
    }),
  ),
});
type GraphPost = z.infer<typeof graphPostsSchema>['data'][number];

/** A successful read is kept 5 minutes (SPEC.md: the post is refetched every 5 minutes). */
export const CACHE_MS = 5 * 60_000;
/** A failed read is kept briefly, so an outage costs visitors nothing and Graph is not hammered. */
export const FAILURE_CACHE_MS = 30_000;

type Cached = { at: number; ttl: number; post: GraphPost | null; failed: boolean };

function toResponse(entry: Cached, now: Date): LatestPostResponse {
  if (entry.failed) return { success: false, hasCredentials: true, message: 'Latest post unavailable' };
  const post = entry.post;
  if (!post) return { success: false, hasCredentials: true, message: 'No posts yet' };
  const created = post.created_time ? new Date(post.created_time) : null;
  return {
    success: true,
    hasCredentials: true,
    post: {
      text: post.message ?? post.story ?? '',
      // Worked out on every read, so a cached post still ages correctly.
      timeAgo: created && !Number.isNaN(created.getTime()) ? timeAgo(created, now) : 'Recently',
      likes: post.reactions?.summary?.total_count ?? post.likes?.summary?.total_count ?? 0,
      comments: post.comments?.summary?.total_count ?? 0,
      shares: post.shares?.count ?? 0,
    },
  };
}

/**
 * Reads the page's newest post from the Graph API. A cache per process is fine here: it is a copy
 * of outside data, not shared state. Errors and timeouts answer success:false within timeoutMs,
 * and concurrent requests share one fetch.
 */
export function createLatestPostReader(config: GraphConfig, log: Logger) {
  let cached: Cached | null = null;
  let inFlight: Promise<Cached> | null = null;

  async function fetchLatest(now: Date): Promise<Cached> {
    const url = new URL(`${config.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(config.pageId!)}/posts`);
    url.searchParams.set(
      'fields',
      'message,story,created_time,reactions.summary(total_count),comments.summary(total_count),shares',
    );
    url.searchParams.set('limit', '1');
    url.searchParams.set('access_token', config.accessToken!);
    const at = now.getTime();
    try {
      // The signal bounds the whole exchange, body included, not just the headers.
      const signal = AbortSignal.timeout(config.timeoutMs);
      const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new Error(`Graph API answered ${res.status}: ${detail}`);
      }
      const body = graphPostsSchema.parse(await res.json());
      return { at, ttl: CACHE_MS, post: body.data[0] ?? null, failed: false };
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      log.warn({ reason }, 'facebook latest post unavailable');
      return { at, ttl: FAILURE_CACHE_MS, post: null, failed: true };
    }
  }

  return async function readLatestPost(now: Date): Promise<LatestPostResponse> {
    if (!config.pageId || !config.accessToken) return { success: false, hasCredentials: false };
    if (cached && now.getTime() - cached.at < cached.ttl) return toResponse(cached, now);
    inFlight ??= fetchLatest(now).finally(() => (inFlight = null));
    cached = await inFlight;
    return toResponse(cached, now);
  };
}
