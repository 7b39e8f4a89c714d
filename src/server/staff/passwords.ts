import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum), about 30 ms here.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified when the username does not exist, so a wrong username takes as long as a wrong
 * password and sign-in timing does not reveal which accounts exist.
 */
export const decoyHash =
  '$argon2id$v=19$m=19456,t=2,p=1$rjV2TibJaWPxuFe3WXW5Sw$CxLOHJU4KSQ7zBelTtdBskS/AEtm5OyAHijl85KGv04';
