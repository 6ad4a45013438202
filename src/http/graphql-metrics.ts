import { getOperationAST, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { graphqlErrors, graphqlOperations } from '../observability/metrics';

/** Counts one operation by name and type, and once more when it answered with errors. */
export function countOperation(document: DocumentNode, operationName: string | null | undefined, failed: boolean): void {
  const operation = getOperationAST(document, operationName);
  const labels = { operation: operation?.name?.value ?? operationName ?? 'anonymous', type: operation?.operation ?? 'unknown' };
  graphqlOperations.inc(labels);
  if (failed) graphqlErrors.inc(labels);
}

function failed(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'errors' in result && Array.isArray(result.errors) && result.errors.length > 0;
}

/** The yoga side: queries and mutations as they finish, subscriptions as they start. */
export function useOperationMetrics(): Plugin {
  return {
    // envelop types the arguments loosely; they are graphql's ExecutionArgs.
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result }) => countOperation(args.document as DocumentNode, args.operationName as string | undefined, failed(result)),
    }),
    onSubscribe: ({ args }) => ({
      onSubscribeResult: ({ result }) => countOperation(args.document as DocumentNode, args.operationName as string | undefined, failed(result)),
    }),
  };
}
