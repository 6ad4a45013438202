import { useEffect, useState } from 'preact/hooks';
import { postForm, request, subscribe } from './api';
import { PlayButton, playFrom, useFollowPlayer, useRecording, Waveform } from './audio';
import { NeedsEngine } from './engines';
import {
  ConsoleRecentTranscriptsDocument,
  ConsoleTranscriptDocument,
  ConsoleTranscriptOutputDocument,
  type ConsoleTranscriptSubscription,
  type TranscriptSummaryFragment,
} from './gql/graphql';
import { useStreamedOutput } from './output';
import { go, href } from './router';
import { WhoSaidWhat } from './speakers';
import { act, ActionButton, Alert, Badge, Bar, clock, messageOf, NotLoaded, PageHeader, when } from './ui';

type FullTranscript = ConsoleTranscriptSubscription['transcriptUpdated'];
type Word = NonNullable<FullTranscript['words']>[number];

/**
 * Recordings this tab submitted, by transcript id: played from memory when the service does
 * not keep uploads (TRANSCRIPT_KEEP_AUDIO=false, so no audioUrl).
 */
const submitted = new Map<string, File>();

/** Longer recordings play without a waveform: drawing one means downloading and decoding all of it. */
const WAVEFORM_MAX_SECONDS = 600;

const uuidOf = (id: string) => id.split('/').pop() ?? id;

function percentOf(transcript: TranscriptSummaryFragment): number | null {
  if (transcript.status === 'COMPLETED') return 100;
  if (transcript.status === 'ERROR') return 0;
  return transcript.progress?.percent ?? (transcript.status === 'QUEUED' ? 0 : null);
}

function SubmitForm() {
  const [file, setFile] = useState<File | null>(null);
  const [speakerLabels, setSpeakerLabels] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    const form = new FormData();
    // Fields before the file: the service reads them while the file still streams in.
    if (speakerLabels) form.append('speaker_labels', 'true');
    form.append('audio', file);
    let id = '';
    const ok = await act(
      'Transcription',
      async () => {
        id = (await postForm<{ id: string }>('/v2/transcript', form)).id;
        submitted.set(id, file);
      },
      `${file.name} submitted for transcription.`,
    );
    if (ok) go('transcripts', uuidOf(id));
  };
  return (
    <NeedsEngine kind="SPEECH_TO_TEXT" feature="Transcription">
      <form class="panel inline-form" onSubmit={(event) => void submit(event)}>
        <label>
          Transcribe a recording
          <input type="file" required accept="audio/*,video/*" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        </label>
        <label class="check">
          <input type="checkbox" checked={speakerLabels} onChange={(event) => setSpeakerLabels(event.currentTarget.checked)} />
          Who said what (speaker labels)
        </label>
        <button type="submit" class="primary">
          Transcribe
        </button>
      </form>
    </NeedsEngine>
  );
}

