import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { trackEventStream } from '../observability/metrics';
import type { Caller } from '../auth/api-keys';
import { Invalid, UnsupportedMedia } from '../domain/errors';
import { createGraphqlContext, type GraphqlContext } from '../resolvers/context';
import { readParams } from './request-params';
import type { DomainServices } from '../services';
import { GRAPHQL_PATH, identify, maskError } from './graphql-common';
import { graphiql } from './graphiql';
import { DirectQueries } from './graphql-direct';
import { graphqlLimits, useGraphqlLimits } from './graphql-limits';
import { useOperationMetrics } from './graphql-metrics';
import { bindUploads, releaseUploads } from './graphql-uploads';
import { registerGraphqlSockets, type GraphqlSockets } from './graphql-ws';
import { TrustedDocuments, useTrustedDocuments } from './trusted-documents';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller | null;
  requestId: string;
}

export interface GraphqlServer {
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  sockets: GraphqlSockets;
}

/**
 * GraphQL over HTTP (queries, mutations, SSE subscriptions) through yoga inside fastify, and
 * graphql-ws subscriptions on the same port and path.
 */
export async function registerGraphql(app: FastifyInstance, schema: GraphQLSchema, services: DomainServices): Promise<GraphqlServer> {
  const { PERSISTED_DOCUMENTS } = services.platform.config;
  const trusted = PERSISTED_DOCUMENTS ? TrustedDocuments.load(PERSISTED_DOCUMENTS) : null;
  const limits = graphqlLimits(services.platform.config);
  const createContext = (caller: Caller | null, requestId: string) => createGraphqlContext(services, caller, requestId);
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql.options,
    renderGraphiQL: graphiql.render,
    multipart: false,
    // CORS is set once for every door (./cors); yoga's own would double the headers.
    cors: false,
    landingPage: false,
    logging: false,
    maskedErrors: { maskError },
    plugins: [...(trusted ? [useTrustedDocuments(trusted)] : []), useGraphqlLimits(limits), useOperationMetrics()],
    context: ({ caller, requestId }) => createContext(caller, requestId),
  });
  const direct = new DirectQueries(schema, limits, trusted, createContext);

  const { maxFileBytes } = uploadLimits(services);
  await app.register(async (scope) => {
    await scope.register(import('@fastify/multipart'), { limits: { fileSize: maxFileBytes } });
    // Body parsing fails before the handler runs (bad JSON, no body, too large, a content
    // type fastify does not read); GraphQL clients get those in GraphQL's shape too.
    scope.setErrorHandler((error, _request, reply) => sendGraphqlError(reply, error));
    scope.route({
      url: GRAPHQL_PATH,
      method: ['GET', 'POST', 'OPTIONS'],
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
          if (bodyType === 'application/json' && (await direct.answer(request, reply, caller))) return reply;
          const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply, caller, requestId: request.id });
          return sendResponse(reply, response);
        }
        const params = await readParams(request, { tmpPath: () => services.platform.blobs.scratch.tmpPath(), maxFileBytes, fileFields: 'any' }).catch(
          (error) => error as Error,
        );
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

  const sockets = registerGraphqlSockets(app.server, schema, services, trusted);

  return { yoga, sockets };
}

// Fastify reads text/plain bodies too; yoga would refuse one with an empty answer.
const GRAPHQL_BODY_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function uploadLimits(services: DomainServices) {
  return { maxFileBytes: services.platform.config.MAX_UPLOAD_MB * 1024 * 1024 };
}

async function sendResponse(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  reply.status(response.status);
  // Only event streams need streaming; a JSON answer sent whole skips the stream machinery
  // that otherwise costs more than executing the query.
  const streaming =
    (response.headers.get('content-type') ?? '').startsWith('text/event-stream') || (response.headers.get('content-type') ?? '').startsWith('multipart/');
  if (streaming) trackEventStream((done) => reply.raw.once('close', done));
  return reply.send(streaming ? response.body : await response.text());
}

function sendGraphqlError(reply: FastifyReply, error: unknown) {
  const masked = maskError(error, 'Unexpected error.') as GraphQLError;
  const http = masked.extensions?.http;
  for (const [name, value] of Object.entries(http?.headers ?? {})) reply.header(name, value);
  const status = http?.status ?? 500;
  return reply.status(status).send({ errors: [masked.toJSON()] });
}

/** A multipart field's text; a missing one reads as `fallback`, and a repeated one cannot be JSON. */
function formText(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  return typeof value === 'string' ? value : '';
}
