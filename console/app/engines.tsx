import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { request } from './api';
import { ConsoleEnginesDocument, type ConsoleEnginesQuery, type EngineKind } from './gql/graphql';
import { Store, useStore } from './store';
import { Badge, PageHeader, when } from './ui';

type Engine = ConsoleEnginesQuery['engines'][number];

const NAMES: Record<EngineKind, string> = {
  SPEECH_TO_TEXT: 'Speech-to-text',
  DIARIZING_SPEECH_TO_TEXT: 'Diarizing speech-to-text',
  LLM: 'LLM',
  TEXT_EMBEDDING: 'Text embeddings',
  VOICE: 'Voice',
};

/** The deployment's engines; null until read, or when the service does not list them. */
const engines = new Store<Engine[] | null>(null);

export function loadEngines(): void {
  request(ConsoleEnginesDocument, {}).then(
    (answer) => engines.set(answer.engines),
    // Unknown engines hold nothing back: every action stays offered, and says why if it fails.
    () => engines.set([]),
  );
}

/** Shows its children, or in their place which engine the feature waits for and the variable to set. */
export function NeedsEngine(props: { kind: EngineKind; feature: string; children: ComponentChildren }) {
  const known = useStore(engines);
  const engine = known?.find((each) => each.kind === props.kind);
  if (engine?.status !== 'MISSING') return <>{props.children}</>;
  return (
    <p class="waits-for-engine" data-engine={props.kind}>
      {props.feature} waits for the {NAMES[props.kind].toLowerCase()} engine: set <code>{engine.variable}</code> and restart the service.
    </p>
  );
}

export function EnginesPage() {
  const known = useStore(engines);
  useEffect(loadEngines, []);
  return (
    <section>
      <PageHeader title="Engines" />
      <p class="lead">
        What does the work behind each feature, and how the last call to it went. A missing engine's features are accepted, then fail naming the variable to
        set.
      </p>
      {known === null ? (
        <p>Loading…</p>
      ) : known.length === 0 ? (
        <p>This service does not list its engines.</p>
      ) : (
        <table class="cards">
          <thead>
            <tr>
              <th scope="col">Engine</th>
              <th scope="col">Status</th>
              <th scope="col">Model</th>
              <th scope="col">Variable</th>
              <th scope="col">Features</th>
              <th scope="col">Last call</th>
            </tr>
          </thead>
          <tbody>
            {known.map((engine) => (
              <tr key={engine.kind} data-engine={engine.kind}>
                <th scope="row">{NAMES[engine.kind]}</th>
                <td data-label="Status">
                  <Badge status={engine.status} />
                </td>
                <td data-label="Model">{engine.model ?? '—'}</td>
                <td data-label="Variable">
                  <code>{engine.variable}</code>
                </td>
                <td data-label="Features">{engine.features.join(', ')}</td>
                <td data-label="Last call" class="last-call">
                  <LastCall call={engine.lastCall} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** How the last call to an engine ended, in any process of the service: nothing before the first. */
function LastCall(props: { call: Engine['lastCall'] }) {
  const { call } = props;
  if (!call) return <>—</>;
  return (
    <>
      <Badge status={call.ok ? 'COMPLETED' : 'FAILED'}>{call.ok ? 'answered' : `failed: ${call.error ?? 'unknown'}`}</Badge>{' '}
      <time dateTime={call.at}>{when(call.at)}</time>
    </>
  );
}
