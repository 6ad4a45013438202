import { decodePcm, pcmToSpeechFlac, toOpus } from './ffmpeg-codec';
import { measureLoudness, toLevelledOpus } from './ffmpeg-loudness';
import type { FfmpegOptions } from './ffmpeg-process';
import { probe } from './ffmpeg-probe';
import { cutOpusSlices, detectSilences } from './ffmpeg-slices';
import { measureEngineMethods } from '../observability/metrics';

/** The arguments of an ffmpeg-*.ts function after the binaries it runs. */
type After<F> = F extends (tools: FfmpegOptions, ...rest: infer A) => unknown ? A : never;

/**
 * Wraps the system ffmpeg/ffprobe: every call spawns the binary with an argument array, never a
 * shell. It implements the voice domain's AudioProbe port. Each method is a function of one
 * file, which says what it does: probing (ffmpeg-probe.ts), decoding and encoding
 * (ffmpeg-codec.ts), finding pauses and cutting slices (ffmpeg-slices.ts), measuring and
 * levelling loudness (ffmpeg-loudness.ts); how a run is made and its failure worded is
 * ffmpeg-process.ts.
 */
export class Ffmpeg {
  constructor(private readonly options: FfmpegOptions) {}

  probe(...args: After<typeof probe>) {
    return probe(this.options, ...args);
  }

  toOpus(...args: After<typeof toOpus>) {
    return toOpus(this.options, ...args);
  }

  decodePcm(...args: After<typeof decodePcm>) {
    return decodePcm(this.options, ...args);
  }

  pcmToSpeechFlac(...args: After<typeof pcmToSpeechFlac>) {
    return pcmToSpeechFlac(this.options, ...args);
  }

  detectSilences(...args: After<typeof detectSilences>) {
    return detectSilences(this.options, ...args);
  }

  cutOpusSlices(...args: After<typeof cutOpusSlices>) {
    return cutOpusSlices(this.options, ...args);
  }

  measureLoudness(...args: After<typeof measureLoudness>) {
    return measureLoudness(this.options, ...args);
  }

  toLevelledOpus(...args: After<typeof toLevelledOpus>) {
    return toLevelledOpus(this.options, ...args);
  }
}

measureEngineMethods(Ffmpeg.prototype, 'ffmpeg', [
  'probe',
  'toOpus',
  'cutOpusSlices',
  'decodePcm',
  'detectSilences',
  'pcmToSpeechFlac',
  'measureLoudness',
  'toLevelledOpus',
]);
