import * as resolvers from '../resolvers/document-content.mutations';
import { builder } from './builder';
import { DocumentRef } from './document';
import { DocumentContentKindEnum } from './document-content-kind';

builder.mutationFields((t) => ({
  updateDocumentContent: t.field({
    type: DocumentRef,
    description: 'Replaces one text of the document; an ORIGINAL given as text becomes a plain-text original.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: DocumentContentKindEnum, required: true }),
      content: t.arg.string({ required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.updateDocumentContent(ctx, args),
  }),
  uploadDocumentContent: t.field({
    type: DocumentRef,
    description: 'Stores a file as the ORIGINAL, or reads a text document (text, Markdown, HTML, PDF, DOCX) into the other kinds.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: DocumentContentKindEnum, required: true }),
      file: t.arg({ type: 'Upload', required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.uploadDocumentContent(ctx, args),
  }),
}));
