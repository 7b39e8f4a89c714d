import { describe, expect, it } from 'vitest';
import { takeInheritedListenFd } from './inherited-socket';

describe('takeInheritedListenFd', () => {
  it('answers fd 3 when systemd passed a socket to this process, and clears the variables', () => {
    const env: NodeJS.ProcessEnv = { LISTEN_FDS: '1', LISTEN_PID: '4242', LISTEN_FDNAMES: 'x', PORT: '5001' };
    expect(takeInheritedListenFd(env, 4242)).toBe(3);
    expect(env).toEqual({ PORT: '5001' });
  });

  it('answers fd 3 without LISTEN_PID (a supervisor that cannot know the pid before it starts us)', () => {
    expect(takeInheritedListenFd({ LISTEN_FDS: '1' }, 1)).toBe(3);
  });

  it('answers nothing when no socket was passed, or it was passed to another process', () => {
    expect(takeInheritedListenFd({}, 1)).toBeUndefined();
    expect(takeInheritedListenFd({ LISTEN_FDS: '0' }, 1)).toBeUndefined();
    expect(takeInheritedListenFd({ LISTEN_FDS: 'x' }, 1)).toBeUndefined();
    const inherited: NodeJS.ProcessEnv = { LISTEN_FDS: '1', LISTEN_PID: '7' };
    expect(takeInheritedListenFd(inherited, 8)).toBeUndefined();
    expect(inherited).toEqual({});
  });
});
