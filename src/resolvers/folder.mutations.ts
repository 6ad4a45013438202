import { folderInput } from '../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';

type FolderArgs = { partner: string; kb: string; name: string };

export async function createFolder(ctx: GraphqlContext, args: FolderArgs) {
  return ctx.domain.knowledgeBases.createFolder(args.partner, args.kb, parseInput(folderInput, { name: args.name }).name);
}

export async function deleteFolder(ctx: GraphqlContext, args: FolderArgs) {
  await ctx.domain.knowledgeBases.deleteFolder(args.partner, args.kb, args.name);
  return true;
}
