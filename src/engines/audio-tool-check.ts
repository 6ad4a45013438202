import type { AudioTool } from '../domain/engines/audio-tools';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';

export interface AudioToolPaths {
  ffmpegPath: string;
  ffprobePath: string;
  /** Null when no built-in engine would speak test sentences (a voice service is configured). */
  espeakPath: string | null;
}

/** A version query answers at once; a tool that hangs on it is as good as missing. */
const CHECK_TIMEOUT_MS = 5_000;

const AUDIO_WORK = 'voices, transcripts and audio or video documents';

/**
 * Runs each tool once with its version flag, so a missing one is said at start rather than
 * in the first partner's failed request. The checks run side by side.
 */
export function checkAudioTools(paths: AudioToolPaths): Promise<AudioTool[]> {
  const checks = [
    check({ name: 'ffmpeg', variable: 'FFMPEG_PATH', path: paths.ffmpegPath, required: true, neededFor: AUDIO_WORK }, ['-version']),
    check({ name: 'ffprobe', variable: 'FFPROBE_PATH', path: paths.ffprobePath, required: true, neededFor: AUDIO_WORK }, ['-version']),
  ];
  if (paths.espeakPath !== null) {
    checks.push(
      check({ name: 'espeak-ng', variable: 'ESPEAK_PATH', path: paths.espeakPath, required: false, neededFor: 'test samples from the local voice engine' }, [
        '--version',
      ]),
    );
  }
  return Promise.all(checks);
}

async function check(tool: Omit<AudioTool, 'version' | 'problem'>, args: string[]): Promise<AudioTool> {
  try {
    const { stdout } = await runProcess(tool.path, args, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return { ...tool, version: versionIn(stdout), problem: null };
  } catch (error) {
    return { ...tool, version: null, problem: problemOf(error) };
  }
}

/** `ffmpeg version 5.1.6-0+deb12u1 Copyright ...`, `eSpeak NG text-to-speech: 1.51  Data at: ...`. */
function versionIn(stdout: string): string {
  const firstLine = stdout.split('\n', 1)[0] ?? '';
  return /version (\S+)/.exec(firstLine)?.[1] ?? /(\d+\.\d+(?:\.\d+)?)/.exec(firstLine)?.[1] ?? 'found';
}

function problemOf(error: unknown): string {
  if (error instanceof ProcessNotStarted) return error.missing ? 'not installed' : `cannot be started (${error.message})`;
  if (error instanceof ProcessFailed) return `fails to run (exit code ${error.exitCode})`;
  return `does not answer (${(error as Error).message})`;
}
