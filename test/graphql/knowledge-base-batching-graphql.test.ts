import { describe, expect, it } from 'vitest';
import { execute } from '../support/graphql-client';
import { countCommandsOf } from '../support/redis-commands';
import { startTestApp } from '../support/test-app';
import { CreateDocumentsBatch, CreateKnowledgeBase, DeleteDocument, KnowledgeBaseQuery } from './knowledge-base-operations';

describe('batching', () => {
  it('reads a knowledge base with its documents in the same number of Redis commands for 5 and for 200 documents', async () => {
    const api = await startTestApp({ ROLE: 'api', RATE_LIMIT_PER_MINUTE: '100000' });
    const counter = await countCommandsOf(api.app.services.platform.redis.commands, api.redis.url);
    try {
      const apiKey = await api.createKey('load');
      await execute(api.url, apiKey, CreateKnowledgeBase, { partner: 'load', name: 'Big' });
      const costOfQuery = async () => {
        let count = 0;
        const commands = await counter.count(
          async () => {
            const result = await execute(api.url, apiKey, KnowledgeBaseQuery, { partner: 'load', name: 'Big' });
            expect(result.errors).toBeUndefined();
            count = result.data!.knowledgeBase!.documents.length;
          },
          { withoutRateLimit: true },
        );
        return { count, commands };
      };
      const addDocuments = async (count: number, from: number) => {
        const urls = Array.from({ length: count }, (_, index) => `http://127.0.0.1:9/page-${from + index}`);
        const batch = await execute(api.url, apiKey, CreateDocumentsBatch, { partner: 'load', kb: 'Big', folder: `f${from % 3}`, urls });
        expect(batch.data!.createDocumentsBatch.summary.succeeded).toBe(count);
      };
      await addDocuments(5, 0);
      await costOfQuery();
      const few = await costOfQuery();
      await addDocuments(195, 5);
      const many = await costOfQuery();
      expect(few.count).toBe(5);
      expect(many.count).toBe(200);
      expect(few.commands).toBeGreaterThan(0);
      expect(many.commands).toBe(few.commands);

      const busy = (await execute(api.url, apiKey, KnowledgeBaseQuery, { partner: 'load', name: 'Big' })).data!.knowledgeBase!.documents[0]!;
      expect(busy.inQueues).toEqual(['DIGITIZE']);
      const refused = await execute(api.url, apiKey, DeleteDocument, { partner: 'load', kb: 'Big', id: busy.id, force: false });
      expect(refused.errors![0]).toMatchObject({ message: 'Document is currently being processed', extensions: { code: 'CONFLICT' } });
    } finally {
      counter.close();
      await api.close();
    }
  });
});
