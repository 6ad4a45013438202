import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { CONTENT_TYPES } from '../domain/knowledge-base/content-types';
import {
  batchInput,
  bulkRewriteInput,
  contentInput,
  contentKindParam,
  createDocumentInput,
  createKnowledgeBaseInput,
  deleteDocumentInput,
  documentTypeInput,
  documentUrlInput,
  emptyDocumentInput,
  folderInput,
  queueProcessInput,
  renameDocumentInput,
  startEmbeddingInput,
} from '../domain/knowledge-base/kb.inputs';
import { folderInfos } from '../domain/knowledge-base/kb.service';
import { Invalid, NotFound } from '../domain/errors';
import { parseInput } from '../domain/shared/validation';
import type { Services } from '../services';
import {
  batchJson,
  bulkRewriteJson,
  documentJson,
  embeddingInfoJson,
  embeddingStatusJson,
  folderJson,
  knowledgeBaseJson,
} from './kb.wire';
import { attachment } from './attachment';
import { paramsHandler, readParamsOptions, uploadedFile } from '../http/request-params';

type KbParams = { partner: string; kb: string };
type DocParams = KbParams & { doc_id: string };
type Req<P> = FastifyRequest<{ Params: P }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document id from the path; anything that is not one of our ids names no document. */
function documentId(id: string): string {
  if (!UUID.test(id)) throw new NotFound('Document not found');
  return id.toLowerCase();
}

