import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OperationTypeNode, type DocumentNode, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { trackEventStream } from '../../observability/metrics';
import type { Caller } from '../../domain/shared/caller';
import { Invalid, UnsupportedMedia } from '../../domain/errors';
import { createGraphqlContext, type GraphqlContext } from '../../resolvers/context';
import { readParams, readParamsOptions } from '../request-params';
import type { HttpServices, HttpSettings } from '../http-services';
import { GRAPHQL_PATH, identify, maskError } from './common';
import { graphiql } from './graphiql';
import { DirectQueries } from './direct-queries';
import type { KeySubscriptions } from '../key-subscriptions';
import { clientError, OperationPipeline } from './pipeline';
import { bindUploads, releaseUploads } from './uploads';
import { registerGraphqlSockets, type GraphqlSockets } from './ws';
import { EventStreamResults } from './sse/event-stream-results';
import { SharedPayloads } from './live-results';
import type { OperationParams } from './trusted-documents';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller | null;
  requestId: string;
  /** A result the direct path already computed, for yoga only to answer with. */
  answered?: ExecutionResult;
}

export interface GraphqlServer {
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  sockets: GraphqlSockets;
}

/**
 * GraphQL over HTTP (queries, mutations, SSE subscriptions) through yoga inside fastify, and
 * graphql-ws subscriptions on the same port and path. Subscriptions take their key's places
 * in `keySubscriptions`, which the REST output streams share.
 */
export async function registerGraphql(
  app: FastifyInstance,
  schema: GraphQLSchema,
  services: HttpServices,
  settings: Pick<HttpSettings, 'graphql' | 'uploads'>,
  keySubscriptions: KeySubscriptions,
): Promise<GraphqlServer> {
  const { limits, trusted, live } = settings.graphql;
  const pipeline = new OperationPipeline(schema, limits, trusted, services.platform.logger, keySubscriptions);
  // Each pushed result is serialised once for every subscriber, over either transport.
  const payloads = new SharedPayloads();
  const createContext = (caller: Caller | null, requestId: string) => createGraphqlContext(services.domain, caller, requestId);
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql.options,
    renderGraphiQL: graphiql.render,
    multipart: false,
    // CORS is set once for every door (../cors); yoga's own would double the headers.
    cors: false,
    landingPage: false,
    logging: false,
    // The pipeline masks, logs and counts every operation's errors; what reaches yoga's own
    // masking is a fault outside any operation, logged here.
    maskedErrors: { maskError: (error, message) => reportStray(services, error, maskError(error, message)) },
    // The pipeline's cache is the only one, shared with the WebSocket transport.
    parserAndValidationCache: false,
    plugins: [usePipeline(pipeline, payloads, live.budgetBytes)],
    context: ({ caller, requestId }) => createContext(caller, requestId),
  });
  const direct = new DirectQueries(pipeline, createContext);

  const uploads = readParamsOptions(services.platform.blobs.scratch, settings.uploads);
  await app.register(async (scope) => {
    await scope.register(import('@fastify/multipart'), { limits: { fileSize: uploads.maxFileBytes } });
    // Body parsing fails before the handler runs (bad JSON, no body, too large, a content
    // type fastify does not read); GraphQL clients get those in GraphQL's shape too.
    scope.setErrorHandler((error, _request, reply) => sendGraphqlError(reply, error));
    scope.route({
      url: GRAPHQL_PATH,
      method: ['GET', 'POST', 'OPTIONS'],
      config: { mayStartWork: (request) => mayStartWork(pipeline, request) },
      handler: async (request, reply) => {
        let caller: Caller | null;
        try {
          caller = await identify(services, request.headers['x-api-key'], request.ip);
        } catch (error) {
          return sendGraphqlError(reply, error);
        }
        const multipart = request.isMultipart();
        const bodyType = request.method === 'POST' && !multipart ? mediaType(request) : undefined;
        if (bodyType !== undefined && !GRAPHQL_BODY_TYPES.has(bodyType)) {
          return sendGraphqlError(reply, new UnsupportedMedia('Unsupported content type: send application/json or multipart/form-data'));
        }
        if (!multipart) {
          const answered = bodyType === 'application/json' ? await direct.answer(request, reply, caller) : false;
          if (typeof answered === 'string') return answered;
          const context: ServerContext = { req: request, reply, caller, requestId: request.id, ...(answered && { answered }) };
          const response = await yoga.handleNodeRequestAndResponse(request, reply, context);
          return sendResponse(reply, response);
        }
        const params = await readParams(request, { ...uploads, fileFields: 'any' }).catch((error) => error as Error);
        if (params instanceof Error) return sendGraphqlError(reply, params);
        let tokens: string[] = [];
        try {
          const operations = JSON.parse(formText(params.values.operations, 'null')) as unknown;
          tokens = bindUploads(operations, JSON.parse(formText(params.values.map, '{}')), params.files);
          const headers = new Headers();
          for (const [name, value] of Object.entries(request.headers)) {
            if (typeof value === 'string' && name !== 'content-type' && name !== 'content-length') headers.set(name, value);
          }
          headers.set('content-type', 'application/json');
          const url = `http://${request.headers.host ?? 'localhost'}${GRAPHQL_PATH}`;
          const response = await yoga.fetch(
            url,
            { method: 'POST', headers, body: JSON.stringify(operations) },
            { req: request, reply, caller, requestId: request.id },
          );
          const body = await response.text();
          response.headers.forEach((value, name) => {
            reply.header(name, value);
          });
          return reply.status(response.status).send(body);
        } catch (error) {
          return sendGraphqlError(reply, error instanceof SyntaxError ? new Invalid('operations and map must be JSON') : error);
        } finally {
          releaseUploads(tokens);
          await params.cleanup();
        }
      },
    });
  });

  const sockets = registerGraphqlSockets(app.server, pipeline, services, payloads, keySubscriptions, live);
  return { yoga, sockets };
}

