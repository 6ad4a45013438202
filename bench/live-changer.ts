import { loadConfig } from '../src/config/config';
import { createPlatform } from '../src/platform';
import { createServices } from '../src/services';
import { checkTools } from '../src/app';
import { changedName } from './live-plan';

/**
 * Makes the bench's changes from a process of its own, as a worker makes its state changes:
 * through the domain (a rename, which writes the record and publishes its new snapshot), on
 * the server's Redis. Change k renames voice k mod `voices`, at `perSecond` changes a second
 * on a fixed schedule, so the API process under test only receives and delivers them.
 * Driven by IPC: `create` makes the voices, `run` makes the changes and reports.
 */

export type ChangerRequest =
  | { type: 'create'; partner: string; voicePrefix: string; voices: number }
  | { type: 'run'; partner: string; voicePrefix: string; voices: number; perSecond: number; seconds: number };

export interface ChangerReport {
  type: 'done';
  made: number;
  failed: number;
  firstFailure?: string;
  /** The worst delay of a change behind its place in the schedule (ms). */
  worstSlipMs: number;
  seconds: number;
}

const now = () => performance.timeOrigin + performance.now();

const config = loadConfig(process.env);
const platform = await createPlatform(config);
const { voices } = createServices(config, platform, await checkTools(config));

async function create(partner: string, prefix: string, count: number): Promise<ChangerReport> {
  const started = performance.now();
  const report: ChangerReport = { type: 'done', made: 0, failed: 0, worstSlipMs: 0, seconds: 0 };
  const lanes = 50;
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const index = next++;
        try {
          await voices.create(partner, { name: `${prefix}${index}`, creatorName: 'Bench', creatorEmail: 'bench@example.com' });
          report.made++;
        } catch (error) {
          report.failed++;
          report.firstFailure ??= String(error);
        }
      }
    }),
  );
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

async function run(request: Extract<ChangerRequest, { type: 'run' }>): Promise<ChangerReport> {
  const names = Array.from({ length: request.voices }, (_, index) => `${request.voicePrefix}${index}`);
  const total = request.perSecond * request.seconds;
  const report: ChangerReport = { type: 'done', made: 0, failed: 0, worstSlipMs: 0, seconds: 0 };
  const inFlight = new Set<Promise<void>>();
  const start = now();
  let sent = 0;
  const change = (sequence: number) => {
    const voice = sequence % request.voices;
    const writtenAt = now();
    report.worstSlipMs = Math.max(report.worstSlipMs, writtenAt - (start + (sequence * 1000) / request.perSecond));
    const newName = changedName(`${request.voicePrefix}${voice}`, sequence, writtenAt);
    const done = voices.rename(request.partner, names[voice]!, newName).then(
      () => {
        names[voice] = newName;
        report.made++;
      },
      (error: unknown) => {
        report.failed++;
        report.firstFailure ??= String(error);
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  while (sent < total) {
    // Every change now due, then a short sleep: about a millisecond apart at 1,000 a second.
    const due = Math.min(total, Math.floor(((now() - start) * request.perSecond) / 1000) + 1);
    while (sent < due) change(sent++);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  report.seconds = (now() - start) / 1000;
  return report;
}

process.on('message', (request: ChangerRequest) => {
  const work = request.type === 'create' ? create(request.partner, request.voicePrefix, request.voices) : run(request);
  work.then(
    (report) => process.send!(report),
    (error: unknown) => process.send!({ type: 'done', made: 0, failed: 1, firstFailure: String(error), worstSlipMs: 0, seconds: 0 }),
  );
});
process.once('SIGTERM', () => {
  void platform.close().finally(() => process.exit(0));
});
process.send!({ type: 'started' });
