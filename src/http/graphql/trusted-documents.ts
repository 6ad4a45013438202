import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { DomainError } from '../../domain/errors';

export class PersistedQueryOnly extends DomainError {
  readonly status = 400;
  readonly code = 'PERSISTED_QUERY_ONLY';
}

/** What a client sends for one operation, over HTTP, SSE or graphql-ws alike. */
export interface OperationParams {
  query?: unknown;
  documentId?: unknown;
  extensions?: unknown;
}

/**
 * The operations a frontend was built with (graphql-codegen's persisted-documents.json: hash →
 * operation text). Clients send only the hash; a full text is refused even when it is in the
 * manifest, so the manifest is the whole surface of the API and nothing else is parsed.
 */
export class TrustedDocuments {
  constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  /**
   * The manifest at `path`, checked whole, so that a bad file stops the start rather than a
   * request; the error says the path and what is wrong, for the start to name its variable.
   */
  static load(path: string): TrustedDocuments {
    const refuse = (reason: string) => new Error(`${path}: ${reason}`);
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw refuse(error instanceof SyntaxError ? `not JSON (${error.message})` : `cannot be read (${(error as Error).message})`);
    }
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) throw refuse('must be a JSON object of hash → operation text');
    const byHash = new Map<string, string>();
    for (const [hash, text] of Object.entries(manifest)) {
      if (typeof text !== 'string') throw refuse(`the entry ${hash} is not an operation text`);
      try {
        parse(text);
      } catch (error) {
        throw refuse(`the entry ${hash} is not a GraphQL document (${(error as Error).message})`);
      }
      byHash.set(hash, text);
    }
    if (byHash.size === 0) throw refuse('holds no operation');
    return new TrustedDocuments(byHash);
  }

  /** The manifest's text for the hash the client named; anything else is refused. */
  resolve(params: OperationParams): string {
    const hash = requestedHash(params);
    if (hash === undefined) throw new PersistedQueryOnly('Only persisted operations are accepted: send the hash of a known document, not its text');
    const text = this.byHash.get(hash);
    if (text === undefined) throw new PersistedQueryOnly('Only persisted operations are accepted: no known document has this hash');
    return text;
  }
}

/**
 * Both ways clients name a persisted document: the GraphQL-over-HTTP `documentId`, and the
 * `persistedQuery` extension that Apollo's and urql's clients send.
 */
function requestedHash(params: OperationParams): string | undefined {
  if (typeof params.documentId === 'string' && params.documentId !== '') return params.documentId;
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' && persisted.sha256Hash !== '' ? persisted.sha256Hash : undefined;
}
