import type { FolderInfo } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const FolderRef = builder.objectRef<FolderInfo>('Folder').implement({
  description: 'A folder of a knowledge base.',
  fields: (t) => ({
    name: t.exposeString('name'),
    documentCount: t.exposeInt('documentCount'),
  }),
});
