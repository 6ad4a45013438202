import { pageOfDocuments, type DocumentFilter } from '../domain/knowledge-base/document-list';
import type { PageRequest } from '../domain/shared/pagination';
import { byCreation, folderInfos, statsOf, type DocumentRecord, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { GraphqlContext } from './context';
import { loadAll } from './loaders';

/** One SMEMBERS and one MGET per request, whatever the number of documents or fields asking. */
export async function documents(ctx: GraphqlContext, kb: KnowledgeBaseRecord): Promise<DocumentRecord[]> {
  const ids = await ctx.loaders.documentIdsByKb.load(kb.id);
  const loaded = await loadAll(ctx.loaders.documentById, ids);
  return loaded.filter((document): document is DocumentRecord => document !== null && document.kbId === kb.id).sort(byCreation);
}

/** A page of the documents: the same one read per request, paged and filtered by the domain. */
export async function documentsConnection(ctx: GraphqlContext, kb: KnowledgeBaseRecord, args: PageRequest & DocumentFilter) {
  const { folder, state, ...page } = args;
  return pageOfDocuments(await documents(ctx, kb), page, { folder, state });
}

export async function folders(ctx: GraphqlContext, kb: KnowledgeBaseRecord) {
  return folderInfos(kb, await documents(ctx, kb));
}

export async function stats(ctx: GraphqlContext, kb: KnowledgeBaseRecord) {
  return statsOf(await documents(ctx, kb));
}
