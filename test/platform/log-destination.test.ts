import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LineDestination } from '../../src/log-destination';
import { waitFor } from '../support/wait-for';

/**
 * The logger's output through real pipes: a reader (`sh`) that starts reading late, so lines
 * pile up while the pipe is full and the non-blocking descriptor answers EAGAIN.
 */
function lateReader(delaySeconds: number): { child: ChildProcessWithoutNullStreams; fd: number; received: () => string } {
  const child = spawn('sh', ['-c', `sleep ${delaySeconds}; cat`]);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const fd = (child.stdin as unknown as { _handle: { fd: number } })._handle.fd;
  return { child, fd, received: () => output };
}

const line = (n: number) => `${JSON.stringify({ n, text: 'x'.repeat(80), accent: 'é' })}\n`;

describe('the log destination', () => {
  it('delivers every line, whole and in order, to a reader that was behind', async () => {
    const reader = lateReader(0.5);
    const destination = new LineDestination(reader.fd);
    const count = 20_000;
    for (let n = 0; n < count; n++) destination.write(line(n));
    const lines = await waitFor(
      async () => reader.received().split('\n').filter(Boolean),
      (received) => received.length >= count,
      20_000,
    );
    expect(lines.map((each) => (JSON.parse(each) as { n: number }).n)).toEqual(Array.from({ length: count }, (_, n) => n));
    reader.child.kill();
  });

  it('keeps a bounded backlog for a reader that stopped, and says how many lines it dropped', async () => {
    const reader = lateReader(1);
    const destination = new LineDestination(reader.fd, 10_000);
    const count = 5_000;
    const kept = Array.from({ length: count }, (_, n) => destination.write(line(n))).filter(Boolean).length;
    expect(kept).toBeLessThan(count);
    const lines = await waitFor(
      async () => reader.received().split('\n').filter(Boolean),
      (received) => received.some((each) => each.includes('log lines dropped')),
      20_000,
    );
    const numbered = lines.map((each) => JSON.parse(each) as { n?: number; dropped?: number });
    const delivered = numbered.filter((each) => each.n !== undefined).map((each) => each.n!);
    // What was delivered is in order, and what was not is counted.
    expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
    expect(delivered).toHaveLength(kept);
    expect(numbered.find((each) => each.dropped !== undefined)?.dropped).toBe(count - kept);
    reader.child.kill();
  });

  it('makes one write per batch window under a steady stream of lines, not one per line or two', async () => {
    // A prompt reader (cat blocks in read) gets each whole write as a chunk of its own, or several together.
    const reader = spawn('cat');
    let chunks = 0;
    let output = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      chunks += 1;
      output += chunk;
    });
    const destination = new LineDestination((reader.stdin as unknown as { _handle: { fd: number } })._handle.fd);
    const started = performance.now();
    let written = 0;
    // A line every 50 µs for 250 ms (20,000 a second), as a busy server logs its requests,
    // turning the event loop in between. At that pace a 5 ms batch (about 100 lines of 110
    // bytes) stays well inside a pipe's 64 KiB, so the reader gets each write in one piece and
    // counting chunks counts writes. (A line on every turn made batches near 64 KiB, which a
    // reader under load took in pieces.)
    let lastLineAt = Number.NEGATIVE_INFINITY;
    await new Promise<void>((resolve) => {
      const next = () => {
        const now = performance.now();
        if (now - lastLineAt >= 0.05) {
          destination.write(line(written++));
          lastLineAt = now;
        }
        if (now - started < 250) setImmediate(next);
        else resolve();
      };
      next();
    });
    const elapsed = performance.now() - started;
    await waitFor(
      async () => output.split('\n').filter(Boolean).length,
      (received) => received >= written,
      10_000,
    );
    // Batches leave about 5 ms apart, however fast the writes complete (writing again as soon
    // as a write completed made 330 to 370 chunks here). The bound is looser than one per 5 ms:
    // a timer may fire a millisecond early.
    expect(chunks).toBeLessThanOrEqual(Math.ceil(elapsed / 2));
    // A batch carries tens of lines; writing as soon as the last write completed carried a few.
    expect(written).toBeGreaterThan(chunks * 25);
    reader.kill();
  });

  it('writes what is pending when the process exits at once', async () => {
    const program = [
      "import { LineDestination } from './src/log-destination.ts';",
      'const destination = new LineDestination(1);',
      "process.once('exit', () => destination.flushSync());",
      'for (let n = 0; n < 5000; n++) destination.write(`line ${n}\\n`);',
      'process.exit(0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program]);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await new Promise((resolve) => child.once('close', resolve));
    const lines = output.split('\n').filter(Boolean);
    // The batch already in flight may land after the ones written at exit: all arrive, once each.
    expect(lines).toHaveLength(5000);
    expect(new Set(lines)).toEqual(new Set(Array.from({ length: 5000 }, (_, n) => `line ${n}`)));
  });
});
