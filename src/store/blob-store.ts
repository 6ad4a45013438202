import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files kept on local disk under ids we make: no user-supplied string ever becomes part of
 * a path. Every process of a deployment must see the same directory (a shared volume).
 */
export class BlobStore {
  private readonly blobsDir: string;
  private readonly tmpDir: string;

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
    return path.join(this.tmpDir, `${randomUUID()}${extension}`);
  }

  /** A fresh scratch directory for a job's intermediate files. */
  async tmpDirectory(): Promise<string> {
    const dir = this.tmpPath();
    await mkdir(dir, { recursive: true });
    return dir;
  }

  pathOf(blobId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(blobId)) throw new Error(`not a blob id: ${blobId}`);
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
}
