import { describe, expect, it } from 'vitest';
import { CALLBACK_MAX_ATTEMPTS, CALLBACK_RETRY_POLICY, nextDelaySeconds } from '#core/callbacks/retryPolicy.ts';

describe('nextDelaySeconds', () => {
  it('caps follow the schedule: 30 s, 2 min, 10 min, 30 min, 2 h, then dead-letter', () => {
    const caps = [1, 2, 3, 4, 5].map((a) => nextDelaySeconds(a, () => 1));
    expect(caps).toEqual([30, 120, 600, 1800, 7200]);
    expect(nextDelaySeconds(6, () => 1)).toBeUndefined();
    expect(CALLBACK_MAX_ATTEMPTS).toBe(6);
  });

  it('uses full jitter: uniform in [0, cap], floored at 1 s', () => {
    expect(nextDelaySeconds(3, () => 0.5)).toBe(300);
    expect(nextDelaySeconds(5, () => 0.25)).toBe(1800);
    expect(nextDelaySeconds(1, () => 0)).toBe(CALLBACK_RETRY_POLICY.minDelaySeconds);
  });

  it('never schedules past the 6 h bound', () => {
    expect(nextDelaySeconds(5, () => 1, 6 * 3600 - 7200)).toBe(7200);
    expect(nextDelaySeconds(5, () => 1, 6 * 3600 - 7199)).toBeUndefined();
  });

  it('the whole schedule at its caps fits inside the bound', () => {
    const total = CALLBACK_RETRY_POLICY.delayCapsSeconds.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(CALLBACK_RETRY_POLICY.maxElapsedSeconds);
  });

  it('clamps a random source outside [0, 1] and rejects bad attempt numbers', () => {
    expect(nextDelaySeconds(1, () => 7)).toBe(30);
    expect(nextDelaySeconds(1, () => -1)).toBe(1);
    expect(() => nextDelaySeconds(0)).toThrow(RangeError);
    expect(() => nextDelaySeconds(1.5)).toThrow(RangeError);
  });
});
