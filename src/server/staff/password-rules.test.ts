import { describe, expect, it } from 'vitest';
import { weakPasswordReason } from '../../shared/contracts/password-strength';
import { assertStrongPassword, isCommonPassword, loadCommonPasswords } from './password-rules';

describe('new staff passwords', () => {
  it('ships the 10,000 most common passwords', () => {
    expect(loadCommonPasswords()).toBe(10_000);
  });

  it.each([
    ['aaaaaaaaaaaa', 'repeats'],
    ['1212121212', 'repeats'],
    ['abcabcabcabc', 'repeats'],
    ['1234567890', 'run'],
    ['0987654321', 'run'],
    ['abcdefghijk', 'run'],
    ['qwertyuiopas', 'run'],
    ['mnbvcxzlkjhg', 'run'],
    ['Sam.Jones-rocks', 'username'],
    ['PlayTime Barn 2026', 'venue'],
  ])('refuses %s (%s)', (password) => {
    expect(weakPasswordReason(password, 'sam.jones')).not.toBeNull();
  });

  it.each(['password', 'iloveyou', 'Football', 'password123', 'dragon12345!', '!!monkey2024'])(
    'knows %s is common (also with digits or symbols around it)',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['bramble jelly on toast', 'correct horse battery', 'Trampoline-Otter-42', 'fjx8-kq2p-zr7m'])(
    'accepts %s',
    (password) => {
      expect(weakPasswordReason(password, 'sam.jones')).toBeNull();
      expect(isCommonPassword(password)).toBe(false);
      expect(() => assertStrongPassword(password, 'sam.jones', 'newPassword')).not.toThrow();
    },
  );

  it('names the field and says why', () => {
    expect(() => assertStrongPassword('sunshine2024', 'sam.jones', 'newPassword')).toThrow(
      expect.objectContaining({
        code: 'weak_password',
        fields: { newPassword: ['Too easy to guess: it is one of the most common passwords'] },
      }),
    );
  });
});
