import { describe, expect, it } from 'vitest';
import { matchPath } from './router';

describe('matchPath', () => {
  it('matches literal paths without regard to case or a trailing slash', () => {
    expect(matchPath('/my-bookings', '/My-Bookings/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/menu', '/menu-enhanced')).toBeNull();
  });

  it('reads :name segments as typed, decoded', () => {
    expect(matchPath('/party/:id', '/party/AbC-123')).toEqual({ id: 'AbC-123' });
    expect(matchPath('/party-invite/:token', '/Party-Invite/a%2Bb')).toEqual({ token: 'a+b' });
  });

  it('needs every segment, and no more', () => {
    expect(matchPath('/party/:id', '/party')).toBeNull();
    expect(matchPath('/party/:id', '/party/')).toBeNull();
    expect(matchPath('/party/:id', '/party/1/2')).toBeNull();
    expect(matchPath('/party/:id', '/party/%E0%A4%A')).toBeNull();
  });
});
