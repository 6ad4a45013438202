import type { IncomingMessage } from 'node:http';
import { getOperationAST, type ExecutionArgs } from 'graphql';
import { contextOf, endSpan, runInSpan, SpanKind, startSpan, tracingOn, type Context } from '../../../observability/tracing';

/**
 * The trace a graphql-ws connection's operations belong to: the `traceparent` of its
 * connection_init payload (at its top or in its `headers`, where browser clients put what they
 * cannot send as headers), else of the upgrade request. Undefined when tracing is off.
 */
export function connectionTrace(request: IncomingMessage, params: Record<string, unknown> | undefined): Context | undefined {
  if (!tracingOn()) return undefined;
  const headers = params?.headers;
  for (const carrier of [params, headers && typeof headers === 'object' ? (headers as Record<string, unknown>) : undefined]) {
    if (typeof carrier?.traceparent === 'string') return contextOf(carrier);
  }
  return contextOf(request.headers);
}

/** Each operation's arguments, with the trace of the connection it came over (set when prepared). */
const traces = new WeakMap<object, Context>();

export function rememberTrace(args: ExecutionArgs, trace: Context | undefined): ExecutionArgs {
  if (trace && args.contextValue && typeof args.contextValue === 'object') traces.set(args.contextValue, trace);
  return args;
}

/**
 * A server span for each query or mutation run over a graphql-ws connection, in the
 * connection's trace, with the operation's type and name (never its variables). A
 * subscription's span covers its start (the check and the first read); its later events are
 * not traced one by one: each comes from a write whose own trace (the request's, or the job's
 * that made it) has the work that caused it.
 */
export function tracedOperation<T>(run: (args: ExecutionArgs) => T): (args: ExecutionArgs) => T {
  if (!tracingOn()) return run;
  return (args) => {
    const operation = getOperationAST(args.document, args.operationName);
    const type = operation?.operation ?? 'query';
    const name = args.operationName ?? operation?.name?.value;
    const span = startSpan(`graphql-ws ${type}${name ? ` ${name}` : ''}`, {
      kind: SpanKind.SERVER,
      parent: traces.get(args.contextValue as object) ?? contextOf(undefined),
      attributes: { 'graphql.operation.type': type, ...(name && { 'graphql.operation.name': name }), 'network.protocol.name': 'websocket' },
    });
    try {
      const result = runInSpan(span, () => run(args));
      if (result instanceof Promise) {
        result.then(
          () => endSpan(span),
          (error: unknown) => endSpan(span, error),
        );
      } else endSpan(span);
      return result;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  };
}
