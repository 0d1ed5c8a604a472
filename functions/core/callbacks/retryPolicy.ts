// How often a failed callback is tried again. Data first, so the state machine / queue and
// docs/callbacks.md read the same numbers.

export const CALLBACK_RETRY_POLICY = {
  /**
   * Upper bound of the wait before attempt n+2, after attempt n+1 failed (seconds):
   * attempt 1 goes out at once, then up to 30 s, 2 min, 10 min, 30 min, 2 h. Six attempts in all.
   */
  delayCapsSeconds: [30, 120, 600, 1_800, 7_200] as const,
  /** No attempt is scheduled later than this after the first one; the event is dead-lettered. */
  maxElapsedSeconds: 6 * 3_600,
  /** Full jitter draws below 1 s are raised to 1 s so a retry never fires in the same instant. */
  minDelaySeconds: 1,
} as const;

export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_POLICY.delayCapsSeconds.length + 1;

/**
 * Seconds to wait before the next attempt, after attempt number `attempt` (1-based) failed;
 * `undefined` means give up and dead-letter. Full jitter: uniform in [0, cap] (floored at
 * minDelaySeconds), which spreads a burst of failures from one outage over the whole window.
 * `elapsedSeconds` is the time since the first attempt, when the caller knows it.
 */
export function nextDelaySeconds(attempt: number, random: () => number = Math.random, elapsedSeconds = 0): number | undefined {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  const cap = CALLBACK_RETRY_POLICY.delayCapsSeconds[attempt - 1];
  if (cap === undefined) return undefined;
  const r = Math.min(Math.max(random(), 0), 1);
  const delay = Math.max(CALLBACK_RETRY_POLICY.minDelaySeconds, Math.round(r * cap));
  if (elapsedSeconds + delay > CALLBACK_RETRY_POLICY.maxElapsedSeconds) return undefined;
  return delay;
}
