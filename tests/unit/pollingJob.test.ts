import { describe, expect, it } from 'vitest';
import { startPollingJob } from '../../server/services/pollingJob';

// server/services/pollingJob.ts: the embedding worker's and the inquiry grouping's polling.
const until = async (done: () => boolean, timeoutMs = 5_000) => {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('a polling job', () => {
  it('goes again at once while a pass says more is waiting, then waits its interval', async () => {
    const results = [16, 16, 3];
    let passes = 0;
    const job = startPollingJob({
      pass: async () => {
        passes += 1;
        return results.shift() ?? 0;
      },
      goAgain: (done) => done >= 16,
      intervalMs: 60_000,
      onFailure: () => undefined,
    });
    // the second and third passes follow at once; the fourth would wait a minute after the third's 3
    await until(() => passes === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(3);
    await job.stop();
  });

  it('backs off after failures, doubling up to its cap, and starts over after a success', async () => {
    const delays: number[] = [];
    let calls = 0;
    const job = startPollingJob({
      pass: async () => {
        calls += 1;
        if (calls <= 4 || calls === 6) throw new Error(`provider down (${calls})`);
        return 0;
      },
      goAgain: () => false,
      intervalMs: 1,
      initialBackoffMs: 5,
      maxBackoffMs: 20,
      onFailure: (error, retryInMs) => {
        expect(error).toBeInstanceOf(Error);
        delays.push(retryInMs);
      },
    });
    await until(() => delays.length >= 5);
    await job.stop();
    expect(delays).toEqual([5, 10, 20, 20, 5]);
  });

  it('runs afterPass after each pass, and stopping aborts the pass in progress and waits for it', async () => {
    const after: number[] = [];
    let aborted = false;
    let finished = false;
    let started = false;
    const job = startPollingJob({
      pass: (signal) =>
        new Promise<number>((resolve) => {
          started = true;
          signal.addEventListener('abort', () => {
            aborted = true;
            setTimeout(() => {
              finished = true;
              resolve(7);
            }, 30);
          });
        }),
      goAgain: () => false,
      afterPass: async (result) => void after.push(result),
      intervalMs: 1,
      onFailure: () => undefined,
    });
    await until(() => started);
    await job.stop();
    expect(aborted).toBe(true);
    expect(finished).toBe(true);
    // a stopping job neither runs afterPass nor polls again
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(after).toEqual([]);
  });

  it('passes only when asked without autoStart, one at a time', async () => {
    let passes = 0;
    const job = startPollingJob({
      pass: async () => {
        passes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return passes;
      },
      goAgain: () => true,
      intervalMs: 1,
      onFailure: () => undefined,
      autoStart: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(0);
    const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect([first, second, passes]).toEqual([1, 1, 1]);
    await job.stop();
  });
});
