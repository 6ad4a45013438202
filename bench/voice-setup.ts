import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FormData, request } from 'undici';
import { makeSine } from '../test/support/audio';
import { Cleanup, startService, type NodeChild } from './support';

/*
 * The voice figures' service (subscribers, http and cpu of bench/run.ts): one voice with three
 * samples, the queries that read it and the REST change that publishes it.
 */
export const PARTNER = 'bench';
export const VOICE = 'bench-voice';
export const DETAIL_PATH = `/api/voices/${PARTNER}/${VOICE}`;

/**
 * What a run's server is given beyond the bench's needs: nothing (the defaults a user gets
 * from npm start), or the settings a busy deployment would tune.
 */
const SETTINGS = {
  defaults: {},
  tuned: { LOG_LEVEL: 'warn', RATE_LIMIT_BATCH: '100' },
} as const;
type Settings = keyof typeof SETTINGS;
export const describeSettings = (settings: Settings) => (settings === 'defaults' ? 'defaults' : 'tuned: LOG_LEVEL=warn, RATE_LIMIT_BATCH=100');

/** The GraphQL selection that carries exactly what the REST voice detail carries. */
const VOICE_DETAIL_FIELDS = `
  name originalFilename originalUploadedName originalDuration
  status { splitting embedding }
  splitting { error }
  embedding { error }
  samples { index sourceTimestamp duration }
  embeddingInfo {
    ttsType lastUpdateStatus lastUpdateTime
    testSamples { sampleIndex sentenceIndex filename }
    sampleScores { sampleIndex score }
  }
  embeddingType embeddingZipUrl preferredSampleIndex creatorName creatorEmail`;
export const VOICE_QUERY = `query Voice($partner: String!, $name: String!) { voice(partner: $partner, name: $name) { ${VOICE_DETAIL_FIELDS} } }`;
export const VOICE_SUBSCRIPTION = `subscription VoiceUpdated($partner: String!, $name: String!) { voiceUpdated(partner: $partner, name: $name) { ${VOICE_DETAIL_FIELDS} } }`;
export const VARIABLES = { partner: PARTNER, name: VOICE };

export interface Bench {
  settings: Settings;
  server: NodeChild;
  redis: { url: string; prefix: string };
  apiKey: string;
  changes: PreferredSampleChanges;
}

export const log = (line: string) => console.log(line);

/**
 * Real state changes through the REST API: the preferred sample cycles 0 → 1 → none, so
 * each PUT changes the record and publishes.
 */
class PreferredSampleChanges {
  private count = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** The value the next change sets. */
  peek(): number | null {
    return [0, 1, null][this.count % 3] ?? null;
  }

  async send(): Promise<void> {
    const index = this.peek();
    this.count++;
    const response = await request(`${this.baseUrl}${DETAIL_PATH}/preferred-sample`, {
      method: 'PUT',
      headers: { 'x-api-key': this.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: `sample_index=${index ?? ''}`,
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`preferred-sample PUT answered ${response.statusCode}: ${body}`);
  }
}

export const expectPreferred = (index: number | null) => (data: unknown) =>
  (data as { voiceUpdated?: { preferredSampleIndex?: number | null } } | undefined)?.voiceUpdated?.preferredSampleIndex === index;

export async function setUp(cleanup: Cleanup, settings: Settings = 'defaults'): Promise<Bench> {
  // The inspector (loopback, random port) only serves to force a garbage collection before memory is read.
  const { server, redis, apiKey, dataDir } = await startService(cleanup, {
    label: 'server',
    partner: PARTNER,
    inspect: true,
    // autocannon hangs up with requests in flight when its time is up; the server logs each as a 500.
    quiet: /ERR_STREAM_PREMATURE_CLOSE/,
    env: { ROLE: 'all', SHUTDOWN_GRACE_SECONDS: '5', ...SETTINGS[settings] },
  });
  log(`server (${describeSettings(settings)}) pid ${server.pid} at ${server.url}, redis ${redis.url} prefix ${redis.prefix}`);

  await call(server.url, apiKey, `/api/voices/${PARTNER}/empty`, 201, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: VOICE, creator_name: 'Bench', creator_email: 'bench@example.com' }),
  });
  const sine = await makeSine(path.join(dataDir, 'sine.wav'), { seconds: 5 });
  const audio = await readFile(sine);
  for (let sample = 0; sample < 3; sample++) {
    const form = new FormData();
    form.append('file', new Blob([audio], { type: 'audio/wav' }), 'sine.wav');
    await call(server.url, apiKey, `${DETAIL_PATH}/samples`, 201, { method: 'POST', body: form });
  }
  log(`voice ${PARTNER}/${VOICE} created with 3 samples of a 5 s sine`);
  return { settings, server, redis: { url: redis.url, prefix: redis.prefix }, apiKey, changes: new PreferredSampleChanges(server.url, apiKey) };
}

export async function call(
  baseUrl: string,
  apiKey: string,
  pathname: string,
  expectedStatus: number,
  init: { method: string; headers?: Record<string, string>; body?: string | FormData },
): Promise<string> {
  const response = await request(`${baseUrl}${pathname}`, { ...init, headers: { ...init.headers, 'x-api-key': apiKey } });
  const body = await response.body.text();
  if (response.statusCode !== expectedStatus) throw new Error(`${init.method} ${pathname} answered ${response.statusCode}: ${body}`);
  return body;
}
