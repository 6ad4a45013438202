import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { makeTempDir, removeDir } from '../support/audio';
import { conversationTurns, labelSwaps, makeConversation, makeSpeakerSample } from '../support/conversation';
import { registerOf, startDiarizingServer, type DiarizingServer } from '../support/diarizing-server';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface Utterance {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

interface TranscriptBody {
  id: string;
  status: string;
  text?: string;
  error?: string;
  words?: unknown[];
  utterances?: Utterance[];
  speakers?: { label: string; voice: string | null; speaking_time: number }[];
}

/** 150 s of conversation in segments of at most 30 s: five or more requests, each but the first naming the speakers found. */
const SECONDS = 150;

let app: TestApp;
let diarizer: DiarizingServer;
let plain: OpenAiCompatibleServer;
let dir: string;
let call: RestClient;
let ws: Client;
let recording: string;
let key: string;

const LiveUtterances = graphql(`
  subscription LiveUtterances($id: ID!) {
    transcriptUpdated(id: $id) {
      status
      utterances {
        speaker
        start
        end
        text
      }
    }
  }
`);

const SpeakerFields = graphql(`
  query SpeakerFields($id: ID!) {
    transcript(id: $id) {
      speakerLabels
      speakersExpected
      speakerVoices
      utterances {
        speaker
        start
        text
      }
      speakers {
        label
        speakingTime
        voice {
          name
          partner
        }
      }
      paragraphs {
        speaker
        text
      }
      captions(format: SRT, speakerLabels: true)
    }
  }
`);

beforeAll(async () => {
  dir = await makeTempDir('speaker-labels-');
  diarizer = await startDiarizingServer();
  plain = await startOpenAiCompatibleServer({ recognition: 'tones' });
  app = await startTestApp({
    ASR_BASE_URL: plain.baseUrl,
    ASR_DIARIZE_BASE_URL: diarizer.baseUrl,
    ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
    ASR_MAX_SEGMENT_SECONDS: '30',
  });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  ws = wsClient(app.url, key);
  recording = await makeConversation(join(dir, 'conversation.flac'), SECONDS);
});

afterAll(async () => {
  await ws?.dispose();
  await app?.close();
  await diarizer?.close();
  await plain?.close();
  await removeDir(dir);
});

async function submit(fields: Record<string, string | string[]>, path = recording): Promise<string> {
  const response = await call('POST', '/v2/transcript', { form: await multipart(fields, { audio: { path, filename: 'conversation.flac' } }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as TranscriptBody).id;
}

async function finished(id: string): Promise<TranscriptBody> {
  const answer = await waitFor(
    () => call('GET', id),
    (current) => ['completed', 'error'].includes((current.body as TranscriptBody).status),
  );
  return answer.body as TranscriptBody;
}

/** Every utterance is one speaker's: all its words in one register. */
function expectSingleSpeakerUtterances(utterances: readonly Utterance[]) {
  for (const utterance of utterances) {
    const registers = new Set(utterance.text.split(/\s+/).map((word) => registerOf({ text: word })));
    expect(registers.size, utterance.text).toBe(1);
  }
}

describe('a two-speaker recording in segments', () => {
  let body: TranscriptBody;
  let live: Utterance[][];
  let requestsBefore: number;

  beforeAll(async () => {
    requestsBefore = diarizer.requests.length;
    const id = await submit({ speaker_labels: 'true', speakers_expected: '2' });
    const events = (await subscribe(ws, LiveUtterances, { id }).untilComplete(120_000)).map(
      (event) => event.transcriptUpdated as { status: string; utterances?: Utterance[] | null },
    );
    live = events.filter((event) => event.status === 'PROCESSING' && event.utterances).map((event) => event.utterances!);
    body = await finished(id);
  }, 120_000);

  it('labels every utterance with one speaker, and keeps the labels across every segment', () => {
    expect(body.status, body.error).toBe('completed');
    const utterances = body.utterances!;
    expect(utterances.length).toBeGreaterThan(20);
    expectSingleSpeakerUtterances(utterances);
    expect(labelSwaps(utterances, SECONDS)).toBe(0);
    expect(new Set(utterances.map((utterance) => utterance.speaker))).toEqual(new Set(['A', 'B']));
    // The first turn is the low speaker's, heard first: A.
    expect(utterances[0]!.speaker).toBe('A');
    expect(registerOf({ text: utterances[0]!.text.split(' ')[0]! })).toBe('low');
  });

  it('names the speakers found so far in every request after the first, within OpenAI limits', () => {
    const requests = diarizer.requests.slice(requestsBefore);
    expect(requests.length).toBeGreaterThanOrEqual(5);
    expect(requests[0]!.knownSpeakerNames).toEqual([]);
    for (const request of requests.slice(1)) {
      expect(request.knownSpeakerNames.length).toBeGreaterThanOrEqual(1);
      expect(request.knownSpeakerNames.length).toBeLessThanOrEqual(4);
    }
    expect(requests.at(-1)!.knownSpeakerNames).toEqual(['speaker A', 'speaker B']);
    expect(requests.at(-1)!.referenceRegisters).toEqual(['low', 'high']);
    for (const request of requests) {
      expect(request).toMatchObject({ model: 'gpt-4o-transcribe-diarize', responseFormat: 'diarized_json', chunkingStrategy: 'auto', language: 'en' });
    }
    expect(diarizer.refused).toEqual([]);
  });

  it('lists the speakers with their speaking time', () => {
    const turns = conversationTurns(SECONDS);
    const spoken = (register: string) => turns.filter((turn) => turn.register === register).length;
    expect(body.speakers!.map(({ label, voice }) => ({ label, voice }))).toEqual([
      { label: 'A', voice: null },
      { label: 'B', voice: null },
    ]);
    const [a, b] = body.speakers!;
    // Each sentence is 1.8 s of sound; turns of several sentences also hold the pauses between them.
    expect(a!.speaking_time).toBeGreaterThanOrEqual(spoken('low') * 1800 * 0.9);
    expect(b!.speaking_time).toBeGreaterThanOrEqual(spoken('high') * 1800 * 0.9);
    expect(a!.speaking_time + b!.speaking_time).toBe(body.utterances!.reduce((sum, utterance) => sum + utterance.end - utterance.start, 0));
  });

  it('pushes each segment’s utterances as it completes, labelled as they stay', () => {
    expect(live.length).toBeGreaterThanOrEqual(2);
    const final = body.utterances!;
    for (const partial of live) {
      expect(partial.length).toBeLessThanOrEqual(final.length);
      expect(partial.map((utterance) => utterance.speaker)).toEqual(final.slice(0, partial.length).map((utterance) => utterance.speaker));
    }
    expect(live[0]!.length).toBeLessThan(final.length);
  });

  it('captions each speaker apart, and starts each caption with its speaker', async () => {
    const srt = await call('GET', `${body.id}/srt?speaker_labels=true&chars_per_caption=40`);
    expect(srt.status).toBe(200);
    const cues = srt.bytes.toString().trim().split(/\n\n/);
    expect(cues.length).toBeGreaterThanOrEqual(body.utterances!.length);
    for (const cue of cues) {
      const match = /^\d+\n[\d:,]+ --> [\d:,]+\n(A|B): (.+)$/.exec(cue);
      expect(match, cue).not.toBeNull();
      expect(new Set(match![2]!.split(' ').map((word) => registerOf({ text: word }))).size).toBe(1);
    }
    const vtt = await call('GET', `${body.id}/vtt?speaker_labels=true`);
    expect(vtt.bytes.toString()).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> [\d:.]+\n<v A>Alpha/);
    const unlabelled = await call('GET', `${body.id}/srt`);
    expect(unlabelled.bytes.toString()).not.toMatch(/^(A|B): /m);
  });

  it('breaks paragraphs where the speaker changes, and names the speaker', async () => {
    const answer = await call('GET', `${body.id}/paragraphs`);
    expect(answer.status).toBe(200);
    const paragraphs = (answer.body as { paragraphs: { speaker: string; text: string }[] }).paragraphs;
    expect(paragraphs.map((paragraph) => paragraph.speaker)).toEqual(body.utterances!.map((utterance) => utterance.speaker));
    expect(paragraphs.map((paragraph) => paragraph.text)).toEqual(body.utterances!.map((utterance) => utterance.text));
  });

  it('gives the same through GraphQL', async () => {
    const answer = await execute(app.url, key, SpeakerFields, { id: body.id });
    const transcript = answer.data!.transcript;
    expect(transcript).toMatchObject({ speakerLabels: true, speakersExpected: 2, speakerVoices: [] });
    expect(transcript.utterances!.map((utterance) => utterance.speaker)).toEqual(body.utterances!.map((utterance) => utterance.speaker));
    expect(transcript.speakers).toEqual([
      { label: 'A', speakingTime: body.speakers![0]!.speaking_time, voice: null },
      { label: 'B', speakingTime: body.speakers![1]!.speaking_time, voice: null },
    ]);
    expect(transcript.paragraphs![0]!.speaker).toBe('A');
    expect(transcript.captions).toMatch(/^1\n[\d:,]+ --> [\d:,]+\nA: /);
  });
});

describe('speaker voices', () => {
  beforeAll(async () => {
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ada' }) })).status).toBe(201);
    const sample = await makeSpeakerSample(join(dir, 'ada.wav'), 'low', 6);
    expect((await call('POST', '/api/voices/acme/Ada/samples', { form: await multipart({}, { file: { path: sample, filename: 'ada.wav' } }) })).status).toBe(
      201,
    );
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Silent' }) })).status).toBe(201);
    const other = restClient(app.url, await app.createKey('globex'));
    expect((await other('POST', '/api/voices/globex/empty', { form: await multipart({ name: 'Zed' }) })).status).toBe(201);
  });

  it('names the speaker of a voice from the first segment on, by its sample', async () => {
    const requestsBefore = diarizer.requests.length;
    const body = await finished(await submit({ speaker_labels: 'true', 'speaker_voices[]': 'Ada' }));
    expect(body.status, body.error).toBe('completed');
    expectSingleSpeakerUtterances(body.utterances!);
    expect(labelSwaps(body.utterances!, SECONDS)).toBe(0);
    expect(body.utterances![0]!.speaker).toBe('Ada');
    expect(body.speakers!.map(({ label, voice }) => ({ label, voice }))).toEqual([
      { label: 'Ada', voice: 'Ada' },
      { label: 'A', voice: null },
    ]);
    const requests = diarizer.requests.slice(requestsBefore);
    expect(requests[0]!.knownSpeakerNames).toEqual(['Ada']);
    expect(requests[0]!.referenceRegisters).toEqual(['low']);
    expect(requests.at(-1)!.knownSpeakerNames).toEqual(['Ada', 'speaker A']);

    const answer = await execute(app.url, key, SpeakerFields, { id: body.id });
    expect(answer.data!.transcript.speakers![0]!.voice).toEqual({ name: 'Ada', partner: 'acme' });
    expect(answer.data!.transcript.speakerVoices).toEqual(['Ada']);
  }, 120_000);

  it.each([
    [{ speaker_labels: 'true', speaker_voices: 'Nobody' }, 'speaker_voices', /no voice named "Nobody"/],
    [{ speaker_labels: 'true', speaker_voices: 'Zed' }, 'speaker_voices', /no voice named "Zed"/],
    [{ speaker_labels: 'true', speaker_voices: 'Silent' }, 'speaker_voices', /must name a voice with samples/],
    [{ speaker_voices: 'Ada' }, 'speaker_voices', /requires speaker_labels/],
    [{ speaker_labels: 'true', 'speaker_voices[]': ['Ada', 'B', 'C', 'D', 'E'] }, 'speaker_voices', /not have more than 4/],
    [{ speaker_labels: 'maybe' }, 'speaker_labels', /must be true or false/],
    [{ speaker_labels: 'true', speakers_expected: '11' }, 'speakers_expected', /not be greater than 10/],
    [{ speaker_labels: 'true', speakers_expected: '0' }, 'speakers_expected', /at least 1/],
  ])('refuses %j with a 422 naming %s', async (fields, param, message) => {
    const response = await call('POST', '/v2/transcript', { form: await multipart(fields, { audio: { path: recording, filename: 'conversation.flac' } }) });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('The given data was invalid.');
    expect(Object.keys(response.body.errors)).toEqual([param]);
    expect(response.body.errors[param].join(' ')).toMatch(message);
  });

  it('takes the same parameters as JSON', async () => {
    const refused = await call('POST', '/v2/transcript', {
      json: { audio_url: 'https://example.com/a.mp3', speaker_labels: true, speaker_voices: ['Ada', 'Ada'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.speaker_voices).toEqual(['The speaker voices field must not name a voice twice.']);
  });
});

describe('without speaker_labels', () => {
  it('answers the body of today: no utterances, no speakers, no speaker on words', async () => {
    const body = await finished(await submit({}));
    expect(body.status).toBe('completed');
    expect(Object.keys(body).sort()).toEqual(['audio_duration', 'id', 'status', 'text', 'words']);
    expect(JSON.stringify(body.words)).not.toContain('speaker');
    const captions = await call('GET', `${body.id}/srt?speaker_labels=true`);
    expect(captions.status).toBe(400);
    expect(captions.body.error).toMatch(/no speaker labels/);
  }, 60_000);
});

describe('without a diarizing engine', () => {
  it('fails a speaker_labels transcript with a reason naming ASR_DIARIZE_MODEL', async () => {
    const bare = await startTestApp({ ASR_BASE_URL: plain.baseUrl });
    try {
      const bareCall = restClient(bare.url, await bare.createKey('acme'));
      const short = await makeConversation(join(dir, 'short.wav'), 10);
      const submitted = await bareCall('POST', '/v2/transcript', {
        form: await multipart({ speaker_labels: 'true' }, { audio: { path: short, filename: 'short.wav' } }),
      });
      expect(submitted.status).toBe(200);
      const failed = await waitFor(
        () => bareCall('GET', submitted.body.id),
        (answer) => answer.body.status !== 'queued' && answer.body.status !== 'processing',
      );
      expect(failed.body).toEqual({
        id: submitted.body.id,
        status: 'error',
        error: 'The speaker-labelling speech-to-text engine is not configured (set ASR_DIARIZE_MODEL)',
      });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
