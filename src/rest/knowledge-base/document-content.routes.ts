import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import yazl from 'yazl';
import { Invalid } from '../../domain/errors';
import { contentInput, contentKindParam } from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput, parseParam } from '../../domain/shared/validation';
import { paramsHandler, uploadedFile } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import { attachment } from '../attachment';
import type { ContentParams, KbParams, Req } from './route-params';
import { documentJson } from './knowledge-base.wire';

/** The four texts of a document, one at a time, and the rewritten texts of a knowledge base as a ZIP. */
export function documentContentRoutes({ domain: { documentContent }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.get('/documents/:partner/:kb/:doc_id/content/:type', { config: { openapi: knowledgeBaseDocs.content } }, async (request: Req<ContentParams>) => {
      const kind = parseParam('type', contentKindParam, request.params.type);
      const { partner, kb, doc_id } = request.params;
      return documentContent.readContent(partner, kb, doc_id, kind);
    });

    app.put('/documents/:partner/:kb/:doc_id/content/:type', { config: { openapi: knowledgeBaseDocs.writeContent } }, async (request: Req<ContentParams>) => {
      const kind = parseParam('type', contentKindParam, request.params.type);
      return withParams(request, async (params) => {
        const { partner, kb, doc_id } = request.params;
        const file = uploadedFile(params);
        if (file && params.values.content === undefined) return documentJson(await documentContent.uploadContent(partner, kb, doc_id, kind, file));
        const input = parseInput(contentInput, params.values);
        return documentJson(await documentContent.writeContent(partner, kb, doc_id, kind, input.content));
      });
    });

    app.post('/documents/:partner/:kb/:doc_id/content/:type', { config: { openapi: knowledgeBaseDocs.uploadContent } }, async (request: Req<ContentParams>) => {
      const kind = parseParam('type', contentKindParam, request.params.type);
      return withParams(request, async (params) => {
        const file = uploadedFile(params);
        if (!file) throw Invalid.param('file', 'a file is required');
        const { partner, kb, doc_id } = request.params;
        return documentJson(await documentContent.uploadContent(partner, kb, doc_id, kind, file));
      });
    });

    app.get('/documents/:partner/:kb/rewritten-bundle', { config: { openapi: knowledgeBaseDocs.rewrittenBundle } }, async (request: Req<KbParams>, reply) => {
      const { kb, files } = await documentContent.rewrittenTexts(request.params.partner, request.params.kb);
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const { document, blobId } of files) {
        zip.addReadStream(documentContent.openBlob(blobId), uniqueEntry(used, `${safeSegment(document.folder)}/${safeSegment(document.name)}`, '.md'));
      }
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${kb.name}_rewritten.zip`))
        .send(zip.outputStream);
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
