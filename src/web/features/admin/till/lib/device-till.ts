/**
 * The till session open on this device, kept in the browser's local storage (its sales come from the server): a
 * reload or a switch of user keeps the till open (the server still says whether it is: its Z report's
 * closedAt). Several devices each keep their own.
 */
const SESSION_KEY = 'till.session';
const salesKey = (sessionId: string) => `till.sales.${sessionId}`;

export type DeviceTill = { sessionId: string; till: string };

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private browsing with no storage: the till still works until a reload */
  }
}

export const readDeviceTill = (): DeviceTill | null => read<DeviceTill>(SESSION_KEY);

export const rememberDeviceTill = (till: DeviceTill) => write(SESSION_KEY, till);

export function forgetDeviceTill(sessionId: string) {
  write(SESSION_KEY, null);
  write(salesKey(sessionId), null);
}
