import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Invalid, PayloadTooLarge } from '../domain/errors';
import { RepeatedField } from '../domain/shared/form-values';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import { multipartError } from './transport-errors';
import { noteUploadChunk } from './upload-chunks';

export interface RequestParams {
  /** Query string, then the body's fields on top; fields a form repeats become a RepeatedField. */
  values: Record<string, unknown>;
  files: UploadedFile[];
  /** Deletes the request's temporary files that nobody adopted; call in `finally`. */
  cleanup(): Promise<void>;
}

export interface ReadParamsOptions {
  tmpPath: () => string;
  maxFileBytes: number;
  /**
   * The file parts the route takes, one each; `any` takes every file part (GraphQL's
   * multipart request names its own). Another file part is refused, unless it is a JSON value
   * (a part typed application/json), which is read as that value.
   */
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

/** A JSON value sent as a multipart part: read whole, so it is kept small. */
const MAX_JSON_PART_BYTES = 1024 * 1024;

/**
 * The parameters that name a tenant or a resource. Each must arrive as one value: a check
 * that read the first of two and a handler that took the last would act on a partner or a
 * resource the check never saw.
 */
export const IDENTIFYING_PARAMS: readonly string[] = ['partner', 'kb', 'voice', 'document', 'folder', 'id', 'doc_id'];

/**
 * Refuses an identifying parameter given more than once: repeated in the query string, or
 * in the query and the body (`bodyValues`), or with another value than the path gives it.
 * `repeatedInBody` names the body's fields that a form repeated.
 */
export function refuseAmbiguousIdentifiers(request: FastifyRequest, bodyValues?: Record<string, unknown>, repeatedInBody?: ReadonlySet<string>): void {
  const query = request.query as Record<string, unknown> | undefined;
  const path = request.params as Record<string, unknown> | undefined;
  for (const name of IDENTIFYING_PARAMS) {
    const inQuery = query?.[name];
    const inBody = bodyValues?.[name];
    if (Array.isArray(inQuery) || repeatedInBody?.has(name) || (inQuery !== undefined && inBody !== undefined)) throw Invalid.param(name, 'must be given once');
    const given = inBody ?? inQuery;
    const inPath = path?.[name];
    if (inPath !== undefined && given !== undefined && given !== inPath) throw Invalid.param(name, 'must be given once');
  }
}

async function readOnce(request: FastifyRequest, options: ReadParamsOptions): Promise<RequestParams> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((request.query as Record<string, unknown>) ?? {})) {
    values[name] = Array.isArray(value) ? RepeatedField.from(value.map(String)) : value;
  }
  const files: UploadedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  };

  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) {
      refuseAmbiguousIdentifiers(request);
      return { values, files, cleanup };
    }
    // An array, a number or a string is no set of parameters; read as none, it would start work.
    if (typeof body !== 'object' || Array.isArray(body)) throw Invalid.param('body', 'must be a JSON object');
    const repeated = new Set(Object.keys(body).filter((name) => (body as Record<string, unknown>)[name] instanceof RepeatedField));
    refuseAmbiguousIdentifiers(request, body as Record<string, unknown>, repeated);
    Object.assign(values, body);
    return { values, files, cleanup };
  }

  const accepts = (field: string) => options.fileFields === 'any' || (options.fileFields ?? ['file']).includes(field);
  const formValues: Record<string, unknown> = {};
  const repeated = new Set<string>();
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes, fields: 200, fieldSize: 1024 * 1024, files: 10 } })) {
      if (part.fieldname in formValues) repeated.add(part.fieldname);
      if (part.type === 'field') {
        // @fastify/multipart hands a field typed application/json over already parsed: it is
        // that JSON value, as a file part of that type is.
        if (part.mimetype === 'application/json') formValues[part.fieldname] = part.value;
        else addValue(formValues, part.fieldname, String(part.value));
        continue;
      }
      if (!accepts(part.fieldname)) {
        if (part.mimetype !== 'application/json') throw Invalid.param(part.fieldname, 'must be a form value, not a file');
        formValues[part.fieldname] = parseJsonPart(part.fieldname, await part.toBuffer());
        continue;
      }
      if (options.fileFields !== 'any' && files.some((file) => file.field === part.fieldname)) throw Invalid.param(part.fieldname, 'send one file');
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
    // Refused mid-body (a full disk, a part refused): the rest of the body is still arriving,
    // unpiped from the parser. Read away, it lets the answer through and the connection's next
    // request be heard; left unread, that request would wait behind it for good.
    request.raw.resume();
    await cleanup();
    if (error instanceof Invalid) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxFileBytes);
    throw multipartError(error);
  }
  try {
    refuseAmbiguousIdentifiers(request, formValues, repeated);
  } catch (error) {
    await cleanup();
    throw error;
  }
  Object.assign(values, formValues);
  return { values, files, cleanup };
}

/** How large an uploaded file may be, over REST and GraphQL alike (MAX_UPLOAD_MB); handed down by the composition root. */
export interface UploadLimits {
  maxFileBytes: number;
}

/** Where a request's uploads go (the blob store's scratch space) and how large they may be. */
export function readParamsOptions(scratch: { tmpPath(): string }, limits: UploadLimits): ReadParamsOptions {
  return { tmpPath: () => scratch.tmpPath(), maxFileBytes: limits.maxFileBytes };
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
  else if (existing instanceof RepeatedField) existing.push(value);
  // A JSON part of the same name is no earlier form value: the later field replaces it.
  else target[name] = typeof existing === 'string' ? RepeatedField.of(existing, value) : value;
}

function parseJsonPart(field: string, bytes: Buffer): unknown {
  if (bytes.length > MAX_JSON_PART_BYTES) throw Invalid.param(field, `must be at most ${MAX_JSON_PART_BYTES} bytes of JSON`);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw Invalid.param(field, 'must be valid JSON');
  }
}

/** Parses urlencoded bodies keeping repeated fields (`boosted_words[]=a&boosted_words[]=b`). */
export function parseUrlEncoded(body: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) addValue(values, name, value);
  return values;
}
