import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { writeRequestLine, type Logger } from '../logger';
import type { HttpServices, HttpSettings } from './http-services';
import { registerCompression } from './compression';
import { registerConsole } from './console-page';
import { registerCors } from './cors';
import { registerFrontPage } from './front-page';
import { registerGraphql, type GraphqlServer } from './graphql';
import type { KeySubscriptions } from './key-subscriptions';
import { refuseSingleConnectionMode } from './graphql/sse/single-connection-mode';
import { registerObservability, requestIdOf } from './observability';
import type { ApiDescription, CollectedRoute } from './openapi/document';
import { operationsDocs } from './openapi/operations.docs';
import { registerPageHeaders } from './page-headers';
import { requestTraceFields, spanOf, registerTracing } from './tracing';
import { traceFields } from '../observability/tracing';
import { registerApiReference } from './openapi/reference';
import { checkReadiness } from './readiness';
import { parseUrlEncoded } from './request-params';
import { endRevokedKeys } from './revoked-keys';

export interface HttpServer {
  app: FastifyInstance;
  graphql: GraphqlServer;
  /** Every route as registered, so checks that must cover them all (tests) cannot miss one. */
  routes: readonly CollectedRoute[];
}

export interface HttpServerOptions {
  /** Answers errors the router raises before any route is chosen, in the dialect of the path's API. */
  frameworkErrors: (error: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;
  /** Registers the REST doors; they sit above this transport layer, so they come in from outside. */
  registerRest: (app: FastifyInstance) => Promise<void>;
  /** What /openapi.json says beyond the routes' own descriptions: title, tags, path parameters. */
  apiDescription: Omit<ApiDescription, 'isUndocumented' | 'securitySchemes'>;
  settings: HttpSettings;
  /**
   * The places each key holds in this process (LIVE_MAX_SUBSCRIPTIONS_PER_KEY), for GraphQL's
   * subscriptions and the REST output streams alike; the same instance `registerRest` hands its
   * streams, so one cap counts both, and a revoked key's are ended together.
   */
  keySubscriptions: KeySubscriptions;
}

/**
 * One log line per request, when it ends: what it asked (method, URL with any key masked),
 * the route it matched, its status and how long it took, with its requestId. Fastify's own
 * pair of lines (incoming, completed) cost twice the serialisation and writes on every request.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly logger: FastifyBaseLogger) {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Through the process's logger with the id in the line: most requests log nothing else, so
    // their child logger (below) is never made.
    const route = request.routeOptions.url ?? 'unmatched';
    if (error) {
      this.logger.error(
        {
          requestId: request.id,
          req: request,
          route,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
          err: error,
          ...traceFields(spanOf(request)),
        },
        'request errored',
      );
      return;
    }
    const ids = spanOf(request)?.spanContext();
    writeRequestLine(this.logger as Logger, {
      requestId: request.id,
      method: request.method,
      url: request.url,
      host: request.host,
      remoteAddress: request.ip,
      route,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      // Read off the span itself, not spread from a new object: this line is written for every request.
      trace_id: ids?.traceId,
      span_id: ids?.spanId,
    });
  }
}

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger, made when the request first logs: a pino child per request (its
 * bindings serialised, its prototype chain built) is measurable at thousands of requests a
 * second, and most requests log only their one line.
 */
class ChildOnFirstUse {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object,
    private readonly raw: IncomingMessage,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child({ ...this.bindings, ...requestTraceFields(this.raw) }, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
for (const method of LOG_METHODS) {
  Object.defineProperty(ChildOnFirstUse.prototype, method, {
    value(this: ChildOnFirstUse, ...args: unknown[]) {
      const logger = (this as unknown as { logger: Record<string, (...args: unknown[]) => void> }).logger;
      logger[method]!(...args);
    },
  });
}

/** One fastify server: the REST APIs, GraphQL over HTTP and SSE, and graphql-ws on the same port. */
export async function buildHttpServer(services: HttpServices, schema: GraphQLSchema, options: HttpServerOptions): Promise<HttpServer> {
  const app = Fastify({
    // Widened on purpose: typed as pino's Logger, every route type would carry it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: services.platform.logger as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    // Voice and knowledge base names reach 255 characters, and percent-encoding triples them.
    routerOptions: { maxParamLength: 1024 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: options.frameworkErrors,
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(services.platform.logger as FastifyBaseLogger),
    childLoggerFactory: (logger, bindings, options, raw) => new ChildOnFirstUse(logger, bindings, options, raw) as unknown as FastifyBaseLogger,
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseUrlEncoded(String(body)));
  });
  // First: its onRoute hook wraps every route's handler, so the routes come after it.
  registerTracing(app);
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, doc: route.config?.openapi });
  });
  const { settings } = options;
  registerObservability(app, settings.metricsSecrets);
  registerPageHeaders(app);
  await registerCors(app, settings.corsOrigins);
  await registerCompression(app);
  app.get('/healthz', { config: { openapi: operationsDocs.healthz } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { openapi: operationsDocs.readyz } }, async (_request, reply) => {
    const { ready, checks, engines } = await checkReadiness(services.platform, services.domain.engines);
    const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    if (!ready) reply.status(503).header('Retry-After', '5');
    return ready ? { status: 'ok', checks, engines } : { status: 'unavailable', failing, checks, engines };
  });
  registerConsole(app);
  registerFrontPage(app);
  await options.registerRest(app);
  registerApiReference(app, routes, options.apiDescription);
  const graphql = await registerGraphql(app, schema, services, settings, options.keySubscriptions);
  endRevokedKeys(app, services.platform.apiKeys, [graphql.sockets, options.keySubscriptions]);
  await refuseSingleConnectionMode(app);
  return { app, graphql, routes };
}
