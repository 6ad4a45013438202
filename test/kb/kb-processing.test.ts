import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteQueue } from '../../src/domain/knowledge-base/knowledge-base.queues';
import type { OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { ARTICLE, buildDocx, buildPdf, DOCX_CONTENT, makeTempDir, type TempDir } from '../support/documents';
import { makeSine } from '../support/audio';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import { waitFor } from '../support/wait-for';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>;

let environment: KnowledgeBaseEnvironment;
let engines: OpenAiCompatibleServer;
let pagesUrl: string;
let app: TestApp;
let key: string;
let tmp: TempDir;
let call: RestClient;

beforeAll(async () => {
  environment = await startKnowledgeBaseEnvironment({ transcript: 'Welcome to the talk about tides and the moon.' });
  ({ app, engines, pagesUrl, key } = environment);
  call = restClient(app.url, key);
  tmp = await makeTempDir('kb-processing-');
  await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Library', expert_name: 'Grace Hopper' }) });
});

afterAll(async () => {
  await environment?.close();
  await tmp?.remove();
});

const documentOf = (kb: string, id: string) => async () => (await call('GET', `/api/document/acme/${kb}/${id}`)).body as Json;
const settled = (document: Json) => document.in_queues?.length === 0;

async function processed(kb: string, id: string): Promise<Json> {
  return waitFor(documentOf(kb, id), settled);
}

async function content(kb: string, id: string, kind: string): Promise<string> {
  return (await call('GET', `/api/documents/acme/${kb}/${id}/content/${kind}`)).body.content as string;
}

function chatsAbout(fragment: string) {
  return engines.requests.filter((request) => request.endpoint === 'chat' && request.messages?.some((message) => message.content.includes(fragment)));
}

describe('document processing', () => {
  it('digitizes a PDF and rewrites it in two steps with the book template', async () => {
    const pdf = await buildPdf();
    const created = await call('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'file', folder: 'Books', auto_rewrite: 'true' }, { file: { filename: 'keeper.pdf', data: pdf, type: 'application/pdf' } }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'keeper', in_queues: ['digitize'], file_original: 'original.pdf', expert_name: 'Grace Hopper' });
    const document = await processed('Library', created.body.id);
    expect(document).toMatchObject({
      processing_error: null,
      file_digitized: 'digitized.md',
      file_rewritten_draft: 'rewritten_draft.md',
      file_rewritten: 'rewritten.md',
      rewrite_model: 'big-model',
    });
    const digitized = await content('Library', document.id, 'digitized');
    expect(digitized).toContain('Chapter One: The Lighthouse Keeper');
    expect(digitized).toContain('By morning the fishing boats were safe in the harbour.');
    expect(document.digitized_char_count).toBe([...digitized].length);

    const draft = await content('Library', document.id, 'draft');
    const final = await content('Library', document.id, 'rewritten');
    expect(draft).toMatch(/^# DRAFT/);
    expect(final).toMatch(/^# FINAL/);
    expect(final).toContain('# DRAFT');
    expect(document.draft_rewrite_char_count).toBe([...draft].length);
    expect(document.final_rewrite_char_count).toBe([...final].length);

    const calls = chatsAbout('Chapter One: The Lighthouse Keeper').filter((request) => request.messages?.[0]?.content.startsWith('You rewrite'));
    expect(calls).toHaveLength(1);
    const system = calls[0]!.messages![0]!.content;
    expect(system).toContain('book');
    expect(system).toContain('Grace Hopper');
    const finalCall = engines.requests.find((request) => request.endpoint === 'chat' && request.messages?.[1]?.content === draft);
    expect(finalCall?.model).toBe('big-model');
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const promptTokens = [...calls, finalCall!].reduce(
      (sum, request) => sum + request.messages!.reduce((total, message) => total + words(message.content), 0),
      0,
    );
    expect(document.rewrite_input_tokens).toBe(promptTokens);
    expect(document.rewrite_output_tokens).toBe(words(draft) + words(final));
    expect(Date.parse(document.rewrite_completed_at)).not.toBeNaN();
  });

  it('digitizes a DOCX without rewriting when auto_rewrite is off', async () => {
    const chatsBefore = engines.requests.filter((request) => request.endpoint === 'chat').length;
    const created = await call('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'file', folder: 'Guides', name: 'Flowers' }, { file: { filename: 'guide.docx', data: await buildDocx() } }),
    });
    const document = await processed('Library', created.body.id);
    expect(document).toMatchObject({ file_original: 'original.docx', file_digitized: 'digitized.md', file_rewritten: null, processing_error: null });
    const text = await content('Library', document.id, 'digitized');
    expect(text).toContain(`# ${DOCX_CONTENT.title}`);
    expect(text).toContain(DOCX_CONTENT.bullets[0]);
    expect(engines.requests.filter((request) => request.endpoint === 'chat').length).toBe(chatsBefore);
  });

  it('fetches an HTML page, names the document after it and rewrites with the economy model', async () => {
    const created = await call('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'url', folder: 'Web', url: `${pagesUrl}/article`, auto_rewrite: 'yes', model_tier: 'economy' }),
    });
    expect(created.body.name).toBe('article');
    const document = await processed('Library', created.body.id);
    expect(document).toMatchObject({ name: ARTICLE.title, file_original: 'original.html', rewrite_model: 'cheap-model', processing_error: null });
    const text = await content('Library', document.id, 'digitized');
    expect(text).toContain(ARTICLE.paragraphs[0]);
    for (const noise of ARTICLE.noise) expect(text).not.toContain(noise);
    const calls = chatsAbout(ARTICLE.paragraphs[0]);
    expect(calls[0]?.model).toBe('cheap-model');
    expect(calls[0]?.messages?.[0]?.content).toContain('web article');
  });

  it('transcribes audio after ffmpeg normalisation and picks the video template', async () => {
    const wav = await makeSine(`${tmp.path}/talk.wav`, { seconds: 2 });
    const { readFile } = await import('node:fs/promises');
    const created = await call('POST', '/api/documents/acme/Library', {
      form: await multipart(
        { type: 'file', folder: 'Talks', auto_rewrite: 'true' },
        { file: { filename: 'talk.wav', data: await readFile(wav), type: 'audio/wav' } },
      ),
    });
    expect(created.body.file_original).toBe('original.wav');
    const document = await processed('Library', created.body.id);
    expect(document.processing_error).toBeNull();
    expect(await content('Library', document.id, 'digitized')).toBe('Welcome to the talk about tides and the moon.');
    // Sent as 16 kHz FLAC: the 2 s tone, not the 48 kHz WAV as uploaded.
    const transcription = engines.requests.find((request) => request.endpoint === 'transcriptions' && request.filename === 'audio.flac');
    expect(transcription?.audioSeconds).toBe(2);
    expect(transcription?.fileBytes).toBeLessThan((await stat(wav)).size / 3);
    expect(chatsAbout('tides and the moon')[0]?.messages?.[0]?.content).toContain('transcript of a spoken video');
  });

  it('uses the digitized original as the rewrite when asked, without the LLM', async () => {
    const created = await call('POST', '/api/documents/acme/Library', {
      form: await multipart(
        { type: 'file', folder: 'Notes', auto_rewrite: 'true', use_original_as_rewritten: 'true' },
        { file: { filename: 'memo.txt', data: 'Plain memo text about harbours.', type: 'text/plain' } },
      ),
    });
    const document = await processed('Library', created.body.id);
    expect(document).toMatchObject({ use_original_as_rewritten: true, file_rewritten: 'rewritten.md', file_rewritten_draft: null, rewrite_model: null });
    expect(await content('Library', document.id, 'rewritten')).toBe('Plain memo text about harbours.');
    expect(chatsAbout('Plain memo text about harbours.')).toHaveLength(0);
  });

  it('records readable failures and keeps the document', async () => {
    const missing = await call('POST', '/api/documents/acme/Library', { form: await multipart({ type: 'url', folder: 'Broken', url: `${pagesUrl}/gone` }) });
    const video = await call('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'url', folder: 'Broken', url: 'https://www.youtube.com/watch?v=abc' }),
    });
    const failed = await processed('Library', missing.body.id);
    expect(failed).toMatchObject({ processing_error: 'Download failed: HTTP 404', file_digitized: null, in_queues: [] });
    const failedVideo = await processed('Library', video.body.id);
    // No network reaches the platform here; whatever the reason, it must read as a download failure.
    expect(failedVideo.processing_error).toMatch(/^Download (failed|refused)/);
    const stats = (await call('GET', '/api/kb-stats/acme/Library')).body;
    expect(stats.error_count).toBeGreaterThanOrEqual(2);
  });

  it('queues a rewrite with a content type and person name, and stores LLM failures', async () => {
    const created = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Manual', folder: 'Manual', type: 'file' } });
    const id = created.body.id as string;
    await call('PUT', `/api/documents/acme/Library/${id}/content/digitized`, { json: { content: 'Manual entry about lighthouse lenses.' } });
    const queued = await call('POST', '/api/queue/process', {
      json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Library', content_type: 'youtube', person_name: 'Augustin Fresnel' },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ action: 'rewrite', queued: ['rewrite'], document: { id, in_queues: ['rewrite'] } });
    const document = await processed('Library', id);
    expect(document.file_rewritten).toBe('rewritten.md');
    const system = chatsAbout('Manual entry about lighthouse lenses.')[0]?.messages?.[0]?.content ?? '';
    expect(system).toContain('Augustin Fresnel');
    expect(system).toContain('transcript of a spoken video');

    const noSource = await call('POST', '/api/queue/process', { json: { document: { id }, action: 'digitize', partner: 'acme', kb: 'Library' } });
    expect(noSource.status).toBe(422);
    expect(noSource.body.detail).toMatch(/^document:/);

    engines.setBehaviour({ failures: { chat: { status: 400, message: 'context length exceeded' } } });
    try {
      await call('POST', '/api/queue/process', { json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Library' } });
      const failed = await processed('Library', id);
      expect(failed.processing_error).toBe('LLM request failed: HTTP 400: context length exceeded');
      expect(failed.file_rewritten).toBe('rewritten.md');
      expect(await content('Library', id, 'digitized')).toBe('Manual entry about lighthouse lenses.');
    } finally {
      engines.setBehaviour({ failures: {} });
    }
  });

  it('bulk rewrites a folder and a knowledge base, skipping rewritten documents by default', async () => {
    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Bulk' }) });
    const ids: string[] = [];
    for (const [index, folder] of ['One', 'One', 'Two'].entries()) {
      const created = await call('POST', '/api/documents/acme/Bulk/empty', { json: { name: `doc ${index}`, folder, type: 'file' } });
      await call('PUT', `/api/documents/acme/Bulk/${created.body.id}/content/digitized`, { json: { content: `Bulk text number ${index}.` } });
      ids.push(created.body.id);
    }
    await call('PUT', `/api/documents/acme/Bulk/${ids[0]}/content/rewritten`, { json: { content: 'Already done.' } });
    const empty = await call('POST', '/api/documents/acme/Bulk/empty', { json: { name: 'nothing', folder: 'Two', type: 'file' } });

    const folder = await call('POST', '/api/bulk/rewrite/folder/acme/Bulk/One', { json: {} });
    expect(folder).toEqual({
      status: 202,
      body: { queued_count: 1, skipped_count: 1, queued: [ids[1]], skipped: [{ document_id: ids[0], reason: 'already rewritten' }] },
    });
    await processed('Bulk', ids[1]!);

    const all = await call('POST', '/api/bulk/rewrite/kb/acme/Bulk?skip_rewritten=false&content_type=book');
    expect(all.status).toBe(202);
    expect(new Set(all.body.queued)).toEqual(new Set(ids));
    expect(all.body.skipped).toEqual([{ document_id: empty.body.id, reason: 'not digitized' }]);
    for (const id of ids) expect((await processed('Bulk', id)).file_rewritten).toBe('rewritten.md');
    expect(await content('Bulk', ids[0]!, 'rewritten')).toMatch(/^# FINAL/);
    expect(chatsAbout('Bulk text number 2.')[0]?.messages?.[0]?.content).toContain('book');
  });

  it('embeds a knowledge base, marks documents embedded and goes stale on a change', async () => {
    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Vectors' }) });
    const first = await call('POST', '/api/documents/acme/Vectors/empty', { json: { name: 'first', folder: 'f', type: 'file' } });
    await call('PUT', `/api/documents/acme/Vectors/${first.body.id}/content/digitized`, {
      json: { content: '# Tides\n\n## Spring tides\n\nHigher than usual.\n\n## Neap tides\n\nLower than usual.' },
    });
    const second = await call('POST', '/api/documents/acme/Vectors/empty', { json: { name: 'second', folder: 'f', type: 'file' } });
    await call('PUT', `/api/documents/acme/Vectors/${second.body.id}/content/rewritten`, { json: { content: 'Rewritten only.' } });
    const bare = await call('POST', '/api/documents/acme/Vectors/empty', { json: { name: 'bare', folder: 'f', type: 'file' } });
    expect((await call('GET', '/api/embedding/acme/Vectors')).body.embedding_stale).toBe(true);

    const started = await call('POST', '/api/embedding/acme/Vectors', { form: await multipart({ split_level: '2', language: 'german' }) });
    expect(started.status).toBe(202);
    const status = await waitFor(
      async () => (await call('GET', '/api/embedding/acme/Vectors')).body,
      (body) => body.status !== 'in_progress',
    );
    expect(status).toMatchObject({
      status: 'completed',
      last_update_status: 'success',
      last_update_details: { documents: 2, chunks: 3, model: 'embed-model', split_level: 2, language: 'german' },
      embedding_stale: false,
      external_job_id: started.body.external_job_id,
    });
    expect(status.last_successful_details).toEqual(status.last_update_details);
    expect(status.last_successful_update_time).toBe(status.last_update_time);
    const inputs = engines.requests.filter((request) => request.endpoint === 'embeddings').flatMap((request) => request.inputs ?? []);
    expect(inputs).toEqual(
      expect.arrayContaining(['Tides > Spring tides\n\nHigher than usual.', 'Tides > Neap tides\n\nLower than usual.', 'Rewritten only.']),
    );

    const documents = (await call('GET', '/api/documents/acme/Vectors')).body;
    expect(Object.fromEntries(documents.documents.map((doc: Json) => [doc.name, doc.is_embedded]))).toEqual({ first: true, second: true, bare: false });
    expect(documents.embedding_info).toMatchObject({ last_update_status: 'success', embedding_stale: false });
    expect((await call('GET', '/api/kb-stats/acme/Vectors')).body.embedded_count).toBe(2);

    await call('PUT', `/api/documents/acme/Vectors/${bare.body.id}/name`, { json: { name: 'renamed' } });
    expect((await call('GET', '/api/embedding/acme/Vectors')).body.embedding_stale).toBe(true);

    engines.setBehaviour({ failures: { embeddings: { status: 400, message: 'input too long' } } });
    try {
      await call('POST', '/api/embedding/acme/Vectors', { json: {} });
      const failed = await waitFor(
        async () => (await call('GET', '/api/embedding/acme/Vectors')).body,
        (body) => body.status !== 'in_progress',
      );
      expect(failed).toMatchObject({
        status: 'failed',
        last_update_status: 'failed',
        error: 'Text embeddings request failed: HTTP 400: input too long',
        embedding_stale: true,
      });
      expect(failed.last_successful_details).toEqual(status.last_successful_details);
    } finally {
      engines.setBehaviour({ failures: {} });
    }
  });

  it('stores the not-configured reason when no LLM is set', async () => {
    const bare = await startTestApp({ REDIS_PREFIX: `${app.env.REDIS_PREFIX}-bare` }, app.redis);
    try {
      const bareKey = await bare.createKey('acme');
      const bareCall = restClient(bare.url, bareKey);
      const send = async (method: string, path: string, json: unknown) => (await bareCall(method, path, { json })).body as Json;
      await send('POST', '/api/knowledgebases/acme', { name: 'NoLlm' });
      const created = await send('POST', '/api/documents/acme/NoLlm', { type: 'file', folder: 'f', use_original_as_rewritten: false, auto_rewrite: true });
      expect(created.detail).toBe('file: is required when type is file');
      const empty = await send('POST', '/api/documents/acme/NoLlm/empty', { name: 'n', folder: 'f', type: 'file' });
      await send('PUT', `/api/documents/acme/NoLlm/${empty.id}/content/digitized`, { content: 'Waiting for an LLM.' });
      await send('POST', '/api/queue/process', { document: { id: empty.id }, action: 'rewrite', partner: 'acme', kb: 'NoLlm' });
      const failed = await waitFor(async () => (await bareCall('GET', `/api/document/acme/NoLlm/${empty.id}`)).body as Json, settled);
      expect(failed.processing_error).toBe('The LLM engine is not configured (set LLM_BASE_URL)');
      expect(failed.file_digitized).toBe('digitized.md');
    } finally {
      await bare.close();
    }
  });

  it('lets a new trigger supersede a running rewrite', async () => {
    const created = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Twice', folder: 'Twice', type: 'file' } });
    const id = created.body.id as string;
    await call('PUT', `/api/documents/acme/Library/${id}/content/digitized`, { json: { content: 'Text rewritten twice.' } });
    engines.setBehaviour({ delaysMs: { chat: 800 } });
    try {
      await call('POST', '/api/queue/process', { json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Library', content_type: 'article' } });
      await waitFor(
        async () => chatsAbout('Text rewritten twice.').length,
        (count) => count > 0,
      );
      const second = await call('POST', '/api/queue/process', {
        json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Library', content_type: 'book' },
      });
      expect(second.body.document.in_queues).toEqual(['rewrite']);
      const document = await processed('Library', id);
      expect(document.file_rewritten).toBe('rewritten.md');
    } finally {
      engines.setBehaviour({ delaysMs: {} });
    }
    const finalSteps = engines.requests.filter(
      (request) =>
        request.endpoint === 'chat' &&
        request.messages?.[0]?.content.startsWith('You are the final editor') &&
        request.messages[1]?.content.includes('Text rewritten twice.'),
    );
    expect(finalSteps.map((request) => request.messages?.[0]?.content.includes('book'))).toEqual([true]);
  });

  it('force-deletes a document while its rewrite runs; the late result changes nothing', async () => {
    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Doomed' }) });
    const created = await call('POST', '/api/documents/acme/Doomed/empty', { json: { name: 'busy', folder: 'f', type: 'file' } });
    const id = created.body.id as string;
    await call('PUT', `/api/documents/acme/Doomed/${id}/content/digitized`, { json: { content: 'Slow text to rewrite.' } });
    engines.setBehaviour({ delaysMs: { chat: 1500 } });
    try {
      await call('POST', '/api/queue/process', { json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Doomed' } });
      await waitFor(
        async () => chatsAbout('Slow text to rewrite.').length,
        (count) => count > 0,
      );
      expect((await call('DELETE', `/api/documents/acme/Doomed/${id}?force=false`)).status).toBe(409);
      expect((await call('DELETE', `/api/documents/acme/Doomed/${id}?force=true`)).status).toBe(204);
      // The delayed draft arrives after the delete; a job that noticed stops before the final step.
      const rewrites = app.app.services.platform.queues.get(rewriteQueue);
      await waitFor(
        () => rewrites.getJobCounts('active', 'waiting', 'delayed'),
        (counts) => Object.values(counts).every((count) => count === 0),
      );
      expect(chatsAbout('DRAFT of: Slow text to rewrite.')).toHaveLength(0);
    } finally {
      engines.setBehaviour({ delaysMs: {} });
    }
    expect((await call('GET', `/api/document/acme/Doomed/${id}`)).status).toBe(404);
    expect((await call('GET', '/api/documents/acme/Doomed')).body.documents).toEqual([]);
    expect((await call('GET', '/api/kb-stats/acme/Doomed')).body.document_count).toBe(0);
  });
});
