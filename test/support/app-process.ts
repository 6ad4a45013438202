import { spawn } from 'node:child_process';

export interface AppProcess {
  pid: number;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  /** Everything it printed so far, for a failing test's message. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
  /** Signals its whole process group, as a Ctrl-C in a terminal does (started with `ownGroup`). */
  killGroup(signal: NodeJS.Signals): void;
}

/**
 * The service as a real process (as production runs it: `node --import tsx src/main.ts`,
 * or through `npm start`), resolved once it says it is running.
 */
export async function startAppProcess(env: Record<string, string>, options: { via?: 'node' | 'npm'; ownGroup?: boolean } = {}): Promise<AppProcess> {
  const [command, args] = options.via === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', 'src/main.ts']];
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: options.ownGroup });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/persona-platform \(.*\) (listening|running)/.test(output)) resolve();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`the app exited (${code}) before it ran:\n${output}`)));
    setTimeout(() => reject(new Error(`the app did not start within 60 s:\n${output}`)), 60_000).unref();
  });
  await running;
  return {
    pid: child.pid!,
    exited,
    output: () => output,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    killGroup: (signal) => {
      try {
        process.kill(-child.pid!, signal);
      } catch (error) {
        // The group is gone already.
        if ((error as { code?: string }).code !== 'ESRCH') throw error;
      }
    },
  };
}
