import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/** A file or directory of the scratch area and when it last changed. */
export interface StoredEntry {
  path: string;
  modifiedMs: number;
}

/** A scratch path this process handed out, and whether it has been seen on disk yet. */
interface Lease {
  since: number;
  seen: boolean;
}

/**
 * Local disk for files being made (uploads in flight, job work directories), whatever the
 * blob store: ffmpeg and the text extractors read and write files. A path's modification
 * time is its age for the orphan sweep; paths in use are kept fresh by the process that
 * uses them.
 */
export class ScratchSpace {
  readonly dir: string;
  private readonly leases = new Map<string, Lease>();
  private lastRenewal = Date.now();

  constructor(dataDir: string) {
    this.dir = path.resolve(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** A fresh path in the scratch area. */
  tmpPath(extension = ''): string {
    const scratch = path.join(this.dir, `${randomUUID()}${extension}`);
    this.leases.set(scratch, { since: Date.now(), seen: false });
    return scratch;
  }

  /** A fresh scratch directory for a job's intermediate files. */
  async tmpDirectory(): Promise<string> {
    const dir = this.tmpPath();
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Marks this process's scratch files and directories as in use, so that a sweep in any
   * process leaves them alone however long their job runs. A lease ends once its path is
   * gone: after having existed, or when it did not appear before the previous renewal.
   */
  async renewLeases(): Promise<void> {
    const now = new Date();
    const previous = this.lastRenewal;
    this.lastRenewal = now.getTime();
    for (const [scratch, lease] of this.leases) {
      try {
        await utimes(scratch, now, now);
        lease.seen = true;
      } catch {
        if (lease.seen || lease.since < previous) this.leases.delete(scratch);
      }
    }
  }

  /** Top-level scratch files and directories last changed before `cutoffMs`. */
  scratchBefore(cutoffMs: number): Promise<StoredEntry[]> {
    return entriesBefore(this.dir, cutoffMs);
  }

  async removeScratch(scratch: string): Promise<void> {
    if (path.dirname(scratch) !== this.dir) throw new Error(`not a scratch path: ${scratch}`);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Entries of `dir` last changed before `cutoffMs`; a missing directory has none. */
export async function entriesBefore(dir: string, cutoffMs: number): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for (const name of await readdir(dir).catch(() => [])) {
    const entryPath = path.join(dir, name);
    const modifiedMs = await stat(entryPath).then(
      (stats) => stats.mtimeMs,
      () => null,
    );
    if (modifiedMs !== null && modifiedMs < cutoffMs) entries.push({ path: entryPath, modifiedMs });
  }
  return entries;
}
