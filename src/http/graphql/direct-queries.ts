import type { FastifyReply, FastifyRequest } from 'fastify';
import { getOperationAST, OperationTypeNode, type ExecutionResult } from 'graphql';
import type { Caller } from '../../domain/shared/caller';
import type { GraphqlContext } from '../../resolvers/context';
import type { OperationPipeline } from './pipeline';

/** The response media type yoga picks for each Accept header the direct path takes on. */
const ANSWER_TYPES = new Map<string | undefined, string>([
  [undefined, 'application/json; charset=utf-8'],
  ['*/*', 'application/json; charset=utf-8'],
  ['application/json', 'application/json; charset=utf-8'],
  ['application/graphql-response+json', 'application/graphql-response+json; charset=utf-8'],
]);

const PARAM_NAMES = new Set(['query', 'variables', 'operationName', 'extensions', 'documentId']);

/**
 * The common GraphQL-over-HTTP request, a JSON POST of a query, run through the operation
 * pipeline past yoga's Fetch adaptation and plugin chain, which cost more than the execution
 * itself. A result without errors is sent from here; one with errors goes back for yoga to
 * shape (status codes and error shapes are yoga's), as it is, without running again.
 * Everything else is left to yoga from the start: GET, event streams, mutations,
 * subscriptions, other Accept headers, unknown parameters, refused documents.
 */
export class DirectQueries {
  constructor(
    private readonly pipeline: OperationPipeline,
    private readonly context: (caller: Caller | null, requestId: string) => GraphqlContext,
  ) {}

  /**
   * The answer's JSON text, its content type set on `reply`, for the handler to return as
   * REST's handlers return theirs; a result for yoga to answer with; false, having run
   * nothing, for yoga to answer alone.
   */
  async answer(request: FastifyRequest, reply: FastifyReply, caller: Caller | null): Promise<string | ExecutionResult | false> {
    const answerType = ANSWER_TYPES.get(request.headers.accept);
    if (!answerType) return false;
    const params = request.body as Record<string, unknown> | null | undefined;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
    for (const name in params) if (!PARAM_NAMES.has(name)) return false;
    const { variables, operationName, extensions } = params;
    if (!isObjectOrAbsent(variables) || !isObjectOrAbsent(extensions)) return false;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return false;
    // A `documentId` without trusted documents is yoga's to refuse.
    if (!this.pipeline.trusted && params.documentId !== undefined) return false;
    const document = this.pipeline.prepare(params);
    if (!('kind' in document)) return false;
    if (getOperationAST(document, operationName)?.operation !== OperationTypeNode.QUERY) return false;

    const result = await this.pipeline.execute({
      schema: this.pipeline.schema,
      document,
      operationName,
      variableValues: variables as Record<string, unknown> | null | undefined,
      contextValue: this.context(caller, request.id),
    });
    if (result.errors?.length) return result;
    reply.header('content-type', answerType);
    return JSON.stringify(result);
  }
}

function isObjectOrAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value));
}
