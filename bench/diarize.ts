import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { FormData, request } from 'undici';
import { conversationTurns, labelSwaps, makeConversation } from '../test/support/conversation';
import { OPENAI_MAX_REQUEST_BYTES, startDiarizingServer } from '../test/support/diarizing-server';
import { Cleanup, finishedTranscript, round, startService } from './support';

const PARTNER = 'bench';

/**
 * Two hours of a two-person conversation (test/support/conversation.ts: turns of one to four
 * sentences, either speaker first in different stretches) through the diarizing stand-in
 * (test/support/diarizing-server.ts), which holds OpenAI's 25 MB and 4-reference limits,
 * labels each request on its own as OpenAI does, and takes 25 ms per second of audio it hears.
 */
const SECONDS = 7200;
const ENGINE_MS_PER_AUDIO_SECOND = 25;
const TARGET_OVERHEAD_PERCENT = 10;

export interface DiarizeFigures {
  recordingMiB: number;
  segments: number;
  mostReferences: number;
  utterances: number;
  turnsInRecording: number;
  labels: string[];
  labelSwaps: number;
  wallSeconds: number;
  engineSeconds: number;
  overheadPercent: number;
}

export async function benchDiarize(options: { log?: (line: string) => void; seconds?: number } = {}): Promise<DiarizeFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seconds = options.seconds ?? SECONDS;
  const cleanup = new Cleanup();
  try {
    const engine = await startDiarizingServer({ maxRequestBytes: OPENAI_MAX_REQUEST_BYTES, msPerAudioSecond: ENGINE_MS_PER_AUDIO_SECOND });
    cleanup.add(() => engine.close());
    // Defaults for the ASR limits: OpenAI's 25 MB and 600 s segments; diarized segments go one at a time.
    const service = await startService(cleanup, {
      label: 'diarize',
      partner: PARTNER,
      env: { ROLE: 'all', ASR_BASE_URL: engine.baseUrl, ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize' },
    });
    log(`diarize bench: server pid ${service.server.pid}, rendering ${seconds / 3600} h of a two-person conversation`);
    const recording = await makeConversation(path.join(service.dataDir, 'conversation.flac'), seconds);
    const { size } = await stat(recording);

    const form = new FormData();
    form.append('speaker_labels', 'true');
    form.append('audio', await openAsBlob(recording, { type: 'audio/flac' }), 'conversation.flac');
    const submitted = await request(`${service.server.url}/v2/transcript`, { method: 'POST', headers: { 'x-api-key': service.apiKey }, body: form });
    const submittedBody = (await submitted.body.json()) as { id: string };
    if (submitted.statusCode !== 200) throw new Error(`upload: ${submitted.statusCode} ${JSON.stringify(submittedBody)}`);
    const started = Date.now();
    const done = await finishedTranscript<{
      status: string;
      error?: string;
      utterances?: { speaker: string; start: number; end: number }[];
      speakers?: { label: string }[];
    }>(service, submittedBody.id);
    const wallSeconds = (Date.now() - started) / 1000;
    if (done.status !== 'completed') throw new Error(`transcript failed: ${done.error}`);
    if (engine.refused.length > 0) throw new Error(`the engine refused requests: ${JSON.stringify(engine.refused)}`);
    // One request at a time: the engine's own time is the sum of its requests' times.
    const engineSeconds = engine.requests.reduce((sum, entry) => sum + entry.busyMs, 0) / 1000;
    const turns = conversationTurns(seconds);
    const figures: DiarizeFigures = {
      recordingMiB: size / 1024 / 1024,
      segments: engine.requests.length,
      mostReferences: Math.max(...engine.requests.map((entry) => entry.knownSpeakerNames.length)),
      utterances: done.utterances?.length ?? 0,
      turnsInRecording: turns.filter((turn, index) => index === 0 || turn.register !== turns[index - 1]!.register).length,
      labels: (done.speakers ?? []).map((speaker) => speaker.label),
      labelSwaps: labelSwaps(done.utterances ?? [], seconds),
      wallSeconds,
      engineSeconds,
      overheadPercent: ((wallSeconds - engineSeconds) / engineSeconds) * 100,
    };
    report(figures, seconds, log);
    return figures;
  } finally {
    await cleanup.run();
  }
}

function report(figures: DiarizeFigures, seconds: number, log: (line: string) => void): void {
  const met = figures.overheadPercent <= TARGET_OVERHEAD_PERCENT;
  log(`\nSpeaker labels: ${seconds / 3600} h of two speakers through a diarizing engine with OpenAI’s 25 MB and 4-reference limits`);
  log('| figure | value | target |');
  log('|---|---|---|');
  log(`| recording | ${round(figures.recordingMiB)} MiB FLAC (8 kHz), ${seconds} s | |`);
  log(`| segments sent (in order) | ${figures.segments}, at most ${figures.mostReferences} references each | none refused |`);
  log(`| utterances / speaker turns in the recording | ${figures.utterances} / ${figures.turnsInRecording} | equal |`);
  log(`| labels | ${figures.labels.join(', ')} | 2 |`);
  log(`| label swaps across segments | ${figures.labelSwaps} | 0 |`);
  log(`| engine's own time | ${round(figures.engineSeconds)} s | |`);
  log(`| wall time, upload answered → completed | ${round(figures.wallSeconds)} s | |`);
  log(`| overhead | ${round(figures.overheadPercent)} % | ≤ ${TARGET_OVERHEAD_PERCENT} % ${met ? 'met' : 'NOT met'} |`);
}
