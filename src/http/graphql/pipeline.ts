import {
  execute,
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type Source,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Platform } from '../../platform';
import { graphqlErrorTally, graphqlOperationTally, graphqlUnexpectedErrors, type Tally } from '../../observability/metrics';
import type { GraphqlContext } from '../../resolvers/context';
import { maskError } from './common';
import { limitRules, parseLimited, type GraphqlLimits } from './limits';
import type { KeySubscriptions } from '../key-subscriptions';
import { afterward, SharedSubscriptions, type Result, type SubscriptionResults } from './shared-execution';
import type { OperationParams, TrustedDocuments } from './trusted-documents';

/** A document checked once, by its text: parsed and validated with every rule. */
interface CheckedDocument {
  /** Short and unique per text, so share keys need not repeat the whole query. */
  id: number;
  /** Null when the text does not parse (or is over the token limit). */
  document: DocumentNode | null;
  /** Why it cannot run, each with its code and HTTP status; empty when it can. */
  errors: readonly GraphQLError[];
  /** Per query name: its runs, and graphql-jit's compilation, made on the second so one-off documents cost no compile. */
  queries: Map<string, QueryRuns> | null;
  /** Set on each hit, cleared when eviction passes it over: see `check`. */
  used: boolean;
}

interface QueryRuns {
  runs: number;
  compiled: CompiledQuery | null;
}

/** Distinct documents kept; clients send a handful, so a full cache means someone varies them. */
const CACHED_DOCUMENTS = 500;
/** Texts kept for the comparison before the cache's lookup (`check`). */
const LAST_TEXTS = 64;
/** Real clients repeat a few short operations; a long text kept as a key would let a client park up to a megabyte per entry. */
const MAX_CACHED_TEXT_LENGTH = 16 * 1024;

/**
 * Every GraphQL operation, whichever transport brought it (HTTP JSON, GET and multipart, SSE,
 * graphql-ws), goes through here: the trusted-documents check, one cache of parsed and
 * validated documents (every limit is a validation rule, so each applies everywhere with the
 * same message and code), execution (queries compiled by graphql-jit from their second run,
 * subscriptions executed once per event for all alike subscribers), and one place where
 * errors are masked for the client and, when unexpected, logged with the request id and
 * operation and counted. A rule or a check added here holds for every transport.
 */
export class OperationPipeline {
  private readonly rules: readonly ValidationRule[];
  private readonly checked = new Map<string, CheckedDocument>();
  /** The last text found in `checked`, by its length: see `check`. */
  private readonly lastByLength = new Map<number, { text: string; checked: CheckedDocument }>();
  /** The checked entry of each cached document, for transports that hand back only the document (yoga). */
  private readonly byDocument = new WeakMap<DocumentNode, CheckedDocument>();
  private nextId = 0;
  private readonly shared: SharedSubscriptions;

  constructor(
    readonly schema: GraphQLSchema,
    private readonly limits: GraphqlLimits,
    readonly trusted: TrustedDocuments | null,
    private readonly logger: Platform['logger'],
    /** Where each key's subscriptions are counted against its cap, and ended when it is revoked. */
    private readonly keySubscriptions: KeySubscriptions,
  ) {
    this.rules = [...specifiedRules, ...limitRules(limits)];
    this.shared = new SharedSubscriptions((errors, args) => this.mask(errors, args));
  }

  /** The text to run: the manifest's for a trusted-documents deployment (a refusal otherwise), else the request's own. */
  textOf(params: OperationParams): string {
    if (this.trusted) return this.trusted.resolve(params);
    return typeof params.query === 'string' ? params.query : '';
  }

  /** The document of a text, or why it cannot run (client-ready errors); from the one cache. */
  prepare(params: OperationParams): DocumentNode | readonly GraphQLError[] {
    let text: string;
    try {
      text = this.textOf(params);
    } catch (error) {
      return [maskError(error, 'Unexpected error.') as GraphQLError];
    }
    const checked = this.check(text);
    return checked.errors.length > 0 || !checked.document ? checked.errors : checked.document;
  }

  /**
   * The type of the operation `params` name, read from the same cache that the run reads next
   * (a lookup, not a parse, for a document seen before); undefined when it cannot be told: a
   * refused or unparsable text, no operation of that name, or a text too long to be cached,
   * which is not parsed twice for this.
   */
  operationTypeOf(params: OperationParams & { operationName?: unknown }): OperationTypeNode | undefined {
    let text: string;
    try {
      text = this.textOf(params);
    } catch {
      return undefined;
    }
    if (text.length > MAX_CACHED_TEXT_LENGTH) return undefined;
    const { document } = this.check(text);
    if (!document) return undefined;
    return getOperationAST(document, typeof params.operationName === 'string' ? params.operationName : undefined)?.operation;
  }

