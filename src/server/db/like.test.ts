import { describe, expect, it } from 'vitest';
import { escapeLike, likeContains } from './like';

describe('LIKE patterns', () => {
  it('makes % _ and \\ literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
