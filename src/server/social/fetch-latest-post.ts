import type { FastifyBaseLogger as Logger } from 'fastify';
import type { LatestPostResponse } from '../../shared/contracts/social';
import { timeAgo } from '../../shared/time-ago';

export type GraphConfig = { pageId?: string; accessToken?: string; baseUrl: string; timeoutMs: number };

type GraphPost = {
  message?: string;
  created_time?: string;
  reactions?: { summary?: { total_count?: number } };
  likes?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
  shares?: { count?: number };
};

const CACHE_MS = 5 * 60_000;

/**
 * Reads the page's newest post from the Graph API. A cache per process is fine here: it is a
 * copy of outside data, not shared state. Errors and timeouts answer success:false fast.
 */
export function createLatestPostReader(config: GraphConfig, log: Logger) {
  let cached: { at: number; value: LatestPostResponse } | null = null;

  return async function readLatestPost(now: Date): Promise<LatestPostResponse> {
    if (!config.pageId || !config.accessToken) return { success: false, hasCredentials: false };
    if (cached && now.getTime() - cached.at < CACHE_MS) return cached.value;
    const url = new URL(`${config.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(config.pageId)}/posts`);
    url.searchParams.set('fields', 'message,created_time,reactions.summary(total_count),comments.summary(total_count),shares');
    url.searchParams.set('limit', '1');
    url.searchParams.set('access_token', config.accessToken);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs) });
      if (!res.ok) throw new Error(`Graph API answered ${res.status}`);
      const body = (await res.json()) as { data?: GraphPost[] };
      const post = body.data?.[0];
      if (!post) return { success: false, hasCredentials: true, message: 'No posts yet' };
      const value: LatestPostResponse = {
        success: true,
        hasCredentials: true,
        post: {
          text: post.message ?? '',
          timeAgo: post.created_time ? timeAgo(new Date(post.created_time), now) : 'Just now',
          likes: post.reactions?.summary?.total_count ?? post.likes?.summary?.total_count ?? 0,
          comments: post.comments?.summary?.total_count ?? 0,
          shares: post.shares?.count ?? 0,
        },
      };
      cached = { at: now.getTime(), value };
      return value;
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'facebook latest post unavailable');
      return { success: false, hasCredentials: true, message: 'Latest post unavailable' };
    }
  };
}
