/** A client of the service (a lender), as the operator sets it up. */

/**
 * Interfaces a client may be enabled for; `addressMatch` takes static headers: the client id and
 * its own address-matching secret (or, until one is issued, the client secret: docs/decisions.md).
 */
export type ClientInterface = 'main' | 'sandbox' | 'bulk' | 'addressMatch';

export interface ClientRecord {
  clientId: string;
  name: string;
  secretHash: string;
  disabled: boolean;
  /** Product types the client may use; `*` means every product. */
  products: string[];
  interfaces: ClientInterface[];
  /** Account-level callback target of the sandbox (set by the operator). */
  callbackUrl?: string;
  authUrl?: string;
  /** HMAC key for callback signatures; the operator sets and rotates it. */
  webhookSecret?: string;
  /** Operator opt-in to return full Aadhaar numbers (default masked to the last 4 digits). */
  fullAadhaar?: boolean;
  /**
   * Moves on when the secret is rotated or the client disabled; access tokens and refresh-token
   * families carry the generation they were issued in and stop working once it moves.
   */
  tokenGeneration?: number;
  /**
   * Hash of the static secret valid only on address matching (operator: client issue-address-secret).
   * Once set, the client secret no longer opens address matching.
   */
  addressMatchSecretHash?: string;
  addressMatchSecretIssuedAt?: string;
  /** Days its flows and batches are kept, set by the operator; at most the stage's retention. */
  retentionDays?: number;
  createdAt: string;
}
