import { sql, type SQL } from 'drizzle-orm';

/** A term as a literal inside LIKE: the user's \ % and _ match themselves, not "anything". */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern for "contains the term". */
export const likeContains = (term: string): string => `%${escapeLike(term)}%`;

/**
 * `column` (a lower-cased expression with a pg_trgm GIN index) contains `lower` (a lower-cased term),
 * shaped for the index. pg_trgm reads a word boundary inside the term ("sofia o'brien",
 * "olivia.smith1966") as trigrams padded with spaces ("  o", " b", "ia "), which thousands of rows share:
 * their entries were most of the index's work (118 pages and 3-11 ms for "%sofia o'brien%"; 47 pages
 * and 1 ms asked for "%sofia%" and "%brien%"). So a term of several words asks the index for each word
 * of 3 or more characters (a shorter one gives no trigram) and tests each row it finds for the whole
 * term; a row holding the term holds each of its words, so the answer is the same. When the long words
 * would say too little of the term ("jo smith": every Smith), the whole term is asked as it is.
 */
export function containsTerm(column: SQL, lower: string): SQL {
  const whole = sql`${column} like ${likeContains(lower)}`;
  const words = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
  const probes = words.filter((w) => w.length >= 3);
  if (words.length < 2 || probes.join('').length < 8) return whole;
  return sql`(${sql.join(
    probes.map((w) => sql`${column} like ${likeContains(w)}`),
    sql` and `,
  )} and strpos(${column}, ${lower}) > 0)`;
}
