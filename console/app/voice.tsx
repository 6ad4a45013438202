import { useEffect, useState } from 'preact/hooks';
import { request, subscribe } from './api';
import { PlayButton, useRecording, Waveform } from './audio';
import { NeedsEngine } from './engines';
import {
  ConsoleDeleteSampleDocument,
  ConsoleDeleteVoiceDocument,
  ConsoleEmbedVoiceDocument,
  ConsoleRenameVoiceDocument,
  ConsoleSetPreferredSampleDocument,
  ConsoleSplitVoiceDocument,
  ConsoleVoiceDocument,
  type SplitMode,
  type VoiceDetailFragment,
} from './gql/graphql';
import { go, href } from './router';
import { act, ActionButton, Alert, Badge, Dialog, DialogForm, NotLoaded, PageHeader } from './ui';
import { CleanSpeech, PipelineBar } from './voices';

type Sample = VoiceDetailFragment['samples'][number];
type TestSample = VoiceDetailFragment['testSamples'][number];

// ---------------------------------------------------------------------------------------
// One voice

function Score(props: { sample: Sample }) {
  const quality = props.sample.quality;
  if (!quality) return <span class="score">not scored</span>;
  const grade = quality.score >= 0.75 ? 'good' : quality.score >= 0.4 ? 'fair' : 'poor';
  return (
    <span class="score" data-grade={grade}>
      score {quality.score.toFixed(2)}
    </span>
  );
}

function SampleCard(props: { voice: VoiceDetailFragment; partner: string; sample: Sample }) {
  const { voice, sample, partner } = props;
  const recording = useRecording(sample.url);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const preferred = voice.preferredSampleIndex === sample.index;
  const label = `sample ${sample.index}`;
  const facts = [
    sample.sourceTimestamp,
    `${sample.duration.toFixed(1)} s`,
    sample.speechSeconds === null || sample.speechSeconds === undefined ? null : `${sample.speechSeconds.toFixed(1)} s speech`,
  ];
  return (
    <li class="sample panel" data-index={sample.index} data-preferred={String(preferred)}>
      <div class="sample-head">
        <h3>Sample {sample.index}</h3>
        <span class="facts">{facts.filter(Boolean).join(' · ')}</span>
        <Score sample={sample} />
        {preferred ? <Badge status="PREFERRED">preferred</Badge> : null}
      </div>
      {recording.error ? (
        <p class="error-text">The audio could not be loaded: {recording.error}</p>
      ) : (
        <Waveform blob={recording.blob} audio={audio} label={label} />
      )}
      {sample.quality?.reasons.length ? (
        <ul class="reasons">
          {sample.quality.reasons.map((reason) => (
            <li key={reason.code} data-code={reason.code}>
              {reason.message}
            </li>
          ))}
        </ul>
      ) : sample.quality ? (
        <p class="clean">Clean: nothing against it.</p>
      ) : null}
      <div class="buttons">
        <PlayButton audio={recording.url ? audio : null} label={label} />
        {recording.url ? <audio ref={setAudio} src={recording.url} preload="auto" controls aria-label={`Audio of ${label}`} /> : null}
        <ActionButton
          label={preferred ? `Sample ${sample.index} is preferred` : `Set sample ${sample.index} as preferred`}
          disabled={preferred}
          onRun={() =>
            act(
              'Setting the preferred sample',
              () => request(ConsoleSetPreferredSampleDocument, { partner, name: voice.name, sampleIndex: sample.index }),
              `Sample ${sample.index} is now the preferred sample of ${voice.name}.`,
            )
          }
        >
          {preferred ? 'Preferred' : 'Set as preferred'}
        </ActionButton>
        <button type="button" class="danger" aria-label={`Delete sample ${sample.index}`} onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      <Dialog title={`Delete sample ${sample.index}?`} open={deleting} onClose={() => setDeleting(false)}>
        <DialogForm
          submit="Delete sample"
          danger
          onClose={() => setDeleting(false)}
          onSubmit={() =>
            act(
              'Deleting the sample',
              () => request(ConsoleDeleteSampleDocument, { partner, name: voice.name, index: sample.index }),
              `Sample ${sample.index} deleted.`,
            )
          }
        >
          <p>The sample's audio goes, and the voice's embedding becomes stale.</p>
        </DialogForm>
      </Dialog>
    </li>
  );
}

