import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAllClients, forgetClient, recentClient } from '#adapters/recentClients.ts';

afterEach(() => {
  forgetAllClients();
  vi.unstubAllEnvs();
});

const loader = () => {
  let version = 0;
  return vi.fn(async (id: string) => ({ id, version: ++version }));
};

describe('recentClient', () => {
  it('reads a client once within the window and again after it', async () => {
    vi.stubEnv('CLIENT_CACHE_SECONDS', '5');
    const load = loader();
    const t0 = 1_000_000;
    expect(await recentClient('a', load, t0)).toEqual({ id: 'a', version: 1 });
    expect(await recentClient('a', load, t0 + 4_999)).toEqual({ id: 'a', version: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    // A disabled client is refused at the latest one window after the change.
    expect(await recentClient('a', load, t0 + 5_000)).toEqual({ id: 'a', version: 2 });
  });

  it('shares one read between concurrent callers', async () => {
    const load = loader();
    const [x, y] = await Promise.all([recentClient('b', load), recentClient('b', load)]);
    expect(x).toBe(y);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a client this process changed', async () => {
    const load = loader();
    await recentClient('c', load);
    forgetClient('c');
    expect(await recentClient('c', load)).toEqual({ id: 'c', version: 2 });
  });

  it('never remembers an unknown client or a failed read', async () => {
    const missing = vi.fn(async () => undefined);
    await recentClient('d', missing);
    await recentClient('d', missing);
    expect(missing).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => {
      throw new Error('throttled');
    });
    await expect(recentClient('e', failing)).rejects.toThrow('throttled');
    await expect(recentClient('e', failing)).rejects.toThrow('throttled');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('reads every time when turned off with CLIENT_CACHE_SECONDS=0', async () => {
    vi.stubEnv('CLIENT_CACHE_SECONDS', '0');
    const load = loader();
    await recentClient('f', load);
    await recentClient('f', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