export function TranscriptsPage() {
  const [transcripts, setTranscripts] = useState<TranscriptSummaryFragment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [followId, setFollowId] = useState('');
  const load = () =>
    request(ConsoleRecentTranscriptsDocument, {}).then(
      (answer) => setTranscripts(answer.recentTranscripts),
      (failure: unknown) => setError(messageOf(failure)),
    );
  useEffect(() => {
    void load();
  }, []);
  // Those still running are followed live, each in place.
  const running = (transcripts ?? []).filter((each) => each.status === 'QUEUED' || each.status === 'PROCESSING').map((each) => each.id);
  useEffect(() => {
    const stops = running.map((id) =>
      subscribe(
        ConsoleTranscriptDocument,
        { id },
        ({ transcriptUpdated }) => setTranscripts((current) => current?.map((each) => (each.id === transcriptUpdated.id ? transcriptUpdated : each)) ?? null),
        () => {},
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [running.join(' ')]);
  return (
    <section>
      <PageHeader title="Transcripts">
        <ActionButton onRun={load}>Refresh</ActionButton>
      </PageHeader>
      <p class="lead">Transcripts belong to the key that submitted them: its newest, however they were submitted.</p>
      <div class="two-columns">
        <SubmitForm />
        <form
          class="panel inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            go('transcripts', uuidOf(followId.trim()));
          }}
        >
          <label>
            Transcript id
            <input required spellcheck={false} placeholder="/v2/transcript/…" value={followId} onInput={(event) => setFollowId(event.currentTarget.value)} />
          </label>
          <button type="submit">Open</button>
        </form>
      </div>
      <Alert text={error} />
      {transcripts === null ? null : transcripts.length === 0 ? (
        <p class="empty">No transcripts yet.</p>
      ) : (
        <table class="cards" id="transcripts">
          <thead>
            <tr>
              <th scope="col">Transcript</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {transcripts.map((transcript) => (
              <tr key={transcript.id} data-key={transcript.id} data-status={transcript.status}>
                <th scope="row">
                  <a href={href('transcripts', uuidOf(transcript.id))}>{when(transcript.createdAt)}</a>
                </th>
                <td data-label="Status">
                  <Badge status={transcript.status} />
                </td>
                <td data-label="Progress">
                  <Bar
                    label={`Transcript ${uuidOf(transcript.id)}`}
                    status={transcript.status}
                    percent={percentOf(transcript)}
                    progress={transcript.progress}
                    queue={transcript.queue}
                  />
                </td>
                <td data-label="Text" class="excerpt">
                  {transcript.error ?? (transcript.text ? transcript.text.slice(0, 160) : '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The word being spoken at `ms`: the last one started, while it lasts or until the next starts. */
function wordAt(words: Word[], ms: number): number {
  let found = -1;
  for (let index = 0; index < words.length && words[index]!.start <= ms; index++) found = index;
  return found;
}

/** The words, the one being spoken highlighted; a click on a word plays from there. */
function Words(props: { words: Word[]; audio: HTMLAudioElement | null }) {
  const current = useFollowPlayer(props.audio, (ms) => wordAt(props.words, ms), -1, [props.words]);
  const seek = (word: Word) => playFrom(props.audio, word.start);
  return (
    <p class="words" id="words">
      {props.words.map((word, index) => {
        const unsure = word.confidence !== null && word.confidence !== undefined && word.confidence < 0.6;
        return (
          <span key={index}>
            <span
              class={[index === current ? 'spoken' : '', unsure ? 'unsure' : ''].filter(Boolean).join(' ') || undefined}
              aria-current={index === current ? 'true' : undefined}
              data-start={word.start}
              title={`${clock(word.start)}${word.confidence === null || word.confidence === undefined ? '' : ` · confidence ${word.confidence.toFixed(2)}`}`}
              onClick={() => seek(word)}
            >
              {word.text}
            </span>{' '}
          </span>
        );
      })}
    </p>
  );
}

/** While the transcript runs: its text so far, growing as each segment of the recording is done. */
function GrowingText(props: { id: string }) {
  const { output, error } = useStreamedOutput(ConsoleTranscriptOutputDocument, props.id, (data) => data.transcriptOutput);
  return (
    <div class="growing">
      <p class="words" id="partial-text" aria-live="polite" aria-busy="true" data-events={output.events}>
        {output.text || <span class="hint">Nothing heard yet: the text appears here as each part of the recording is done.</span>}
      </p>
      {error ? <p class="error-text">{error}</p> : null}
    </div>
  );
}

export function TranscriptPage(props: { id: string }) {
  const id = `/v2/transcript/${props.id}`;
  const [transcript, setTranscript] = useState<FullTranscript | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  useEffect(() => {
    setTranscript(null);
    setError(null);
    return subscribe(ConsoleTranscriptDocument, { id }, ({ transcriptUpdated }) => setTranscript(transcriptUpdated), setError);
  }, [id]);
  // The service's copy streams (Range) into the player; its bytes are fetched for the waveform only
  // when short. Each event signs the URL anew: the first one is kept, so playing never restarts.
  const [streamed, setStreamed] = useState<string | null>(null);
  useEffect(() => setStreamed(null), [id]);
  useEffect(() => {
    if (!streamed && transcript?.audioUrl) setStreamed(transcript.audioUrl);
  }, [transcript?.audioUrl]);
  const local = streamed ? null : (submitted.get(id) ?? null);
  const short = (transcript?.audioDuration ?? Infinity) <= WAVEFORM_MAX_SECONDS;
  const recording = useRecording(streamed && short ? streamed : null, local);
  const source = streamed ?? recording.url;
  const back = { href: href('transcripts'), label: 'Transcripts' };
  if (!transcript) {
    return <NotLoaded title="Transcript" back={back} error={error} />;
  }
  const confidence = transcript.languageConfidence;
  return (
    <section class="transcript" data-status={transcript.status}>
      <PageHeader title={`Transcript ${props.id.slice(0, 8)}`} back={back} />
      <dl class="facts-grid panel">
        <div>
          <dt>Status</dt>
          <dd>
            <Badge status={transcript.status} />
          </dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd id="language">
            {transcript.languageCode}
            {transcript.languageAuto ? ' (detected)' : ''}
            {confidence === null || confidence === undefined ? '' : ` · confidence ${confidence.toFixed(2)}`}
          </dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{transcript.audioDuration === null || transcript.audioDuration === undefined ? '—' : clock(transcript.audioDuration * 1000)}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{when(transcript.createdAt)}</dd>
        </div>
      </dl>
      {transcript.status === 'QUEUED' || transcript.status === 'PROCESSING' ? (
        <Bar label="Transcription" status={transcript.status} percent={percentOf(transcript)} progress={transcript.progress} queue={transcript.queue} />
      ) : null}
      <Alert text={transcript.error} />
      {error ? <p class="error-text">{error}</p> : null}
      {source ? (
        <div class="panel player">
          {recording.blob ? <Waveform blob={recording.blob} audio={audio} label="the recording" /> : null}
          <div class="buttons">
            <PlayButton audio={audio} label="the recording" />
            <audio ref={setAudio} src={source} preload="auto" controls aria-label="Recording" />
          </div>
        </div>
      ) : transcript.status === 'COMPLETED' ? (
        <p class="hint">The recording is not available to play here.</p>
      ) : null}
      {transcript.utterances?.length ? (
        <WhoSaidWhat transcript={transcript} audio={audio} />
      ) : transcript.status === 'QUEUED' || transcript.status === 'PROCESSING' ? (
        <GrowingText id={id} />
      ) : transcript.words?.length ? (
        <Words words={transcript.words} audio={audio} />
      ) : transcript.text ? (
        <p class="words">{transcript.text}</p>
      ) : null}
    </section>
  );
}
