import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { entriesBefore, type ScratchSpace } from './scratch-space';

export const BLOB_ID = /^[0-9a-f-]{36}$/;

/** What the readiness probe writes: a few blocks of any file system, as the first chunks of an upload are. */
const PROBE_BYTES = Buffer.alloc(16 * 1024);

export function assertBlobId(blobId: string): void {
  if (!BLOB_ID.test(blobId)) throw new Error(`not a blob id: ${blobId}`);
}

/**
 * Files kept under ids we make: no user-supplied string ever becomes part of a path or an
 * object key. Every process of a deployment must reach the same store. Files being made
 * live in the local scratch space first, whatever the store; a blob's age for the orphan
 * sweep counts from when it entered the store.
 */
/** Bytes `start` to `end` of a blob, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

export abstract class BlobStore {
  constructor(readonly scratch: ScratchSpace) {}

  abstract init(): Promise<void>;

  /** Moves a finished scratch file into the store and returns its id. */
  abstract adopt(filePath: string): Promise<string>;

  /** Stores bytes already in memory (texts, small inline audio) under a new id. */
  abstract put(body: string | Buffer): Promise<string>;

  /**
   * The blob's bytes as a stream, or only those from `range.start` to `range.end` (inclusive,
   * as HTTP ranges count) for a player that seeks; nothing is fetched before the stream is read.
   */
  abstract read(blobId: string, range?: ByteRange): Readable;

  /** The blob's size in bytes, null when it does not exist. */
  abstract size(blobId: string): Promise<number | null>;

  abstract remove(...blobIds: (string | undefined | null)[]): Promise<void>;

  /** Ids of the blobs stored before `cutoffMs`. */
  abstract blobsBefore(cutoffMs: number): Promise<string[]>;

  /**
   * Runs `use` with each blob as a file on local disk, for engines that read files (ffmpeg,
   * the text extractors). The files are only valid during `use` and must not be changed.
   */
  abstract withLocalFiles<T>(blobIds: readonly string[], use: (paths: string[]) => Promise<T>): Promise<T>;

  /** Each part readiness checks, with a probe that throws when that part cannot take a write. */
  abstract readinessProbes(): Record<string, () => Promise<void>>;

  async close(): Promise<void> {}

  withLocalFile<T>(blobId: string, use: (path: string) => Promise<T>): Promise<T> {
    return this.withLocalFiles([blobId], ([local]) => use(local!));
  }

  async readBytes(blobId: string): Promise<Buffer> {
    return buffer(this.read(blobId));
  }

  /**
   * The scratch space is on local disk in every mode: the data directory must take a write as
   * an upload makes one. An empty file would still be created on a full disk (it needs an
   * inode, no block), so the probe writes real bytes.
   */
  protected async probeScratch(): Promise<void> {
    const probe = this.scratch.tmpPath('.readyz');
    try {
      await writeFile(probe, PROBE_BYTES);
    } finally {
      await rm(probe, { force: true });
    }
  }
}

/**
 * Blobs as files in `DATA_DIR/blobs`, sharded by the first two characters of their id. The
 * scratch space is in the same data directory, so adopting a file is a rename.
 */
export class LocalBlobStore extends BlobStore {
  private readonly blobsDir: string;

  constructor(scratch: ScratchSpace, dataDir: string) {
    super(scratch);
    this.blobsDir = path.resolve(dataDir, 'blobs');
  }

  async init(): Promise<void> {
    await mkdir(this.blobsDir, { recursive: true });
    await this.scratch.init();
  }

  pathOf(blobId: string): string {
    assertBlobId(blobId);
    return path.join(this.blobsDir, blobId.slice(0, 2), blobId);
  }

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

  async put(body: string | Buffer): Promise<string> {
    const scratch = this.scratch.tmpPath();
    try {
      await writeFile(scratch, body);
      return await this.adopt(scratch);
    } finally {
      await rm(scratch, { force: true });
    }
  }

  read(blobId: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(blobId), range);
  }

  async size(blobId: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(blobId))).size;
    } catch {
      return null;
    }
  }

  async remove(...blobIds: (string | undefined | null)[]): Promise<void> {
    await Promise.all(blobIds.filter((id): id is string => !!id).map((id) => rm(this.pathOf(id), { force: true })));
  }

  async blobsBefore(cutoffMs: number): Promise<string[]> {
    const ids: string[] = [];
    for (const shard of await readdir(this.blobsDir).catch(() => [])) {
      for (const entry of await entriesBefore(path.join(this.blobsDir, shard), cutoffMs)) {
        const id = path.basename(entry.path);
        if (BLOB_ID.test(id)) ids.push(id);
      }
    }
    return ids;
  }

  withLocalFiles<T>(blobIds: readonly string[], use: (paths: string[]) => Promise<T>): Promise<T> {
    return use(blobIds.map((id) => this.pathOf(id)));
  }

  readinessProbes(): Record<string, () => Promise<void>> {
    return { dataDir: () => this.probeScratch() };
  }
}
