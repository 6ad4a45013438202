import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { PayloadTooLarge } from '../domain/errors';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import { multipartError } from './transport-errors';
import { noteUploadChunk } from './upload-chunks';

export interface RequestParams {
  /** Query string, then the body's fields on top; repeated form fields become arrays. */
  values: Record<string, unknown>;
  files: UploadedFile[];
  /** Deletes the request's temporary files that nobody adopted; call in `finally`. */
  cleanup(): Promise<void>;
}

export interface ReadParamsOptions {
  tmpPath: () => string;
  maxFileBytes: number;
  /** File parts kept; other file parts are drained and ignored. */
  fileFields?: readonly string[] | 'any';
}

// A body can be read once; a hook that needs a parameter before the handler (the partner of
// a route that carries it in the body) and the handler share one reading.
const readings = new WeakMap<FastifyRequest, Promise<RequestParams>>();

/**
 * Reads a request's parameters whatever the encoding (multipart, urlencoded, JSON or the
 * query string): legacy clients differ, and none of them should break. Files stream to
 * disk with the size limit enforced while they arrive.
 */
export function readParams(request: FastifyRequest, options: ReadParamsOptions): Promise<RequestParams> {
  let reading = readings.get(request);
  if (!reading) {
    reading = readOnce(request, options);
    readings.set(request, reading);
  }
  return reading;
}

async function readOnce(request: FastifyRequest, options: ReadParamsOptions): Promise<RequestParams> {
  const values: Record<string, unknown> = { ...((request.query as Record<string, unknown>) ?? {}) };
  const files: UploadedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  };

  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(values, body);
    return { values, files, cleanup };
  }

  const accepts = (field: string) => options.fileFields === 'any' || (options.fileFields ?? ['file']).includes(field);
  const formValues: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes, fields: 200, fieldSize: 1024 * 1024, files: 10 } })) {
      if (part.type === 'field') {
        addValue(formValues, part.fieldname, String(part.value));
        continue;
      }
      if (!accepts(part.fieldname)) {
        part.file.on('data', (chunk: Buffer) => noteUploadChunk(chunk.length));
        part.file.resume();
        continue;
      }
      const file: UploadedFile = {
        field: part.fieldname,
        path: options.tmpPath(),
        filename: part.filename ?? '',
        mimetype: part.mimetype,
        size: 0,
      };
      files.push(file);
      part.file.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        noteUploadChunk(chunk.length);
      });
      await pipeline(part.file, createWriteStream(file.path));
      if (part.file.truncated) throw tooLarge(options.maxFileBytes);
    }
  } catch (error) {
    await cleanup();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxFileBytes);
    throw multipartError(error);
  }
  Object.assign(values, formValues);
  return { values, files, cleanup };
}

/** Where a request's uploads go and how large they may be, from the deployment's settings. */
export function readParamsOptions(platform: { blobs: { scratch: { tmpPath(): string } }; config: { MAX_UPLOAD_MB: number } }): ReadParamsOptions {
  return { tmpPath: () => platform.blobs.scratch.tmpPath(), maxFileBytes: platform.config.MAX_UPLOAD_MB * 1024 * 1024 };
}

/**
 * A route helper: runs `handle` with the request's parameters, then deletes the uploads
 * that `handle` did not adopt into the blob store, whatever happened.
 */
export function paramsHandler(options: ReadParamsOptions) {
  return async function withParams<T>(request: FastifyRequest, handle: (params: RequestParams) => Promise<T>): Promise<T> {
    const params = await readParams(request, options);
    try {
      return await handle(params);
    } finally {
      await params.cleanup();
    }
  };
}

/** The `file` part, unless the client sent an empty one in its place. */
export function uploadedFile(params: RequestParams): UploadedFile | undefined {
  return params.files.find((file) => file.field === 'file' && (file.size > 0 || file.filename !== ''));
}

function tooLarge(maxBytes: number): PayloadTooLarge {
  return new PayloadTooLarge(`File too large: the limit is ${Math.round(maxBytes / (1024 * 1024))} MB`);
}

function addValue(target: Record<string, unknown>, name: string, value: string): void {
  const existing = target[name];
  if (existing === undefined) target[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[name] = [existing, value];
}

/** Parses urlencoded bodies keeping repeated fields (`boosted_words[]=a&boosted_words[]=b`). */
export function parseUrlEncoded(body: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) addValue(values, name, value);
  return values;
}
