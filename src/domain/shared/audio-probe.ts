/** What the domain learns about an uploaded file while the request waits. */
export interface AudioProbeResult {
  durationSeconds: number;
  /** The container as ffprobe names it (`mp3`, `mov,mp4,m4a,3gp,3g2,mj2`, ...). */
  formatName: string;
  hasAudio: boolean;
}

/**
 * The audio engine as a request needs it: probe an upload (so unreadable audio is refused
 * before anything is stored) and convert a short uploaded voice sample to the sample format.
 * Failures reject with an EngineError.
 */
export interface AudioProbe {
  probe(path: string): Promise<AudioProbeResult>;
  /** Ogg Opus, 96 kbps, mono: the platform's sample format. */
  toOpus(input: string, output: string): Promise<void>;
}