function TestSampleItem(props: { sample: TestSample }) {
  const recording = useRecording(props.sample.url);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const label = `test sample ${props.sample.filename}`;
  return (
    <li class="test-sample">
      <span>
        Sentence {props.sample.sentenceIndex + 1} from sample {props.sample.sampleIndex}
      </span>
      {recording.error ? <span class="error-text">{recording.error}</span> : null}
      <PlayButton audio={recording.url ? audio : null} label={label} />
      {recording.url ? <audio ref={setAudio} src={recording.url} preload="auto" aria-label={`Audio of ${label}`} /> : null}
    </li>
  );
}

function RenameDialog(props: { partner: string; voice: VoiceDetailFragment; open: boolean; onClose: () => void }) {
  const [name, setName] = useState(props.voice.name);
  return (
    <Dialog title={`Rename ${props.voice.name}`} open={props.open} onClose={props.onClose}>
      <DialogForm
        submit="Rename"
        onClose={props.onClose}
        onSubmit={async () => {
          const newName = name.trim();
          const ok = await act(
            'Rename',
            () => request(ConsoleRenameVoiceDocument, { partner: props.partner, name: props.voice.name, newName }),
            `Renamed to ${newName}.`,
          );
          if (ok) go(props.partner, 'voices', newName);
          return ok;
        }}
      >
        <label>
          New name
          <input required maxLength={255} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
      </DialogForm>
    </Dialog>
  );
}

