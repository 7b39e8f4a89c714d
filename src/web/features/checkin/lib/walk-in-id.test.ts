import { describe, expect, it } from 'vitest';
import { z } from '../../../../shared/contracts/zod';
import { newWalkInId } from './walk-in-id';

describe('walk-in ids', () => {
  it('are version 4 UUIDs the server accepts, and differ each time', () => {
    const ids = Array.from({ length: 200 }, newWalkInId);
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(z.uuid().safeParse(id).success, id).toBe(true);
  });
});
