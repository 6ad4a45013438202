import { playFrom, useFollowPlayer } from './audio';
import type { ConsoleTranscriptSubscription } from './gql/graphql';
import { clock } from './ui';

/**
 * Who said what (speaker labels): the speakers, each with a colour and its name (the voice's
 * name when the speaker was matched to one), and the utterances in order. The speaker speaking
 * where the player is, and their utterance, are highlighted as it plays.
 */

type Transcript = ConsoleTranscriptSubscription['transcriptUpdated'];
type Utterance = NonNullable<Transcript['utterances']>[number];
type Speaker = NonNullable<Transcript['speakers']>[number];

/** Eight hues far enough apart to tell apart, in light and dark (style/speakers.css gives each one). */
const COLOURS = 8;

export interface Speakers {
  /** The colour (0-7) and the name shown of each label, in the order first heard. */
  colourOf: (label: string) => number;
  nameOf: (label: string) => string;
  list: Speaker[];
}

/** Names and colours of the labels: a matched voice's name, else "Speaker A"; colours by order first heard. */
export function speakersOf(transcript: Pick<Transcript, 'speakers' | 'utterances'>): Speakers {
  const list = [...(transcript.speakers ?? [])];
  // While the transcript runs, a label may be heard before the speakers list names it.
  for (const utterance of transcript.utterances ?? [])
    if (!list.some((speaker) => speaker.label === utterance.speaker)) list.push({ label: utterance.speaker, speakingTime: 0, voice: null });
  const order = new Map(list.map((speaker, index) => [speaker.label, index]));
  const byLabel = new Map(list.map((speaker) => [speaker.label, speaker]));
  return {
    list,
    colourOf: (label) => (order.get(label) ?? 0) % COLOURS,
    nameOf: (label) => byLabel.get(label)?.voice?.name ?? (/^[A-Z]$/.test(label) ? `Speaker ${label}` : label),
  };
}

/** The utterance being spoken at `ms`: the one it falls in, or -1 between utterances. */
function utteranceAt(utterances: Utterance[], ms: number): number {
  return utterances.findIndex((utterance) => utterance.start <= ms && ms < utterance.end);
}

function SpeakerName(props: { label: string; speakers: Speakers }) {
  return (
    <span class="speaker-name" data-colour={props.speakers.colourOf(props.label)}>
      {props.speakers.nameOf(props.label)}
    </span>
  );
}

/** The speakers with their speaking time, and who is speaking now. */
export function SpeakerList(props: { speakers: Speakers; speaking: string | null }) {
  return (
    <div class="panel speakers-panel">
      <p class="now-speaking" role="status" id="now-speaking">
        {props.speaking ? (
          <>
            Speaking: <SpeakerName label={props.speaking} speakers={props.speakers} />
          </>
        ) : (
          'Nobody speaking'
        )}
      </p>
      <ul class="speakers" id="speakers">
        {props.speakers.list.map((speaker) => (
          <li key={speaker.label} data-label={speaker.label} aria-current={speaker.label === props.speaking ? 'true' : undefined}>
            <SpeakerName label={speaker.label} speakers={props.speakers} />
            {speaker.voice ? <span class="detail">voice</span> : null}
            <span class="detail">{clock(speaker.speakingTime)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The utterances with their speakers; the one being spoken highlighted, a click plays from its start. */
export function Utterances(props: { utterances: Utterance[]; speakers: Speakers; current: number; audio: HTMLAudioElement | null }) {
  return (
    <ol class="utterances" id="utterances">
      {props.utterances.map((utterance, index) => (
        <li
          key={`${utterance.start}-${utterance.speaker}`}
          data-speaker={utterance.speaker}
          data-colour={props.speakers.colourOf(utterance.speaker)}
          data-start={utterance.start}
          aria-current={index === props.current ? 'true' : undefined}
        >
          <button type="button" class="quiet when" title="Play from here" onClick={() => playFrom(props.audio, utterance.start)}>
            {clock(utterance.start)}
          </button>
          <SpeakerName label={utterance.speaker} speakers={props.speakers} />
          <p class="text">{utterance.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The speakers and the utterances of a transcript with speaker labels, following the player. */
export function WhoSaidWhat(props: { transcript: Transcript; audio: HTMLAudioElement | null }) {
  const utterances = props.transcript.utterances ?? [];
  const speakers = speakersOf(props.transcript);
  const current = useFollowPlayer(props.audio, (ms) => utteranceAt(utterances, ms), -1, [utterances]);
  return (
    <>
      <SpeakerList speakers={speakers} speaking={utterances[current]?.speaker ?? null} />
      {utterances.length ? <Utterances utterances={utterances} speakers={speakers} current={current} audio={props.audio} /> : null}
    </>
  );
}
