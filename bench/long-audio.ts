import { execFile } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { FormData, request } from 'undici';
import { FFMPEG_PATH, makeToneSpeech, toneSpeechWords, type ToneSpeech } from '../test/support/audio';
import { OPENAI_MAX_REQUEST_BYTES, startOpenAiCompatibleServer, type RecordedRequest } from '../test/support/openai-compatible-server';
import { Cleanup, finishedTranscript, collectGarbage, processUsage, round, sleep, startService } from './support';

const run = promisify(execFile);
const PARTNER = 'bench';

/**
 * Two hours of "speech" with four long silences, as a 96 kbps stereo MP3 of about 86 MB: a
 * talk as partners upload it. The engine stand-in (test/support/openai-compatible-server.ts)
 * has OpenAI's 25 MB limit and takes 25 ms per second of audio it hears (40 times real
 * time), so the engine's own time dominates as it does with a real one.
 */
const RECORDING: ToneSpeech = {
  seconds: 7200,
  silent: [
    [600, 660],
    [1800, 1890],
    [3600, 3720],
    [5400, 5430],
  ],
  sampleRate: 16_000,
};
const ENGINE_MS_PER_AUDIO_SECOND = 25;
const TARGET_OVERHEAD_PERCENT = 10;

export interface LongAudioFigures {
  recordingMiB: number;
  segments: number;
  audioSecondsSent: number;
  /** From the upload's answer to the transcript completed. */
  wallSeconds: number;
  /** Time during which the engine was working on at least one of the segments. */
  engineSeconds: number;
  overheadPercent: number;
  firstRequestSeconds: number;
  idleRssMiB: number;
  uploadPeakRssMiB: number;
  transcribePeakRssMiB: number;
  /** After a forced full collection, before the upload and after the transcript: what is kept, not what awaits collection. */
  idleAfterGcRssMiB: number;
  doneAfterGcRssMiB: number;
  wordsRight: boolean;
}

export async function benchLongAudio(options: { log?: (line: string) => void } = {}): Promise<LongAudioFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const engine = await startOpenAiCompatibleServer({
      recognition: 'tones',
      maxRequestBytes: OPENAI_MAX_REQUEST_BYTES,
      msPerAudioSecond: ENGINE_MS_PER_AUDIO_SECOND,
    });
    cleanup.add(() => engine.close());
    // Defaults for the ASR limits: OpenAI's 25 MB, 600 s segments, 4 at once.
    // The inspector (loopback, random port) only serves to force a garbage collection before memory is read.
    const service = await startService(cleanup, { label: 'long-audio', partner: PARTNER, inspect: true, env: { ROLE: 'all', ASR_BASE_URL: engine.baseUrl } });
    log(`long-audio bench: server pid ${service.server.pid}, rendering a ${RECORDING.seconds / 3600} h recording`);
    const recording = await renderRecording(path.join(service.dataDir, 'talk'));
    const { size } = await stat(recording);

    await sleep(1_000);
    const idleAfterGc = await collectGarbage(service.server);
    const idleRssKiB = processUsage(service.server.pid).rssKiB;
    let peakRssKiB = idleRssKiB;
    const sampler = setInterval(() => {
      peakRssKiB = Math.max(peakRssKiB, processUsage(service.server.pid).rssKiB);
    }, 20);
    cleanup.add(() => clearInterval(sampler));

    const form = new FormData();
    form.append('audio', await openAsBlob(recording, { type: 'audio/mpeg' }), 'talk.mp3');
    const submitted = await request(`${service.server.url}/v2/transcript`, { method: 'POST', headers: { 'x-api-key': service.apiKey }, body: form });
    const submittedBody = (await submitted.body.json()) as { id: string; status: string };
    if (submitted.statusCode !== 200) throw new Error(`upload: ${submitted.statusCode} ${JSON.stringify(submittedBody)}`);
    const uploadPeakRssKiB = peakRssKiB;
    peakRssKiB = processUsage(service.server.pid).rssKiB;
    const started = Date.now();

    const done = await finishedTranscript<{ status: string; error?: string; words?: { text: string }[] }>(service, submittedBody.id);
    const wallSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    if (done.status !== 'completed') throw new Error(`transcript failed: ${done.error}`);
    const doneAfterGc = await collectGarbage(service.server);

    const sent = engine.requests.filter((entry) => entry.endpoint === 'transcriptions');
    const engineSeconds = busySeconds(sent);
    const expected = toneSpeechWords(RECORDING).map((word) => word.text);
    const heard = (done.words ?? []).map((word) => word.text.toLowerCase());
    const figures: LongAudioFigures = {
      recordingMiB: size / 1024 / 1024,
      segments: sent.length,
      audioSecondsSent: sent.reduce((sum, entry) => sum + (entry.audioSeconds ?? 0), 0),
      wallSeconds,
      engineSeconds,
      overheadPercent: ((wallSeconds - engineSeconds) / engineSeconds) * 100,
      firstRequestSeconds: (Math.min(...sent.map((entry) => entry.receivedAt ?? Number.POSITIVE_INFINITY)) - started) / 1000,
      idleRssMiB: idleRssKiB / 1024,
      uploadPeakRssMiB: uploadPeakRssKiB / 1024,
      transcribePeakRssMiB: peakRssKiB / 1024,
      idleAfterGcRssMiB: idleAfterGc.rssKiB / 1024,
      doneAfterGcRssMiB: doneAfterGc.rssKiB / 1024,
      wordsRight: heard.length === expected.length && heard.every((word, index) => word === expected[index]),
    };
    if (engine.refused.length > 0) throw new Error(`the engine refused ${engine.refused.length} requests as too large`);
    report(figures, log);
    return figures;
  } finally {
    await cleanup.run();
  }
}

