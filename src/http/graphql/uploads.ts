import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { Invalid } from '../../domain/errors';
import type { UploadedFile } from '../../domain/shared/uploaded-file';

/**
 * Files of a GraphQL multipart request are streamed to disk before the operation runs
 * (yoga's own parser would hold them in memory). Each file's place in the variables is
 * taken by an unguessable token that the Upload scalar turns back into the file, valid
 * only while its request runs.
 */
const pendingUploads = new Map<string, UploadedFile>();
const TOKEN_PREFIX = 'upload:';

export function takeUpload(value: unknown): UploadedFile {
  const file = typeof value === 'string' ? pendingUploads.get(value) : undefined;
  if (!file) throw new GraphQLError('Upload must be a file sent with the GraphQL multipart request spec');
  return file;
}

/** Puts the uploaded files into `operations` as the `map` field says; returns the tokens to release. */
export function bindUploads(operations: unknown, map: unknown, files: readonly UploadedFile[]): string[] {
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw new Invalid('map: must be a JSON object', { map: ['must be a JSON object'] });
  const tokens: string[] = [];
  for (const [field, paths] of Object.entries(map as Record<string, unknown>)) {
    const file = files.find((candidate) => candidate.field === field);
    if (!file) throw new Invalid(`map: file ${field} is missing`, { map: [`file ${field} is missing`] });
    if (!Array.isArray(paths)) throw new Invalid('map: paths must be arrays', { map: ['paths must be arrays'] });
    for (const path of paths) {
      const token = `${TOKEN_PREFIX}${randomUUID()}`;
      pendingUploads.set(token, file);
      tokens.push(token);
      setAtPath(operations, String(path), token);
    }
  }
  return tokens;
}

export function releaseUploads(tokens: readonly string[]): void {
  for (const token of tokens) pendingUploads.delete(token);
}

function setAtPath(target: unknown, path: string, value: string): void {
  const segments = path.split('.');
  let node = target as Record<string, unknown>;
  for (const [position, segment] of segments.entries()) {
    if (segment === '__proto__' || segment === 'constructor' || segment === 'prototype') break;
    if (position === segments.length - 1) {
      if (node && typeof node === 'object' && node[segment] === null) {
        node[segment] = value;
        return;
      }
      break;
    }
    const next = node?.[segment];
    if (!next || typeof next !== 'object') break;
    node = next as Record<string, unknown>;
  }
  throw new Invalid(`map: ${path} does not point at a null variable`, { map: [`${path} does not point at a null variable`] });
}
