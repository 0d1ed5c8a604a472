/** Refresh-token sessions: families of rotating tokens (the token values themselves are never stored). */
import type { Audience } from '../auth/audience.ts';

export interface RefreshTokenRecord {
  tokenHash: string;
  clientId: string;
  audience: Audience;
  /** Absent on tokens issued before families existed. */
  familyId?: string;
  /** Epoch seconds; checked by code too, since TTL deletion is lazy (and absent locally). */
  expiresAt: number;
  revoked: boolean;
}

export interface RefreshFamily {
  familyId: string;
  clientId: string;
  audience: Audience;
  /** Hash of the one token that may be presented next; any other token of the family is spent. */
  currentHash: string;
  /** Epoch seconds: the login plus the absolute session lifetime. */
  sessionExpiresAt: number;
  /** The client's token generation at login. */
  generation: number;
  revoked: boolean;
}