function ResplitDialog(props: { partner: string; voice: VoiceDetailFragment; open: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<SplitMode>(props.voice.splitMode ?? 'FIXED');
  const [duration, setDuration] = useState(15);
  const [maxSamples, setMaxSamples] = useState(25);
  return (
    <Dialog title={`Re-split ${props.voice.name}`} open={props.open} onClose={props.onClose}>
      <DialogForm
        submit="Re-split"
        onClose={props.onClose}
        onSubmit={() =>
          act(
            'Re-split',
            () =>
              request(ConsoleSplitVoiceDocument, {
                partner: props.partner,
                name: props.voice.name,
                splitMode: mode,
                sampleDuration: mode === 'FIXED' ? duration : undefined,
                maxSamples,
              }),
            `Re-splitting ${props.voice.name}.`,
          )
        }
      >
        <p>The samples are cut again from the original recording and replace the current ones.</p>
        <label>
          Split mode
          <select value={mode} onChange={(event) => setMode(event.currentTarget.value as SplitMode)}>
            <option value="FIXED">fixed slices</option>
            <option value="CURATED">curated: cut at pauses, levelled</option>
          </select>
        </label>
        <label>
          Sample length (s, 5–60)
          <input
            type="number"
            min={5}
            max={60}
            value={duration}
            disabled={mode !== 'FIXED'}
            onInput={(event) => setDuration(Number(event.currentTarget.value))}
          />
        </label>
        <label>
          Samples at most (1–100)
          <input type="number" min={1} max={100} value={maxSamples} onInput={(event) => setMaxSamples(Number(event.currentTarget.value))} />
        </label>
      </DialogForm>
    </Dialog>
  );
}

export function VoicePage(props: { partner: string; name: string }) {
  const { partner, name } = props;
  const [voice, setVoice] = useState<VoiceDetailFragment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'resplit' | 'delete' | null>(null);
  useEffect(() => {
    setVoice(null);
    setError(null);
    return subscribe(
      ConsoleVoiceDocument,
      { partner, name },
      ({ voiceUpdated }) => {
        if (voiceUpdated.deleted) return setError(`${name} no longer exists.`);
        setVoice(voiceUpdated);
      },
      setError,
    );
  }, [partner, name]);
  const back = { href: href(partner, 'voices'), label: 'Voices' };
  if (!voice) {
    return <NotLoaded title={name} back={back} error={error} />;
  }
  const busy = voice.splitting.status === 'IN_PROGRESS' || voice.embedding.status === 'IN_PROGRESS';
  return (
    <section class="voice" data-voice={voice.name}>
      <PageHeader title={voice.name} back={back}>
        <button type="button" disabled={busy} title={busy ? 'Wait until processing ends' : undefined} onClick={() => setDialog('rename')}>
          Rename
        </button>
        <button type="button" disabled={!voice.hasOriginal || voice.splitting.status === 'IN_PROGRESS'} onClick={() => setDialog('resplit')}>
          Re-split
        </button>
        <NeedsEngine kind="VOICE" feature="Embedding">
          <ActionButton
            disabled={busy || voice.sampleCount === 0}
            onRun={() => act('Embedding', () => request(ConsoleEmbedVoiceDocument, { partner, name: voice.name }), `Embedding ${voice.name}.`)}
          >
            Embed
          </ActionButton>
        </NeedsEngine>
        <button type="button" class="danger" disabled={busy} onClick={() => setDialog('delete')}>
          Delete
        </button>
      </PageHeader>
      <Alert text={error} />
      <dl class="facts-grid panel">
        <div>
          <dt>Original</dt>
          <dd>
            {voice.hasOriginal
              ? `${voice.originalUploadedName ?? 'recording'} · ${(voice.originalDuration ?? 0).toFixed(1)} s`
              : 'none (samples uploaded one by one)'}
          </dd>
        </div>
        <div>
          <dt>Split</dt>
          <dd data-split-mode={voice.splitMode ?? ''}>{voice.splitMode ? voice.splitMode.toLowerCase() : 'not yet'}</dd>
        </div>
        <div>
          <dt>Clean speech</dt>
          <dd>
            <CleanSpeech voice={voice} />
          </dd>
        </div>
        <div>
          <dt>Splitting</dt>
          <dd>
            <PipelineBar voice={voice} stage="splitting" />
          </dd>
        </div>
        <div>
          <dt>Embedding</dt>
          <dd>
            <PipelineBar voice={voice} stage="embedding" />
          </dd>
        </div>
      </dl>
      <h2>Samples ({voice.sampleCount})</h2>
      <ol class="samples">
        {voice.samples.map((sample) => (
          // A sample's URL names its place, not its audio: a re-split that cuts new audio there must load it again.
          <SampleCard
            key={`${sample.url}:${sample.sourceTimestamp}:${sample.duration}:${sample.quality?.score}`}
            voice={voice}
            partner={partner}
            sample={sample}
          />
        ))}
      </ol>
      <h2>Test samples</h2>
      {voice.testSamples.length ? (
        <ul class="test-samples panel">
          {voice.testSamples.map((sample) => (
            <TestSampleItem key={sample.url} sample={sample} />
          ))}
        </ul>
      ) : (
        <p class="empty">None yet: the embedding makes them.</p>
      )}
      <RenameDialog partner={partner} voice={voice} open={dialog === 'rename'} onClose={() => setDialog(null)} />
      <ResplitDialog partner={partner} voice={voice} open={dialog === 'resplit'} onClose={() => setDialog(null)} />
      <Dialog title={`Delete ${voice.name}?`} open={dialog === 'delete'} onClose={() => setDialog(null)}>
        <DialogForm
          submit="Delete voice"
          danger
          onClose={() => setDialog(null)}
          onSubmit={async () => {
            const ok = await act('Delete', () => request(ConsoleDeleteVoiceDocument, { partner, name: voice.name }), `${voice.name} deleted.`);
            if (ok) go(partner, 'voices');
            return ok;
          }}
        >
          <p>The voice, its recording, samples and embeddings are deleted. This cannot be undone.</p>
        </DialogForm>
      </Dialog>
    </section>
  );
}
