import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createYoga, maskError as defaultMaskError, type YogaServerInstance } from 'graphql-yoga';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Caller } from '../auth/api-keys';
import { DomainError, Invalid, RateLimited, Unauthorized } from '../domain/errors';
import { createGraphqlContext, type GraphqlContext } from '../resolvers/context';
import { readParams } from '../rest/request-params';
import type { Services } from '../services';
import { bindUploads, releaseUploads } from './graphql-uploads';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller | null;
}

export const GRAPHQL_PATH = '/graphql';

/** Turns domain errors into GraphQL errors with a code and HTTP status, in this one place. */
function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const original = (error as { originalError?: unknown } | null)?.originalError ?? error;
  if (original instanceof DomainError) {
    const extensions: Record<string, unknown> = { code: original.code, http: { status: original.status } };
    if (original instanceof Invalid && Object.keys(original.errors).length > 0) extensions.errors = original.errors;
    if (original instanceof RateLimited) extensions.retryAfterSeconds = original.retryAfterSeconds;
    return new GraphQLError(original.message, {
      nodes: error instanceof GraphQLError ? error.nodes : undefined,
      path: error instanceof GraphQLError ? error.path : undefined,
      extensions,
    });
  }
  return defaultMaskError(error, message, isDev);
}

/** Who calls: no key means anonymous (public fields only); a wrong key is refused outright. */
async function identify(services: Services, key: unknown): Promise<Caller | null> {
  if (key === undefined || key === null || key === '') return null;
  const caller = await services.platform.apiKeys.verify(typeof key === 'string' ? key : undefined);
  if (!caller) throw new Unauthorized();
  const decision = await services.platform.rateLimiter.hit(caller.keyId);
  if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  return caller;
}

export interface GraphqlServer {
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  closeSockets(): Promise<void>;
  socketCount(): number;
}

/**
 * GraphQL over HTTP (queries, mutations, SSE subscriptions) through yoga inside fastify, and
 * graphql-ws subscriptions on the same port and path.
 */
export async function registerGraphql(app: FastifyInstance, schema: GraphQLSchema, services: Services): Promise<GraphqlServer> {
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: { subscriptionsProtocol: 'WS' },
    multipart: false,
    landingPage: false,
    logging: false,
    maskedErrors: { maskError },
    context: ({ caller }) => createGraphqlContext(services, caller),
  });

  const { maxFileBytes } = uploadLimits(services);
  await app.register(async (scope) => {
    await scope.register(import('@fastify/multipart'), { limits: { fileSize: maxFileBytes } });
    scope.route({
      url: GRAPHQL_PATH,
      method: ['GET', 'POST', 'OPTIONS'],
      handler: async (request, reply) => {
        let caller: Caller | null;
        try {
          caller = await identify(services, request.headers['x-api-key']);
        } catch (error) {
          return sendGraphqlError(reply, error);
        }
        if (!request.isMultipart()) {
          const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply, caller });
          return sendResponse(reply, response);
        }
        const params = await readParams(request, { tmpPath: () => services.platform.blobs.tmpPath(), maxFileBytes, fileFields: 'any' }).catch((error) => error as Error);
        if (params instanceof Error) return sendGraphqlError(reply, params);
        let tokens: string[] = [];
        try {
          const operations = JSON.parse(String(params.values.operations ?? 'null')) as unknown;
          tokens = bindUploads(operations, JSON.parse(String(params.values.map ?? '{}')), params.files);
          const headers = new Headers();
          for (const [name, value] of Object.entries(request.headers)) {
            if (typeof value === 'string' && name !== 'content-type' && name !== 'content-length') headers.set(name, value);
          }
          headers.set('content-type', 'application/json');
          const url = `http://${request.headers.host ?? 'localhost'}${GRAPHQL_PATH}`;
          const response = await yoga.fetch(url, { method: 'POST', headers, body: JSON.stringify(operations) }, { req: request, reply, caller });
          const body = await response.text();
          response.headers.forEach((value, name) => reply.header(name, value));
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

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
  });

  useServer<Record<string, unknown>, { caller?: Caller | null }>(
    {
      // Yoga's enveloped execute/subscribe travel in rootValue so its plugins run over WebSocket too.
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args) as OperationResult,
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args) as OperationResult,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const key = params.apiKey ?? params['X-Api-Key'] ?? params['x-api-key'] ?? ctx.extra.request.headers['x-api-key'];
        try {
          ctx.extra.caller = await identify(services, key);
        } catch {
          return false;
        }
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const { schema: envelopedSchema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params: payload,
        });
        let document;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error as GraphQLError];
        }
        const errors = validate(envelopedSchema, document);
        if (errors.length > 0) return errors;
        await contextFactory();
        return {
          schema: envelopedSchema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: createGraphqlContext(services, ctx.extra.caller ?? null),
          rootValue: { execute, subscribe } satisfies Enveloped,
        };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => maskError(error, 'Unexpected error.') as GraphQLError),
    },
    sockets,
  );

  return {
    yoga,
    socketCount: () => sockets.clients.size,
    async closeSockets() {
      for (const client of sockets.clients) client.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

type OperationResult = Promise<ExecutionResult> | ExecutionResult | AsyncIterable<ExecutionResult>;

interface Enveloped {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

function uploadLimits(services: Services) {
  return { maxFileBytes: services.platform.config.MAX_UPLOAD_MB * 1024 * 1024 };
}

function sendResponse(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => reply.header(name, value));
  reply.status(response.status);
  return reply.send(response.body);
}

function sendGraphqlError(reply: FastifyReply, error: unknown) {
  const masked = maskError(error, 'Unexpected error.') as GraphQLError;
  const status = (masked.extensions?.http as { status?: number } | undefined)?.status ?? 500;
  if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.status(status).send({ errors: [masked.toJSON()] });
}