  /** graphql's `parse` for transports that parse and validate in two steps (yoga); a refusal throws. */
  readonly parse = (source: string | Source): DocumentNode => {
    const checked = this.check(typeof source === 'string' ? source : source.body);
    if (!checked.document) throw checked.errors[0]!;
    return checked.document;
  };

  /** graphql's `validate` of a document `parse` gave: the cached answer. */
  readonly validate = (document: DocumentNode): readonly GraphQLError[] => this.byDocument.get(document)?.errors ?? this.checkDocument(document);

  /**
   * The cache keeps what is used with a second chance rather than in strict recency order: a
   * hit only marks its entry, and eviction moves a marked entry to the back instead of
   * dropping it. Reordering the map on every hit (a delete and a set) made V8 rebuild its
   * table every other request: two thirds of a cached lookup's cost.
   *
   * A request's text is a new string each time, so a map lookup by text first hashes all of
   * it. The last text found for each length is compared first, which reads the text as one
   * block without hashing it; clients repeat their few documents, so this is nearly every hit.
   */
  private check(text: string): CheckedDocument {
    const last = this.lastByLength.get(text.length);
    if (last !== undefined && last.text === text) {
      last.checked.used = true;
      return last.checked;
    }
    const cached = this.checked.get(text);
    if (cached) {
      cached.used = true;
      // A handful of lengths in use; many means texts vary, and the table starts over.
      if (this.lastByLength.size >= LAST_TEXTS) this.lastByLength.clear();
      this.lastByLength.set(text.length, { text, checked: cached });
      return cached;
    }
    let checked: CheckedDocument;
    try {
      const document = parseLimited(text, this.limits);
      checked = { id: ++this.nextId, document, errors: this.checkDocument(document), queries: null, used: false };
      this.byDocument.set(document, checked);
    } catch (error) {
      checked = { id: ++this.nextId, document: null, errors: [coded(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')], queries: null, used: false };
    }
    if (text.length > MAX_CACHED_TEXT_LENGTH) return checked;
    if (this.checked.size >= CACHED_DOCUMENTS) this.evictOne();
    this.checked.set(text, checked);
    return checked;
  }

  /** Drops the oldest entry not used since eviction last passed it; every used entry it passes goes to the back, unmarked. */
  private evictOne(): void {
    for (const [text, entry] of this.checked) {
      this.checked.delete(text);
      if (!entry.used) return;
      entry.used = false;
      this.checked.set(text, entry);
    }
  }

  private checkDocument(document: DocumentNode): readonly GraphQLError[] {
    return validate(this.schema, document, this.rules).map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED'));
  }

  /**
   * Runs a query or mutation: a query from its second run compiled, when graphql-jit can
   * compile it. The result's errors are masked (and logged when unexpected), and the operation
   * is counted.
   */
  readonly execute = (args: ExecutionArgs): Result => {
    const operation = getOperationAST(args.document, args.operationName);
    const finish = (done: ExecutionResult): ExecutionResult => {
      count(operation, args.operationName, Boolean(done.errors?.length));
      return done.errors ? { ...done, errors: this.mask(done.errors, args) } : done;
    };
    const compiled = operation?.operation === OperationTypeNode.QUERY ? this.compiled(args.document, args.operationName ?? '') : null;
    if (!compiled) return afterward(execute(args), finish);
    // graphql-jit words some errors otherwise than graphql-js and leaves out their locations: a
    // compiled run that met errors is made again by graphql-js, so every answer has graphql-js's
    // errors. A query only reads, so running it again changes nothing.
    return afterward(compiled.query(args.rootValue, args.contextValue, args.variableValues), (fast) =>
      fast.errors?.length ? afterward(execute(args), finish) : finish(fast),
    );
  };

  /**
   * Starts a subscription: its results are executed once per event for every subscriber of the
   * same operation, variables and caller (by graphql-jit once compiled). A refusal when it starts (another partner's resource)
   * is an ordinary result with errors, and so is a key that holds as many subscriptions as it
   * may (`SUBSCRIPTION_LIMIT`) or was just revoked. A key's subscription is held in
   * `keySubscriptions` until it ends, so the key's revocation ends it.
   */
  readonly subscribe = async (args: ExecutionArgs): Promise<SubscriptionResults | ExecutionResult> => {
    const keyId = (args.contextValue as GraphqlContext).caller?.keyId;
    const operation = getOperationAST(args.document, args.operationName);
    if (keyId !== undefined) {
      try {
        this.keySubscriptions.reserve(keyId);
      } catch (error) {
        count(operation, args.operationName, true);
        return { errors: this.mask([new GraphQLError((error as Error).message, { originalError: error as Error })], args) };
      }
    }
    // Compiled from the second subscription of a document on, as queries from their second run:
    // its events are then mapped by graphql-jit, a fraction of graphql-js's cost per event.
    const compiled = this.compiled(args.document, args.operationName ?? '');
    let outcome: SubscriptionResults | ExecutionResult;
    try {
      outcome = await this.shared.subscribe(args, this.shareKey(args), compiled);
    } catch (error) {
      if (keyId !== undefined) this.keySubscriptions.settle(keyId, null);
      throw error;
    }
    const started = Symbol.asyncIterator in outcome ? outcome : null;
    if (keyId !== undefined) this.keySubscriptions.settle(keyId, started);
    count(operation, args.operationName, !started && Boolean((outcome as ExecutionResult).errors?.length));
    return outcome;
  };

  /**
   * Errors as a client may see them: domain errors with their code (and HTTP status), anything
   * else masked as an internal error. What is masked, and what says the service is unavailable
   * or out of disk, is logged once here with the request id, the operation and the stack, and counted.
   */
  mask(errors: readonly GraphQLError[], args: Pick<ExecutionArgs, 'document' | 'operationName' | 'contextValue'>): GraphQLError[] {
    return errors.map((error) => {
      const masked = maskError(error, 'Unexpected error.') as GraphQLError;
      const code = masked.extensions?.code;
      if (code === INTERNAL_ERROR || code === 'SERVICE_UNAVAILABLE' || code === 'INSUFFICIENT_STORAGE') this.report(error, String(code), args);
      return masked;
    });
  }

  private report(error: GraphQLError, code: string, args: Pick<ExecutionArgs, 'document' | 'operationName' | 'contextValue'>): void {
    const operation = getOperationAST(args.document, args.operationName);
    const labels = { operation: operation?.name?.value ?? args.operationName ?? 'anonymous', type: operation?.operation ?? 'unknown' };
    graphqlUnexpectedErrors.inc({ ...labels, code });
    const { requestId } = (args.contextValue ?? {}) as Partial<GraphqlContext>;
    this.logger.error(
      { requestId, operation: labels.operation, operationType: labels.type, path: error.path?.join('.'), code, err: error.originalError ?? error },
      'GraphQL operation failed',
    );
  }

  private compiled(document: DocumentNode, operationName: string): CompiledQuery | null {
    const checked = this.byDocument.get(document);
    if (!checked) return null;
    const queries = (checked.queries ??= new Map<string, QueryRuns>());
    let query = queries.get(operationName);
    if (!query) {
      if (queries.size >= CACHED_DOCUMENTS) queries.clear();
      query = { runs: 0, compiled: null };
      queries.set(operationName, query);
    }
    query.runs += 1;
    if (query.runs === 2) {
      const compiled = compileQuery(this.schema, document, operationName || undefined);
      if (isCompiledQuery(compiled)) query.compiled = compiled;
    }
    return query.compiled;
  }

  /**
   * What a subscription's results depend on: the operation, its variables and who asks
   * (resources a key owns, partners it may see). Subscriptions alike in all three share each
   * event's execution.
   */
  private shareKey(args: ExecutionArgs): string {
    const { caller } = args.contextValue as GraphqlContext;
    const id = this.byDocument.get(args.document)?.id ?? 0;
    return `${caller?.keyId ?? ''}\n${id}\n${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}`;
  }
}

const INTERNAL_ERROR = 'INTERNAL_SERVER_ERROR';

/** A refusal before execution, with the code and status yoga gives it over HTTP, so every transport says the same. */
function coded(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { ...error.extensions, code, http: { spec: true, status: 400 } },
  });
}

/** Each operation's two tallies, found by its node: no label string is made per operation. */
const talliesByOperation = new WeakMap<OperationDefinitionNode, { operations: Tally; errors: Tally }>();

/** Counts one operation by name and type, and once more when it answered with errors. */
function count(operation: OperationDefinitionNode | null | undefined, operationName: string | null | undefined, failed: boolean): void {
  let tallies = operation ? talliesByOperation.get(operation) : undefined;
  if (!tallies) {
    const labels = { operation: operation?.name?.value ?? operationName ?? 'anonymous', type: operation?.operation ?? 'unknown' };
    tallies = { operations: graphqlOperationTally(labels), errors: graphqlErrorTally(labels) };
    // Only a named operation's labels follow from its node alone.
    if (operation?.name) talliesByOperation.set(operation, tallies);
  }
  tallies.operations.pending++;
  if (failed) tallies.errors.pending++;
}

/** Extensions that only steer the HTTP answer (status, headers); never shown to a client. */
const INTERNAL_EXTENSIONS = new Set(['http', 'unexpected']);

/** An error as a WebSocket message carries it: as yoga writes it over HTTP, without the HTTP-only extensions. */
export function clientError(error: GraphQLError): GraphQLFormattedError {
  const json = error.toJSON();
  if (!json.extensions) return json;
  const extensions = Object.fromEntries(Object.entries(json.extensions).filter(([name]) => !INTERNAL_EXTENSIONS.has(name)));
  const { extensions: _all, ...rest } = json;
  return Object.keys(extensions).length > 0 ? { ...rest, extensions } : rest;
}
