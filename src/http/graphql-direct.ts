import type { FastifyReply, FastifyRequest } from 'fastify';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { execute, getOperationAST, OperationTypeNode, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Caller } from '../auth/api-keys';
import type { GraphqlContext } from '../resolvers/context';
import { limitRules, parseLimited, type GraphqlLimits } from './graphql-limits';
import { countOperation } from './graphql-metrics';
import type { TrustedDocuments } from './trusted-documents';

/** A document checked once: what the direct path needs to run it again. */
interface ReadyQuery {
  document: DocumentNode;
  operationName: string | undefined;
  /** graphql-jit's compilation, made on the document's second run so one-off documents cost no compile. */
  compiled?: CompiledQuery;
  runs: number;
}

/** The response media type yoga picks for each Accept header the direct path takes on. */
const ANSWER_TYPES = new Map<string | undefined, string>([
  [undefined, 'application/json; charset=utf-8'],
  ['*/*', 'application/json; charset=utf-8'],
  ['application/json', 'application/json; charset=utf-8'],
  ['application/graphql-response+json', 'application/graphql-response+json; charset=utf-8'],
]);

const PARAM_NAMES = new Set(['query', 'variables', 'operationName', 'extensions', 'documentId']);

/** Distinct documents (and operation names per document) kept; clients send a handful, so a full cache means someone varies them, and it starts over. */
const CACHED_DOCUMENTS = 500;

/**
 * The common GraphQL-over-HTTP request, a JSON POST of a query that runs without errors,
 * executed with its document parsed and validated once (with the same limit rules) and,
 * from its second run, compiled by graphql-jit; past yoga's Fetch adaptation and plugin
 * chain, which cost more than the execution itself. Everything else is left to yoga, which answers it as before: GET, event
 * streams, mutations, subscriptions, other Accept headers, unknown parameters, and any
 * result with errors, since error shapes and status codes are yoga's to decide. A query only
 * reads, so running one again there after a failed attempt here changes nothing.
 */
export class DirectQueries {
  private readonly rules: readonly ValidationRule[];
  /** Query text → operation name → the checked document, or null when yoga must answer it (invalid, not a query). */
  private readonly documents = new Map<string, Map<string | undefined, ReadyQuery | null>>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: GraphqlLimits,
    private readonly trusted: TrustedDocuments | null,
    private readonly context: (caller: Caller | null, requestId: string) => GraphqlContext,
  ) {
    this.rules = [...specifiedRules, ...limitRules(limits)];
  }

  /** Answers the request and returns true, or returns false, having sent nothing, for yoga to answer it. */
  async answer(request: FastifyRequest, reply: FastifyReply, caller: Caller | null): Promise<boolean> {
    const answerType = ANSWER_TYPES.get(request.headers.accept);
    if (!answerType) return false;
    const params = request.body as Record<string, unknown> | null | undefined;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
    for (const name in params) if (!PARAM_NAMES.has(name)) return false;
    const { variables, operationName, extensions } = params;
    if (!isObjectOrAbsent(variables) || !isObjectOrAbsent(extensions)) return false;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return false;
    const text = this.queryText(params);
    if (text === undefined) return false;
    const ready = this.ready(text, operationName ?? undefined);
    if (!ready) return false;

    const result = await this.run(ready, variables as Record<string, unknown> | null | undefined, this.context(caller, request.id));
    if (result.errors?.length) return false;
    countOperation(ready.document, ready.operationName, false);
    await reply.header('content-type', answerType).send(JSON.stringify(result));
    return true;
  }

  private run(ready: ReadyQuery, variables: Record<string, unknown> | null | undefined, context: GraphqlContext) {
    ready.runs += 1;
    if (ready.runs === 2) {
      const compiled = compileQuery(this.schema, ready.document, ready.operationName);
      if (isCompiledQuery(compiled)) ready.compiled = compiled;
    }
    if (ready.compiled) return ready.compiled.query(undefined, context, variables);
    return execute({ schema: this.schema, document: ready.document, operationName: ready.operationName, variableValues: variables, contextValue: context });
  }

  /** The text to run: the manifest's for a trusted-documents deployment, else the request's. */
  private queryText(params: Record<string, unknown>): string | undefined {
    if (this.trusted) {
      try {
        return this.trusted.resolve(params);
      } catch {
        return undefined;
      }
    }
    if (params.documentId !== undefined) return undefined;
    return typeof params.query === 'string' ? params.query : undefined;
  }

  private ready(text: string, operationName: string | undefined): ReadyQuery | null {
    let byOperation = this.documents.get(text);
    if (!byOperation) {
      if (this.documents.size >= CACHED_DOCUMENTS) this.documents.clear();
      byOperation = new Map();
      this.documents.set(text, byOperation);
    }
    let ready = byOperation.get(operationName);
    if (ready === undefined) {
      ready = this.check(text, operationName);
      if (byOperation.size >= CACHED_DOCUMENTS) byOperation.clear();
      byOperation.set(operationName, ready);
    }
    return ready;
  }

  private check(text: string, operationName: string | undefined): ReadyQuery | null {
    let document: DocumentNode;
    try {
      document = parseLimited(text, this.limits);
    } catch {
      return null;
    }
    if (validate(this.schema, document, this.rules).length > 0) return null;
    if (getOperationAST(document, operationName)?.operation !== OperationTypeNode.QUERY) return null;
    return { document, operationName, runs: 0 };
  }
}

function isObjectOrAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value));
}
