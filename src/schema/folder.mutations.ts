import * as resolvers from '../resolvers/folder.mutations';
import { builder } from './builder';
import { FolderRef } from './folder';

builder.mutationFields((t) => ({
  createFolder: t.field({
    type: FolderRef,
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createFolder(ctx, args),
  }),
  deleteFolder: t.boolean({
    description: 'Deletes the folder and the documents in it, processing or not.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteFolder(ctx, args),
  }),
}));
