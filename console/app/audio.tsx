import { useEffect, useRef, useState } from 'preact/hooks';
import { download } from './api';
import { messageOf } from './ui';

/**
 * A recording fetched once with the key, as a blob: URL for an <audio> and as bytes for the
 * waveform. Ends (revokes its URL) with the component.
 */
export function useRecording(path: string | null, file?: Blob | null): { url: string | null; blob: Blob | null; error: string | null } {
  const [state, setState] = useState<{ url: string | null; blob: Blob | null; error: string | null }>({ url: null, blob: null, error: null });
  useEffect(() => {
    let url: string | null = null;
    let ended = false;
    setState({ url: null, blob: null, error: null });
    const source = file ? Promise.resolve(file) : path ? download(path) : null;
    source?.then(
      (blob) => {
        if (ended) return;
        url = URL.createObjectURL(blob);
        setState({ url, blob, error: null });
      },
      (error: unknown) => !ended && setState({ url: null, blob: null, error: messageOf(error) }),
    );
    return () => {
      ended = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, file]);
  return state;
}

let decoder: AudioContext | null = null;

/** The loudest absolute sample of each of `columns` slices of the audio, 0 to 1. */
async function peaksOf(blob: Blob, columns: number): Promise<number[]> {
  decoder ??= new AudioContext();
  const audio = await decoder.decodeAudioData(await blob.arrayBuffer());
  const channel = audio.getChannelData(0);
  const perColumn = Math.max(1, Math.floor(channel.length / columns));
  const peaks: number[] = [];
  for (let column = 0; column < columns; column++) {
    let peak = 0;
    const end = Math.min(channel.length, (column + 1) * perColumn);
    for (let index = column * perColumn; index < end; index++) peak = Math.max(peak, Math.abs(channel[index]!));
    peaks.push(peak);
  }
  return peaks;
}

/**
 * The waveform of a recording, decoded in the page (Web Audio), with the playing position
 * drawn over it; a click seeks there.
 */
export function Waveform(props: { blob: Blob | null; audio: HTMLAudioElement | null; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    if (!props.blob) return;
    let ended = false;
    peaksOf(props.blob, 200).then(
      (found) => !ended && setPeaks(found),
      (error: unknown) => !ended && setFailed(messageOf(error)),
    );
    return () => {
      ended = true;
    };
  }, [props.blob]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !peaks) return;
    const ratio = devicePixelRatio || 1;
    element.width = element.clientWidth * ratio;
    element.height = element.clientHeight * ratio;
    const context = element.getContext('2d')!;
    const middle = element.height / 2;
    const step = element.width / peaks.length;
    context.fillStyle = getComputedStyle(element).color;
    peaks.forEach((peak, index) => {
      const height = Math.max(1, peak * element.height);
      context.fillRect(index * step, middle - height / 2, Math.max(1, step - ratio), height);
    });
  }, [peaks]);

  useEffect(() => {
    const audio = props.audio;
    if (!audio) return;
    const moved = () => setPosition(audio.duration ? audio.currentTime / audio.duration : 0);
    audio.addEventListener('timeupdate', moved);
    return () => audio.removeEventListener('timeupdate', moved);
  }, [props.audio]);

  const seek = (event: MouseEvent) => {
    const audio = props.audio;
    const element = canvas.current;
    if (!audio || !element || !audio.duration) return;
    audio.currentTime = (event.offsetX / element.clientWidth) * audio.duration;
  };

  if (failed) return <p class="waveform-error">The waveform could not be drawn: {failed}</p>;
  return (
    <div class="waveform">
      <canvas ref={canvas} role="img" aria-label={`Waveform of ${props.label}`} data-drawn={peaks ? 'true' : 'false'} onClick={seek} />
      <span class="playhead" style={{ left: `${position * 100}%` }} />
    </div>
  );
}

/** A play/pause button for an <audio>; a click is the user gesture browsers want before playing. */
export function PlayButton(props: { audio: HTMLAudioElement | null; label: string; disabled?: boolean }) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const audio = props.audio;
    if (!audio) return;
    const update = () => setPlaying(!audio.paused);
    for (const event of ['play', 'pause', 'ended']) audio.addEventListener(event, update);
    return () => {
      for (const event of ['play', 'pause', 'ended']) audio.removeEventListener(event, update);
    };
  }, [props.audio]);
  const toggle = () => {
    const audio = props.audio;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  };
  return (
    <button
      type="button"
      class="play"
      aria-label={`${playing ? 'Pause' : 'Play'} ${props.label}`}
      aria-pressed={playing}
      disabled={props.disabled || !props.audio}
      onClick={toggle}
    >
      {playing ? '❚❚ Pause' : '▶ Play'}
    </button>
  );
}

/**
 * What `pick` makes of the player's position (ms), kept up to date while it plays: each frame,
 * since timeupdate comes only about four times a second. A page re-renders only when the
 * picked value changes (the word, the speaker), not at every frame.
 */
export function useFollowPlayer<T>(audio: HTMLAudioElement | null, pick: (ms: number) => T, initial: T, inputs: unknown[]): T {
  const [picked, setPicked] = useState<T>(initial);
  useEffect(() => {
    if (!audio) return;
    let frame = 0;
    const follow = () => {
      setPicked(pick(audio.currentTime * 1000));
      if (!audio.paused) frame = requestAnimationFrame(follow);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      follow();
    };
    for (const event of ['play', 'seeked', 'timeupdate']) audio.addEventListener(event, start);
    return () => {
      cancelAnimationFrame(frame);
      for (const event of ['play', 'seeked', 'timeupdate']) audio.removeEventListener(event, start);
    };
  }, [audio, ...inputs]);
  return picked;
}

/** Plays `audio` from `ms`. */
export function playFrom(audio: HTMLAudioElement | null, ms: number): void {
  if (!audio) return;
  audio.currentTime = ms / 1000;
  void audio.play().catch(() => {});
}