/** The knowledge base service's routes: parse, authorize, call the knowledge base service, shape the answer. */
export function knowledgeBasesRoutes(services: Services) {
  const { knowledgeBases: kbs, platform } = services;
  const withParams = paramsHandler(readParamsOptions(platform));

  return async (app: FastifyInstance) => {
    app.get('/content_types', { config: { access: 'public' } }, async () => [...CONTENT_TYPES]);

    // Knowledge bases

    app.get('/knowledgebases/:partner', async (request: Req<{ partner: string }>) => {
      return (await kbs.listWithDocuments(request.params.partner)).map(knowledgeBaseJson);
    });

    app.post('/knowledgebases/:partner', async (request: Req<{ partner: string }>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(createKnowledgeBaseInput, params.values);
        const kb = await kbs.create(request.params.partner, { name: input.name, expertName: input.expert_name, userEmail: input.user_email });
        return reply.status(201).send(knowledgeBaseJson({ kb, documents: [] }));
      });
    });

    app.delete('/knowledgebases/:partner/:kb', async (request: Req<KbParams>, reply) => {
      await kbs.delete(request.params.partner, request.params.kb);
      return reply.status(204).send();
    });

    // Folders

    app.get('/folders/:partner/:kb', async (request: Req<KbParams>) => {
      return (await kbs.folders(request.params.partner, request.params.kb)).map(folderJson);
    });

    app.post('/folders/:partner/:kb', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(folderInput, params.values);
        const folder = await kbs.createFolder(request.params.partner, request.params.kb, input.name);
        return reply.status(201).send(folderJson(folder));
      });
    });

    app.delete('/folders/:partner/:kb/:folder', async (request: Req<KbParams & { folder: string }>, reply) => {
      await kbs.deleteFolder(request.params.partner, request.params.kb, request.params.folder);
      return reply.status(204).send();
    });

    // Documents

    app.get('/documents/:partner/:kb', async (request: Req<KbParams>) => {
      return knowledgeBaseJson(await kbs.getWithDocuments(request.params.partner, request.params.kb));
    });

    app.get('/kb-data/:partner/:kb', async (request: Req<KbParams>) => {
      const { kb, documents } = await kbs.getWithDocuments(request.params.partner, request.params.kb);
      return {
        name: kb.name,
        documents: documents.map(documentJson),
        folders: folderInfos(kb, documents).map(folderJson),
        embedding_info: embeddingInfoJson(kb),
      };
    });

    app.get('/kb-stats/:partner/:kb', async (request: Req<KbParams>) => {
      return kbs.stats(request.params.partner, request.params.kb);
    });

    app.get('/document/:partner/:kb/:doc_id', async (request: Req<DocParams>) => {
      return documentJson(await kbs.getDocument(request.params.partner, request.params.kb, documentId(request.params.doc_id)));
    });

    app.post('/documents/:partner/:kb', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(createDocumentInput, params.values);
        const document = await kbs.createDocument(request.params.partner, request.params.kb, input, uploadedFile(params));
        return reply.status(201).send(documentJson(document));
      });
    });

    app.post('/documents/:partner/:kb/batch', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(batchInput, params.values);
        const result = await kbs.createBatch(request.params.partner, request.params.kb, input);
        return reply.status(201).send(batchJson(result));
      });
    });

    app.post('/documents/:partner/:kb/empty', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(emptyDocumentInput, params.values);
        const document = await kbs.createEmptyDocument(request.params.partner, request.params.kb, input);
        return reply.status(201).send(documentJson(document));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/name', async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(renameDocumentInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await kbs.renameDocument(partner, kb, documentId(doc_id), input.name));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/type', async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(documentTypeInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await kbs.setDocumentType(partner, kb, documentId(doc_id), input.type, input.url));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/url', async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(documentUrlInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await kbs.setDocumentUrl(partner, kb, documentId(doc_id), input.url));
      });
    });

    app.delete('/documents/:partner/:kb/:doc_id', async (request: Req<DocParams>, reply) => {
      const { force } = parseInput(deleteDocumentInput, request.query ?? {});
      const { partner, kb, doc_id } = request.params;
      await kbs.deleteDocument(partner, kb, documentId(doc_id), force);
      return reply.status(204).send();
    });

    // Content

    app.get('/documents/:partner/:kb/:doc_id/content/:type', async (request: Req<DocParams & { type: string }>) => {
      const kind = parseInput(contentKindParam, request.params.type);
      const { partner, kb, doc_id } = request.params;
      return kbs.readContent(partner, kb, documentId(doc_id), kind);
    });

    app.put('/documents/:partner/:kb/:doc_id/content/:type', async (request: Req<DocParams & { type: string }>) => {
      const kind = parseInput(contentKindParam, request.params.type);
      return withParams(request, async (params) => {
        const { partner, kb, doc_id } = request.params;
        const file = uploadedFile(params);
        if (file && params.values.content === undefined) return documentJson(await kbs.uploadContent(partner, kb, documentId(doc_id), kind, file));
        const input = parseInput(contentInput, params.values);
        return documentJson(await kbs.writeContent(partner, kb, documentId(doc_id), kind, input.content));
      });
    });

    app.post('/documents/:partner/:kb/:doc_id/content/:type', async (request: Req<DocParams & { type: string }>) => {
      const kind = parseInput(contentKindParam, request.params.type);
      return withParams(request, async (params) => {
        const file = uploadedFile(params);
        if (!file) throw Invalid.param('file', 'a file is required');
        const { partner, kb, doc_id } = request.params;
        return documentJson(await kbs.uploadContent(partner, kb, documentId(doc_id), kind, file));
      });
    });

    app.get('/documents/:partner/:kb/rewritten-bundle', async (request: Req<KbParams>, reply) => {
      const { kb, files } = await kbs.rewrittenTexts(request.params.partner, request.params.kb);
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const { document, blobId } of files) {
        zip.addReadStream(kbs.openBlob(blobId), uniqueEntry(used, `${safeSegment(document.folder)}/${safeSegment(document.name)}`, '.md'));
      }
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${kb.name}_rewritten.zip`))
        .send(zip.outputStream);
    });

    // Processing

    app.post('/queue/process', { config: { access: 'partnerInBody' } }, async (request, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(queueProcessInput, params.values);
        const document = await kbs.queueProcess(input.partner, input.kb, documentId(input.document.id), input.action, {
          contentType: input.content_type,
          personName: input.person_name ?? null,
        });
        return reply.status(202).send({ action: input.action, queued: document.inQueues, document: documentJson(document) });
      });
    });

    app.post('/bulk/rewrite/folder/:partner/:kb/:folder', async (request: Req<KbParams & { folder: string }>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(bulkRewriteInput, params.values);
        const result = await kbs.bulkRewrite(request.params.partner, request.params.kb, request.params.folder, {
          skipRewritten: input.skip_rewritten,
          contentType: input.content_type,
          personName: input.person_name ?? null,
        });
        return reply.status(202).send(bulkRewriteJson(result));
      });
    });

    app.post('/bulk/rewrite/kb/:partner/:kb', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(bulkRewriteInput, params.values);
        const result = await kbs.bulkRewrite(request.params.partner, request.params.kb, null, {
          skipRewritten: input.skip_rewritten,
          contentType: input.content_type,
          personName: input.person_name ?? null,
        });
        return reply.status(202).send(bulkRewriteJson(result));
      });
    });

    // Embedding

    app.get('/embedding/:partner/:kb', async (request: Req<KbParams>) => {
      return embeddingStatusJson(await kbs.get(request.params.partner, request.params.kb));
    });

    app.post('/embedding/:partner/:kb', async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(startEmbeddingInput, params.values);
        const kb = await kbs.startEmbedding(request.params.partner, request.params.kb, { splitLevel: input.split_level, language: input.language });
        return reply.status(202).send(embeddingStatusJson(kb));
      });
    });
  };
}


/** A user's name as one ZIP path segment: no separators, no dot-only names, no control characters. */
function safeSegment(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120);
  return cleaned || '_';
}

function uniqueEntry(used: Set<string>, base: string, extension: string): string {
  let candidate = `${base}${extension}`;
  for (let index = 2; used.has(candidate.toLowerCase()); index++) candidate = `${base} (${index})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

