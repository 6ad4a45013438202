import { execFile } from 'node:child_process';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir, removeDir } from './audio';

const run = promisify(execFile);

/** A real file system of its own, small enough to fill in a test. */
export interface SmallDisk {
  dir: string;
  /** Writes until the file system refuses: every later write meets ENOSPC, as on a full disk. */
  fill(): Promise<void>;
  /** Deletes what `fill` wrote. */
  free(): Promise<void>;
  /** Unmounts it; whatever used it must have closed its files. */
  close(): Promise<void>;
}

const FILLER = '.filler';

/**
 * A tmpfs of `megabytes` mounted on a fresh directory: a full disk without root tricks on the
 * real one. Mounting needs root (CAP_SYS_ADMIN), as in this project's test machines and
 * containers; null where it is refused, and the suites that need it say they were skipped.
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk | null> {
  const dir = await makeTempDir('small-disk-');
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch {
    await removeDir(dir);
    return null;
  }
  const filler = join(dir, FILLER);
  return {
    dir,
    async fill() {
      const file = await open(filler, 'a');
      try {
        // Large writes first, then smaller ones into whatever room is left, down to the last byte.
        for (const size of [64 * 1024, 4 * 1024, 1]) await writeUntilFull(file, Buffer.alloc(size, 1));
      } finally {
        await file.close();
      }
    },
    free: () => rm(filler, { force: true }),
    async close() {
      await run('umount', [dir]);
      await removeDir(dir);
    },
  };
}

async function writeUntilFull(file: FileHandle, chunk: Buffer): Promise<void> {
  try {
    for (;;) await file.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}
