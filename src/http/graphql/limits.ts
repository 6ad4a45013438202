import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, parse, type ASTVisitor, type DocumentNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Fields whose every occurrence can bring megabytes (a document's full text) or read a whole
 * knowledge base (a search embeds the query and reads the index; a preview reads every
 * document): bounded per operation on their own, since depth, alias and cost counts see them
 * as cheap fields.
 */
const HEAVY_FIELDS = new Set(['Document.content', 'Query.searchKnowledgeBase', 'Query.embeddingPreview']);

/** What one GraphQL document may ask for, on every transport (GRAPHQL_MAX_*); handed down by the composition root. */
export interface GraphqlLimits {
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxHeavyFields: number;
}

/** Parsing stops at the token limit, so an oversized document costs no more than the limit. */
export function parseLimited(source: string, limits: GraphqlLimits): DocumentNode {
  return parse(source, { maxTokens: limits.maxTokens });
}

/** The validation rules the operation pipeline adds to graphql's own, for every transport. */
export function limitRules(limits: GraphqlLimits): ValidationRule[] {
  // graphql-armor throws by default, which would surface as an internal error; reported,
  // the refusal is an ordinary validation error and execution never starts.
  const report = { propagateOnRejection: false, onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)] };
  return [
    maxDepthRule({ n: limits.maxDepth, ...report }),
    maxAliasesRule({ n: limits.maxAliases, ...report }),
    costLimitRule({ maxCost: limits.maxCost, ...report }),
    heavyFieldsRule(limits.maxHeavyFields),
  ];
}

function heavyFieldsRule(max: number): ValidationRule {
  return (context): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        const parent = context.getParentType();
        if (!parent || !HEAVY_FIELDS.has(`${parent.name}.${node.name.value}`)) return;
        count += 1;
        if (count === max + 1) {
          context.reportError(
            new GraphQLError(`At most ${max} heavy fields (${[...HEAVY_FIELDS].join(', ')}) may be requested in one document.`, { nodes: [node] }),
          );
        }
      },
    };
  };
}
