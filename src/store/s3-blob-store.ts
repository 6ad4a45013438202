import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobId, BLOB_ID, BlobStore, type ByteRange } from './blob-store';
import type { ScratchSpace } from './scratch-space';
import { ObjectStorageUnreachable } from './storage-faults';

export interface S3Settings {
  /** Unset for AWS itself; the URL of any other S3-compatible service. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Empty, or ending in `/`: every key of ours starts with it. */
  prefix: string;
}

/** Parts of a multipart upload; the SDK holds at most `UPLOAD_QUEUE` of them in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 2;
const PROBE_TIMEOUT_MS = 2000;
/**
 * A storage that does not even accept a connection (a dropped route, a dead host) is out of
 * reach after this long, instead of holding the request until the client gives up. Only the
 * connection is bounded: a download read slowly by its client keeps its socket idle for as
 * long as the client takes.
 */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Blobs as objects in an S3-compatible bucket (AWS S3, MinIO, R2, ...), keyed
 * `<prefix><blob id>`. Bytes stream both ways: uploads go up in parts as they are read from
 * disk, downloads are piped from the object's body. Engines that need a file get a copy in
 * the scratch space for the length of their work.
 */
export class S3BlobStore extends BlobStore {
  private readonly client: S3Client;

  constructor(
    scratch: ScratchSpace,
    private readonly settings: S3Settings,
  ) {
    super(scratch);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
      // Recent SDKs send streamed bodies aws-chunked with a trailing checksum; S3-compatible
      // servers other than AWS (s3rver, some MinIO-likes) store or answer those wrongly.
      // Checksums then travel only where an operation requires them.
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  async init(): Promise<void> {
    await this.scratch.init();
  }

  async adopt(filePath: string): Promise<string> {
    const id = await this.upload(createReadStream(filePath));
    await rm(filePath, { force: true });
    return id;
  }

  put(body: string | Buffer): Promise<string> {
    return this.upload(body);
  }

  read(blobId: string, range?: ByteRange): Readable {
    const key = this.keyOf(blobId);
    const { client, settings } = this;
    // A generator runs only once read: a bundle of many blobs opens one object at a time.
    async function* body() {
      const object = await reaching(() =>
        client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` })),
      );
      yield* object.Body as Readable;
    }
    return Readable.from(body(), { objectMode: false });
  }

  async size(blobId: string): Promise<number | null> {
    try {
      const head = await reaching(() => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(blobId) })));
      return head.ContentLength ?? null;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(...blobIds: (string | undefined | null)[]): Promise<void> {
    await Promise.all(
      blobIds
        .filter((id): id is string => !!id)
        .map((id) => reaching(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(id) })))),
    );
  }

  async blobsBefore(cutoffMs: number): Promise<string[]> {
    const ids: string[] = [];
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: this.settings.prefix });
    await reaching(async () => {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const id = object.Key?.slice(this.settings.prefix.length) ?? '';
          if (BLOB_ID.test(id) && object.LastModified && object.LastModified.getTime() < cutoffMs) ids.push(id);
        }
      }
    });
    return ids;
  }

  async withLocalFiles<T>(blobIds: readonly string[], use: (paths: string[]) => Promise<T>): Promise<T> {
    const dir = await this.scratch.tmpDirectory();
    try {
      const paths: string[] = [];
      for (const id of blobIds) {
        const local = path.join(dir, `${paths.length}-${id}`);
        await pipeline(this.read(id), createWriteStream(local));
        paths.push(local);
      }
      return await use(paths);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  readinessProbes(): Record<string, () => Promise<void>> {
    return { dataDir: () => this.probeScratch(), objectStorage: () => this.probeBucket() };
  }

  override async close(): Promise<void> {
    this.client.destroy();
  }

  /** Writes and deletes an object outside the blob ids, which the orphan sweep never lists. */
  private async probeBucket(): Promise<void> {
    const Key = `${this.settings.prefix}readyz/${randomUUID()}`;
    // Readiness must answer promptly even when the storage hangs.
    const abortSignal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: 'ok' }), { abortSignal });
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key }), { abortSignal });
  }

  private async upload(body: Readable | string | Buffer): Promise<string> {
    const id = randomUUID();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.keyOf(id), Body: body },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
    });
    await reaching(() => upload.done());
    return id;
  }

  private keyOf(blobId: string): string {
    assertBlobId(blobId);
    return `${this.settings.prefix}${blobId}`;
  }
}

/** Runs one call to the storage; an outage becomes ObjectStorageUnreachable, which every API answers with a 503. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isOutOfReach(error) ? new ObjectStorageUnreachable(error) : error;
  }
}

/**
 * Whether an AWS SDK error means the storage is out of reach: no HTTP answer at all (refused,
 * reset, timed out) or one that says it is failing or throttling (5xx, 429). A refusal such as
 * a missing bucket or wrong credentials is a configuration fault, not an outage.
 */
function isOutOfReach(error: unknown): boolean {
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  if (!metadata) return false;
  const status = metadata.httpStatusCode;
  return status === undefined || status >= 500 || status === 429;
}
