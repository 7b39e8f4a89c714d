import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsTerm, escapeLike, likeContains } from './like';

describe('LIKE patterns', () => {
  it('makes % _ and \\ literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('asks a trigram index for each long word of a term of several, and tests the whole term', () => {
    const shape = (term: string) => {
      const { sql: text, params } = new PgDialect().sqlToQuery(containsTerm(sql`lower(x)`, term));
      return { sql: text, params };
    };
    expect(shape("sofia o'brien")).toEqual({
      sql: '(lower(x) like $1 and lower(x) like $2 and strpos(lower(x), $3) > 0)',
      params: ['%sofia%', '%brien%', "sofia o'brien"],
    });
    // One word, or long words that say too little of the term: the whole term, as typed.
    expect(shape('smith')).toEqual({ sql: 'lower(x) like $1', params: ['%smith%'] });
    expect(shape('jo smith')).toEqual({ sql: 'lower(x) like $1', params: ['%jo smith%'] });
    expect(shape('50%_off now').params).toEqual(['%50\\%\\_off now%']);
  });
});
