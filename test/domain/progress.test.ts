import { describe, expect, it } from 'vitest';
import { throttledProgress, withProgress, type Progress, type ProgressClock } from '../../src/domain/shared/progress';

/** A clock the test moves by hand, so the throttle is checked by counts, never by speed. */
function manualClock() {
  let time = 0;
  let tasks: { at: number; task: () => void }[] = [];
  const clock: ProgressClock = {
    now: () => time,
    schedule(task, ms) {
      const entry = { at: time + ms, task };
      tasks.push(entry);
      return () => {
        tasks = tasks.filter((other) => other !== entry);
      };
    },
  };
  const advance = (ms: number) => {
    time += ms;
    for (const entry of tasks.filter((candidate) => candidate.at <= time)) {
      tasks = tasks.filter((other) => other !== entry);
      entry.task();
    }
  };
  return { clock, advance };
}

/** Progress as written, with the clock time each was sent at (its updatedAt), and how often it was cleared. */
function recordingWrites() {
  const written: Progress[] = [];
  const log: (number | 'cleared')[] = [];
  return {
    written,
    log,
    sentAt: () => written.map((progress) => Date.parse(progress.updatedAt)),
    write: async (progress: Progress | null) => {
      if (progress) written.push(progress);
      log.push(progress ? progress.done : 'cleared');
    },
  };
}

/** Lets the chained writes run; they are promise callbacks, not timers. */
const writesLand = () => new Promise((resolve) => setImmediate(resolve));

describe('the progress throttle', () => {
  it('writes at most once per interval, always the newest report, and sends the last one on flush', async () => {
    const { clock, advance } = manualClock();
    const writes = recordingWrites();
    const reporter = throttledProgress(writes.write, { intervalMs: 250, clock });

    // 1,000 reports, one every millisecond: one second of a busy job.
    for (let done = 1; done <= 1000; done++) {
      reporter.report('splitting', done, 1000);
      advance(1);
    }
    await reporter.flush();

    const sentAt = writes.sentAt();
    for (let start = 0; start <= 1000; start += 250) {
      expect(sentAt.filter((at) => at >= start && at < start + 250).length).toBeLessThanOrEqual(1);
    }
    expect(writes.written.length).toBeLessThanOrEqual(6);
    expect(writes.written[0]).toMatchObject({ stage: 'splitting', done: 1, total: 1000 });
    expect(writes.written.at(-1)).toMatchObject({ done: 1000, total: 1000 });
    const dones = writes.written.map((progress) => progress.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
  });

  it('sends a report that waits once its interval ends, without any later report', async () => {
    const { clock, advance } = manualClock();
    const writes = recordingWrites();
    const reporter = throttledProgress(writes.write, { intervalMs: 250, clock });
    reporter.report('converting', 0, 10);
    reporter.report('transcribing', 0, null);
    await writesLand();
    expect(writes.written.map((progress) => progress.stage)).toEqual(['converting']);
    advance(249);
    await writesLand();
    expect(writes.written).toHaveLength(1);
    advance(1);
    await writesLand();
    expect(writes.written.map((progress) => progress.stage)).toEqual(['converting', 'transcribing']);
    await reporter.stop();
  });

  it('drops what waits on stop, and ignores reports after flush or stop', async () => {
    const { clock, advance } = manualClock();
    const writes = recordingWrites();
    const reporter = throttledProgress(writes.write, { intervalMs: 250, clock });
    reporter.report('draft', 0, 2);
    reporter.report('draft', 1, 2);
    await reporter.stop();
    reporter.report('final', 2, 2);
    advance(1000);
    await writesLand();
    expect(writes.written.map((progress) => progress.done)).toEqual([0]);
  });

  it('lets a job finish only after its progress writes have landed, and never fails the job for progress', async () => {
    const { clock } = manualClock();
    const order: string[] = [];
    let release!: () => void;
    const slowWrite = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reporter = throttledProgress(
      async (progress) => {
        await slowWrite;
        order.push(`progress ${progress?.done}`);
        if (progress?.done === 2) throw new Error('Redis hiccup');
      },
      { intervalMs: 250, clock },
    );
    const finished = withProgress(reporter, async (progress) => {
      progress.report('embedding', 1, 2);
      progress.report('embedding', 2, 2);
      return 'result';
    }).then((result) => order.push(`final ${result}`));
    release();
    await finished;
    expect(order).toEqual(['progress 1', 'progress 2', 'final result']);
  });

  it('clears what a failed attempt wrote, after its last write, so the next one starts with none', async () => {
    const { clock } = manualClock();
    const writes = recordingWrites();
    const reporter = throttledProgress(writes.write, { intervalMs: 250, clock });
    const attempt = withProgress(reporter, async (progress) => {
      progress.report('transcribing', 30, 60);
      progress.report('transcribing', 45, 60);
      throw new Error('Speech-to-text request failed: HTTP 503');
    });
    await expect(attempt).rejects.toThrow('HTTP 503');
    expect(writes.log).toEqual([30, 'cleared']);
  });
});
