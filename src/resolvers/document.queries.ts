import { parseDocumentId } from '../domain/knowledge-base/knowledge-base.types';
import type { GraphqlContext } from './context';

/** Null when the knowledge base or the document does not exist, or the id is none of ours. */
export async function document(ctx: GraphqlContext, args: { partner: string; kb: string; id: string | number }) {
  const id = parseDocumentId(args.id);
  if (!id) return null;
  const kb = await ctx.domain.knowledgeBases.find(args.partner, args.kb);
  if (!kb) return null;
  const found = await ctx.loaders.documentById.load(id);
  return found && found.kbId === kb.id ? found : null;
}
