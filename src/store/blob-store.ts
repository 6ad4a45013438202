import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, copyFile, utimes } from 'node:fs/promises';
import path from 'node:path';

const BLOB_ID = /^[0-9a-f-]{36}$/;

/** A file or directory of the store and when it last changed. */
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
 * Files kept on local disk under ids we make: no user-supplied string ever becomes part of
 * a path. Every process of a deployment must see the same directory (a shared volume).
 * A file's modification time is its age for the orphan sweep: a blob's counts from its
 * adoption, and scratch paths in use are kept fresh by the process that uses them.
 */
export class BlobStore {
  private readonly blobsDir: string;
  private readonly tmpDir: string;
  private readonly leases = new Map<string, Lease>();
  private lastRenewal = Date.now();

  constructor(dataDir: string) {
    this.blobsDir = path.resolve(dataDir, 'blobs');
    this.tmpDir = path.resolve(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.blobsDir, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  /** A fresh path in the scratch area (same filesystem as the blobs, so `adopt` is a rename). */
  tmpPath(extension = ''): string {
    const scratch = path.join(this.tmpDir, `${randomUUID()}${extension}`);
    this.leases.set(scratch, { since: Date.now(), seen: false });
    return scratch;
  }

  /** A fresh scratch directory for a job's intermediate files. */
  async tmpDirectory(): Promise<string> {
    const dir = this.tmpPath();
    await mkdir(dir, { recursive: true });
    return dir;
  }

  pathOf(blobId: string): string {
    if (!BLOB_ID.test(blobId)) throw new Error(`not a blob id: ${blobId}`);
    return path.join(this.blobsDir, blobId.slice(0, 2), blobId);
  }

  /** Moves a finished file into the store and returns its id. */
  async adopt(filePath: string): Promise<string> {
    const id = randomUUID();
    const target = this.pathOf(id);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(filePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(filePath, target);
      await rm(filePath, { force: true });
    }
    // A rename keeps the scratch file's time; the sweep must count from the adoption.
    const now = new Date();
    await utimes(target, now, now);
    return id;
  }

  async size(blobId: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(blobId))).size;
    } catch {
      return null;
    }
  }

  read(blobId: string): ReadStream {
    return createReadStream(this.pathOf(blobId));
  }

  async remove(...blobIds: (string | undefined | null)[]): Promise<void> {
    await Promise.all(blobIds.filter((id): id is string => !!id).map((id) => rm(this.pathOf(id), { force: true })));
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

  /** Blob ids of the files last changed before `cutoffMs`. */
  async blobsBefore(cutoffMs: number): Promise<string[]> {
    const ids: string[] = [];
    for (const shard of await readdir(this.blobsDir).catch(() => [])) {
      for (const entry of await this.entriesBefore(path.join(this.blobsDir, shard), cutoffMs)) {
        const id = path.basename(entry.path);
        if (BLOB_ID.test(id)) ids.push(id);
      }
    }
    return ids;
  }

  /** Top-level scratch files and directories last changed before `cutoffMs`. */
  scratchBefore(cutoffMs: number): Promise<StoredEntry[]> {
    return this.entriesBefore(this.tmpDir, cutoffMs);
  }

  async removeScratch(scratch: string): Promise<void> {
    if (path.dirname(scratch) !== this.tmpDir) throw new Error(`not a scratch path: ${scratch}`);
    await rm(scratch, { recursive: true, force: true });
  }

  private async entriesBefore(dir: string, cutoffMs: number): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    for (const name of await readdir(dir).catch(() => [])) {
      const entryPath = path.join(dir, name);
      const modifiedMs = await stat(entryPath).then((stats) => stats.mtimeMs, () => null);
      if (modifiedMs !== null && modifiedMs < cutoffMs) entries.push({ path: entryPath, modifiedMs });
    }
    return entries;
  }
}
