import { execFile } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FormData, request } from 'undici';
import { espeakAvailable, FFMPEG_PATH, makeRecording, renderLavfi } from '../test/support/audio';
import { Cleanup, get, processUsage, round, sleep, startService } from './support';

/* The splitting figures of the cost growth (bench/growth.ts): a long recording of speech split in each mode. */

const PARTNER = 'growth';
const RECORDING_MINUTES = 10;
const SPLIT_RUNS = 3;
const TARGETS = { splitTimesRealTime: { fixed: 100, curated: 50 } };
const SPLIT_MODES = ['fixed', 'curated'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** One split of the 10-minute recording: the median of SPLIT_RUNS. */
export interface SplitFigures {
  mode: SplitMode;
  audioMinutes: number;
  seconds: number;
  secondsPerMinute: number;
  timesRealTime: number;
  /** Server and ffmpeg CPU time: what one core would spend. */
  cpuSeconds: number;
  timesRealTimePerCpu: number;
  samples: number;
  status: string;
}

/** The split figures of the cost growth alone (`npm run bench -- split`): fixed and curated. */
export async function benchSplit(options: { log?: (line: string) => void } = {}): Promise<Record<SplitMode, SplitFigures>> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const split = await splitFigures(cleanup, log);
    log('\nSplitting');
    log('| figure | value | target |');
    log('|---|---|---|');
    reportSplit(split, log);
    return split;
  } finally {
    await cleanup.run();
  }
}

/**
 * Splitting is mostly ffmpeg, whose CPU time on this machine moves by a third between
 * identical runs; the median of three runs of each mode is the figure.
 */
export async function splitFigures(cleanup: Cleanup, log: (line: string) => void): Promise<Record<SplitMode, SplitFigures>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'persona-split-bench-'));
  cleanup.add(() => rm(dir, { recursive: true, force: true }));
  const recording = await speechRecording(dir, log);
  const figures: Partial<Record<SplitMode, SplitFigures>> = {};
  for (const mode of SPLIT_MODES) {
    const splits = [];
    for (let run = 0; run < SPLIT_RUNS; run++) splits.push(await splitRecording(cleanup, log, recording, mode));
    figures[mode] = splits.sort((a, b) => a.cpuSeconds - b.cpuSeconds)[Math.floor(SPLIT_RUNS / 2)]!;
  }
  return figures as Record<SplitMode, SplitFigures>;
}

/**
 * Ten minutes of speech with pauses, as a voice recording has: sentences spoken by espeak-ng
 * with pauses of 0.5-1.2 s and a longer one, looped, as 44.1 kHz WAV (a tone with a pause
 * every few seconds when espeak-ng is missing).
 */
async function speechRecording(dir: string, log: (line: string) => void): Promise<string> {
  const file = path.join(dir, 'recording.wav');
  const seconds = RECORDING_MINUTES * 60;
  if (!(await espeakAvailable())) {
    log('growth bench: espeak-ng is missing, so the split recording is a tone with pauses');
    await renderLavfi(file, `aevalsrc='0.5*sin(2*PI*220*t)*lt(mod(t\\,4)\\,3)':s=44100:d=${seconds}`, { sampleRate: 44_100 });
    return file;
  }
  const block = path.join(dir, 'block.wav');
  await makeRecording(block, [
    { speech: 'Good morning, and welcome to the weekly update from the research team.' },
    { silence: 0.8 },
    { speech: 'Today we will talk about the progress on the new recording studio.' },
    { silence: 0.5 },
    { speech: 'The microphones arrived on Tuesday, and the acoustic panels are almost finished.' },
    { silence: 1.2 },
    { speech: 'Several people asked how long a voice sample should be for a good clone.' },
    { silence: 0.6 },
    { speech: 'The short answer is that clean speech matters far more than length.' },
    { silence: 2.5 },
    { speech: 'Please speak naturally, at a steady distance from the microphone.' },
    { silence: 0.7 },
  ]);
  await promisify(execFile)(FFMPEG_PATH, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    block,
    '-t',
    String(seconds),
    '-ar',
    '44100',
    file,
  ]);
  return file;
}

/**
 * The 10-minute recording uploaded to a server with one worker, split in `mode`; the clock
 * runs from the upload's answer to the end of splitting.
 */
async function splitRecording(cleanup: Cleanup, log: (line: string) => void, file: string, mode: SplitMode): Promise<SplitFigures> {
  const service = await startService(cleanup, { label: `growth-split-${mode}`, partner: PARTNER, env: { ROLE: 'all', WORKER_CONCURRENCY: '1' } });
  const seconds = RECORDING_MINUTES * 60;
  const form = new FormData();
  form.append('name', 'long-recording');
  form.append('split_mode', mode);
  form.append('file', await openAsBlob(file, { type: 'audio/wav' }), 'recording.wav');
  const created = await request(`${service.server.url}/api/voices/${PARTNER}`, { method: 'POST', headers: { 'x-api-key': service.apiKey }, body: form });
  const createdBody = await created.body.text();
  if (created.statusCode !== 201) throw new Error(`recording upload: ${created.statusCode} ${createdBody.slice(0, 300)}`);
  const started = performance.now();
  const before = processUsage(service.server.pid);
  let voice: { status: { splitting: string }; samples: unknown[] };
  for (;;) {
    voice = JSON.parse(await get(service, `/api/voices/${PARTNER}/long-recording`)) as typeof voice;
    if (voice.status.splitting !== 'in_progress') break;
    if (performance.now() - started > 600_000) throw new Error('splitting did not end within 10 minutes');
    // Not more often: the polls' own CPU is counted with the split's.
    await sleep(250);
  }
  const elapsed = (performance.now() - started) / 1000;
  const after = processUsage(service.server.pid);
  const cpuSeconds = after.cpuSeconds + after.childCpuSeconds - before.cpuSeconds - before.childCpuSeconds;
  await service.server.stop();
  const figures = {
    mode,
    audioMinutes: RECORDING_MINUTES,
    seconds: elapsed,
    secondsPerMinute: elapsed / RECORDING_MINUTES,
    timesRealTime: seconds / elapsed,
    cpuSeconds,
    timesRealTimePerCpu: seconds / cpuSeconds,
    samples: voice.samples.length,
    status: voice.status.splitting,
  };
  log(
    `growth bench: ${RECORDING_MINUTES}-minute recording split (${mode}) in ${round(elapsed, 2)} s, ${round(cpuSeconds, 2)} CPU-s (${voice.status.splitting}, ${voice.samples.length} samples)`,
  );
  return figures;
}

const check = (ok: boolean) => (ok ? '✓' : '✗');

export function reportSplit(figures: Record<SplitMode, SplitFigures>, log: (line: string) => void): void {
  for (const split of Object.values(figures)) {
    const target = TARGETS.splitTimesRealTime[split.mode];
    log(
      `| splitting a ${split.audioMinutes}-minute recording of speech, ${split.mode} (one worker), CPU of server and ffmpeg, median of ${SPLIT_RUNS} runs | ${round(split.cpuSeconds / split.audioMinutes, 2)} CPU-s per audio minute, ${round(split.timesRealTimePerCpu, 0)}× real time on one core; wall ${round(split.secondsPerMinute, 2)} s per minute, ${round(split.timesRealTime, 0)}× (${split.status}, ${split.samples} samples) | ≥ ${target}× on one core ${check(split.timesRealTimePerCpu >= target)} |`,
    );
  }
}
