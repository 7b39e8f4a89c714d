/**
 * A scanned code's keyed hash, as the server's day list has it (server/checkin/day-list.ts): HMAC-SHA256
 * under the list's key, first 16 bytes, base64url. The code itself is never stored on the device.
 */
export async function ticketHash(hashKey: string, code: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64url(hashKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(code)));
  return toBase64url(mac.subarray(0, 16));
}

function fromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
