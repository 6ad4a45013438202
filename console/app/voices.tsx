import { useEffect, useState } from 'preact/hooks';
import { subscribe, uploadWithProgress } from './api';
import { ConsoleVoicesDocument, type VoiceSummaryFragment } from './gql/graphql';
import { href } from './router';
import { act, Alert, Bar, PageHeader } from './ui';

/**
 * Where each stage of a split sits on the splitting bar, so that one bar moves forward from
 * the first second converted to the last sample written.
 */
const SPLIT_STAGES: Record<string, [number, number]> = { converting: [0, 40], 'finding pauses': [40, 50], analyzing: [50, 60], splitting: [60, 100] };

/** How far one pipeline is: a finished one is full, a running one shows its job's progress. */
function pipelinePercent(voice: VoiceSummaryFragment, stage: 'splitting' | 'embedding'): number | null {
  const status = voice[stage].status;
  if (status === 'COMPLETED') return 100;
  if (status !== 'IN_PROGRESS') return 0;
  const progress = voice.progress;
  if (!progress || progress.percent === null || progress.percent === undefined) return null;
  if (stage === 'embedding') return progress.stage === 'embedding' ? progress.percent : null;
  const range = SPLIT_STAGES[progress.stage];
  return range ? range[0] + ((range[1] - range[0]) * progress.percent) / 100 : null;
}

export function PipelineBar(props: { voice: VoiceSummaryFragment; stage: 'splitting' | 'embedding' }) {
  const { voice, stage } = props;
  // The wait belongs to the stage whose job is queued: the split first, the embedding after it.
  const queued = voice.splitting.status === 'IN_PROGRESS' ? 'splitting' : 'embedding';
  const running = voice[stage].status === 'IN_PROGRESS';
  return (
    <>
      <Bar
        label={`${voice.name}: ${stage}`}
        status={voice[stage].status}
        percent={pipelinePercent(voice, stage)}
        progress={running ? voice.progress : null}
        queue={stage === queued && !voice.progress ? voice.queue : null}
      />
      {voice[stage].error ? <span class="error-text">{voice[stage].error}</span> : null}
    </>
  );
}

export function CleanSpeech(props: { voice: VoiceSummaryFragment }) {
  const { voice } = props;
  return (
    <span class="clean-speech" data-met={String(voice.meetsCleanSpeechRecommendation)}>
      {voice.cleanSpeechSeconds.toFixed(1)} s of {voice.recommendedCleanSpeechSeconds} s{' '}
      <span class="detail">{voice.meetsCleanSpeechRecommendation ? 'enough' : 'more needed'}</span>
    </span>
  );
}

// ---------------------------------------------------------------------------------------
// The partner's voices

function UploadForm(props: { partner: string }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState('fixed');
  const [sent, setSent] = useState<number | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    setSent(0);
    const form = new FormData();
    // Fields before the file: the service reads the name while the file still streams in.
    form.append('name', name.trim());
    form.append('split_mode', mode);
    form.append('file', file);
    const ok = await act(
      `Upload of ${name}`,
      () => uploadWithProgress(`/api/voices/${encodeURIComponent(props.partner)}`, form, (done, total) => setSent((done / total) * 100)),
      `${name} uploaded: splitting starts.`,
    );
    setSent(ok ? 100 : null);
  };
  return (
    <form class="panel upload" onSubmit={(event) => void submit(event)}>
      <h2>Upload a recording</h2>
      <p class="hint">It is split into samples, each scored, then embedded.</p>
      <div class="fields">
        <label>
          Voice name
          <input name="name" required maxLength={255} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <label>
          Recording
          <input name="file" type="file" required accept="audio/*,video/*" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        </label>
        <label>
          Split
          <select name="split_mode" value={mode} onChange={(event) => setMode(event.currentTarget.value)}>
            <option value="fixed">fixed slices</option>
            <option value="curated">curated: cut at pauses, levelled</option>
          </select>
        </label>
      </div>
      <div class="buttons">
        <button type="submit" class="primary" disabled={sent !== null && sent < 100}>
          Upload
        </button>
        {sent !== null ? <Bar label="Upload" status={sent >= 100 ? 'COMPLETED' : 'IN_PROGRESS'} percent={sent} /> : null}
      </div>
    </form>
  );
}

export function VoicesPage(props: { partner: string }) {
  const [voices, setVoices] = useState<Map<string, VoiceSummaryFragment>>(new Map());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setVoices(new Map());
    setError(null);
    return subscribe(
      ConsoleVoicesDocument,
      { partner: props.partner },
      ({ voicesUpdated: voice }) =>
        setVoices((current) => {
          const next = new Map(current);
          if (voice.deleted) next.delete(voice.name);
          else next.set(voice.name, voice);
          return next;
        }),
      setError,
    );
  }, [props.partner]);
  const sorted = [...voices.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section>
      <PageHeader title="Voices" />
      <UploadForm partner={props.partner} />
      <Alert text={error} />
      {sorted.length === 0 ? (
        <p class="empty">No voices yet: upload a recording to make one.</p>
      ) : (
        <table class="cards" id="voices">
          <caption class="visually-hidden">Voices of {props.partner}</caption>
          <thead>
            <tr>
              <th scope="col">Voice</th>
              <th scope="col">Samples</th>
              <th scope="col">Clean speech</th>
              <th scope="col">Splitting</th>
              <th scope="col">Embedding</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((voice) => (
              <tr key={voice.name} data-key={voice.name}>
                <th scope="row">
                  <a href={href(props.partner, 'voices', voice.name)}>{voice.name}</a>
                </th>
                <td data-label="Samples">{voice.sampleCount}</td>
                <td data-label="Clean speech">
                  <CleanSpeech voice={voice} />
                </td>
                <td data-label="Splitting">
                  <PipelineBar voice={voice} stage="splitting" />
                </td>
                <td data-label="Embedding">
                  <PipelineBar voice={voice} stage="embedding" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