/**
 * For tracing (`../tracing`): whether a GraphQL POST may start work, so that its handler runs
 * with the request's span active and the jobs it queues join its trace. A mutation may; a
 * query or a subscription reads. The answer is the pipeline's own parse of the document that
 * will run, from its cache (a lookup for a document seen before), so no word in a comment or a
 * string and no choice of `operationName` fools it. Where it cannot tell (a multipart upload,
 * whose body is read later; a batch; a document it cannot parse or name) it answers yes. Either
 * way a wrong answer changes no result: a mutation taken for a read would leave its jobs in
 * traces of their own, a read taken for a mutation pays for the active context.
 */
function mayStartWork(pipeline: OperationPipeline, request: FastifyRequest): boolean {
  const params = request.body;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return true;
  const type = pipeline.operationTypeOf(params);
  return type !== OperationTypeNode.QUERY && type !== OperationTypeNode.SUBSCRIPTION;
}

// Fastify reads text/plain bodies too; yoga would refuse one with an empty answer.
const GRAPHQL_BODY_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

function mediaType(request: FastifyRequest): string {
  const header = request.headers['content-type'] ?? '';
  // As nearly every client sends it, with nothing to take apart.
  if (header === 'application/json') return header;
  return header.split(';')[0]!.trim().toLowerCase();
}

async function sendResponse(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  // The one page yoga answers with: GraphiQL, for a browser's GET.
  if (response.headers.get('content-type')?.startsWith('text/html')) reply.header('Content-Security-Policy', graphiql.contentSecurityPolicy());
  reply.status(response.status);
  // Only event streams need streaming; a JSON answer sent whole skips the stream machinery
  // that otherwise costs more than executing the query.
  const streaming =
    (response.headers.get('content-type') ?? '').startsWith('text/event-stream') || (response.headers.get('content-type') ?? '').startsWith('multipart/');
  if (streaming) trackEventStream((done) => reply.raw.once('close', done));
  return reply.send(streaming ? response.body : await response.text());
}

/**
 * The transport's side of the operation pipeline, as one yoga plugin: trusted documents,
 * parsing and validation from the pipeline's cache, and execution through it. A result the
 * direct path computed is answered as it is.
 */
function usePipeline(pipeline: OperationPipeline, payloads: SharedPayloads, budgetBytes: number): Plugin<ServerContext & GraphqlContext> {
  return {
    onParams({ params, setParams, setResult, context }) {
      const { answered } = context as unknown as ServerContext;
      if (answered) return setResult(answered);
      if (!pipeline.trusted) return;
      const { documentId: _named, ...rest } = params as typeof params & { documentId?: unknown };
      setParams({ ...rest, query: pipeline.textOf(params as OperationParams) });
    },
    onParse({ setParseFn }) {
      setParseFn(pipeline.parse);
    },
    onValidate({ params, setResult }) {
      setResult([...pipeline.validate(params.documentAST as DocumentNode)]);
    },
    onExecute({ setExecuteFn }) {
      setExecuteFn(pipeline.execute);
    },
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(async (args) => {
        const outcome = await pipeline.subscribe(args);
        if (!(Symbol.asyncIterator in outcome)) return outcome;
        const response = (args.contextValue as ServerContext).reply.raw;
        return new EventStreamResults(outcome, payloads, budgetBytes, () => {
          if (!response.writableFinished) response.destroy();
        });
      });
    },
  };
}

/**
 * A fault that reached yoga outside any operation: masked like the rest, and logged. What the
 * pipeline masked (and logged) comes back as it was, and is not logged again.
 */
function reportStray(services: HttpServices, error: unknown, masked: Error): Error {
  if (masked !== error && (masked as GraphQLError).extensions?.code === 'INTERNAL_SERVER_ERROR') {
    services.platform.logger.error({ err: error }, 'GraphQL request failed');
  }
  return masked;
}

function sendGraphqlError(reply: FastifyReply, error: unknown) {
  const masked = maskError(error, 'Unexpected error.') as GraphQLError;
  const http = masked.extensions?.http;
  for (const [name, value] of Object.entries(http?.headers ?? {})) reply.header(name, value);
  const status = http?.status ?? 500;
  // As REST logs its 5xx answers.
  if (status >= 500) reply.log.error({ err: error }, 'GraphQL request failed');
  return reply.status(status).send({ errors: [clientError(masked)] });
}

/** A multipart field's text; a missing one reads as `fallback`, and a repeated one cannot be JSON. */
function formText(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  return typeof value === 'string' ? value : '';
}