/** The recording as an 86 MB MP3: rendered at 16 kHz (cheap), then encoded as a talk would be. */
async function renderRecording(base: string): Promise<string> {
  const wav = await makeToneSpeech(`${base}.wav`, RECORDING);
  const mp3 = `${base}.mp3`;
  await run(FFMPEG_PATH, ['-v', 'error', '-y', '-i', wav, '-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '96k', mp3]);
  return mp3;
}

/** The union of the requests' times at the engine: when it was working on at least one of them. */
function busySeconds(requests: readonly RecordedRequest[]): number {
  const spans = requests
    .filter((entry) => entry.receivedAt !== undefined && entry.answeredAt !== undefined)
    .map((entry) => [entry.receivedAt!, entry.answeredAt!] as const)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let until = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    if (to <= until) continue;
    busy += to - Math.max(from, until);
    until = to;
  }
  return busy / 1000;
}

function report(figures: LongAudioFigures, log: (line: string) => void): void {
  const met = figures.overheadPercent <= TARGET_OVERHEAD_PERCENT;
  log('\nLong audio: a 2-hour recording through an engine with OpenAI’s 25 MB limit');
  log('| figure | value | target |');
  log('|---|---|---|');
  log(`| recording | ${round(figures.recordingMiB)} MiB MP3, 7200 s, 4 silences (5.25 min) | |`);
  log(`| segments sent | ${figures.segments}, ${round(figures.audioSecondsSent, 0)} s of audio | each ≤ 25 MB, none refused |`);
  log(`| first request after upload | ${round(figures.firstRequestSeconds, 2)} s | |`);
  log(`| engine's own time (busy with ≥ 1 segment) | ${round(figures.engineSeconds)} s | |`);
  log(`| wall time, upload answered → completed | ${round(figures.wallSeconds)} s | |`);
  log(`| overhead | ${round(figures.overheadPercent)} % | ≤ ${TARGET_OVERHEAD_PERCENT} % ${met ? 'met' : 'NOT met'} |`);
  log(`| server RSS idle → peak during upload | ${round(figures.idleRssMiB)} → ${round(figures.uploadPeakRssMiB)} MiB | flat |`);
  log(`| server RSS peak while transcribing | ${round(figures.transcribePeakRssMiB)} MiB (streamed segments awaiting collection) | flat |`);
  log(`| server RSS after a full GC, idle → transcript done | ${round(figures.idleAfterGcRssMiB)} → ${round(figures.doneAfterGcRssMiB)} MiB | nothing kept |`);
  log(`| every word, in order | ${figures.wordsRight ? 'yes' : 'NO'} | yes |`);
}
