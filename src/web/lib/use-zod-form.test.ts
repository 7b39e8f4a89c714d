import { describe, expect, it } from 'vitest';
import { z } from '../../shared/contracts/zod';
import { firstMessagePerField } from './use-zod-form';

describe('firstMessagePerField', () => {
  it('keeps the first message of each field, in issue order', () => {
    const schema = z.object({ code: z.string().min(3, 'Too short').regex(/^\d+$/, 'Digits only'), other: z.string() });
    const parsed = schema.safeParse({ code: 'a', other: 1 });
    expect(parsed.success).toBe(false);
    expect(firstMessagePerField(parsed.error!.issues)).toEqual({ code: 'Too short', other: expect.any(String) });
  });
});
