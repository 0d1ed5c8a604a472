/**
 * Client records remembered for a few seconds per container, so a request with a valid token costs
 * one read (its own) instead of two. The price, recorded in docs/decisions.md: a client disabled,
 * rotated or deleted elsewhere (the operator CLI, another container) keeps being served by a
 * container that read it within the last CLIENT_CACHE_SECONDS (default 5; 0 turns the cache off).
 * Writes in this process forget the entry at once (adapters/store/clients.ts). An adapter, not core:
 * it holds process-wide state and reads its window from the environment.
 */
const DEFAULT_SECONDS = 5;
/** Clients are few; the bound only keeps a flood of distinct ids from growing the map. */
const MAX_ENTRIES = 1000;

const ttlMs = () => {
  const raw = Number(process.env.CLIENT_CACHE_SECONDS ?? DEFAULT_SECONDS);
  return Number.isFinite(raw) && raw > 0 ? Math.min(raw, 60) * 1000 : 0;
};

const entries = new Map<string, { until: number; value: Promise<unknown> }>();

/**
 * `load(id)`'s answer, shared by the calls within the window (concurrent ones share one read).
 * Failures and "no such client" are never remembered.
 */
export function recentClient<T>(clientId: string, load: (id: string) => Promise<T | undefined>, now = Date.now()): Promise<T | undefined> {
  const ttl = ttlMs();
  if (!ttl) return load(clientId);
  const hit = entries.get(clientId);
  if (hit && hit.until > now) return hit.value as Promise<T | undefined>;
  if (entries.size >= MAX_ENTRIES) {
    for (const [id, e] of entries) if (e.until <= now) entries.delete(id);
    if (entries.size >= MAX_ENTRIES) entries.clear();
  }
  const value = load(clientId).then(
    (record) => {
      if (record === undefined) forgetClient(clientId);
      return record;
    },
    (err: unknown) => {
      forgetClient(clientId);
      throw err;
    },
  );
  entries.set(clientId, { until: now + ttl, value });
  return value;
}

/** Drops the remembered record (after this process changed the client). */
export function forgetClient(clientId: string): void {
  entries.delete(clientId);
}

export function forgetAllClients(): void {
  entries.clear();
}
