import { useEffect, useState } from 'preact/hooks';
import { postForm, request, subscribe } from './api';
import { documentState } from './document';
import { NeedsEngine } from './engines';
import {
  ConsoleCreateKnowledgeBaseDocument,
  ConsoleCreateUrlDocumentDocument,
  ConsoleDocumentsDocument,
  ConsoleEmbeddingDocument,
  ConsoleKnowledgeBasesDocument,
  ConsoleProcessDocumentDocument,
  ConsoleSearchDocument,
  ConsoleStartEmbeddingDocument,
  type ConsoleEmbeddingSubscription,
  type ConsoleKnowledgeBasesQuery,
  type ConsoleSearchQuery,
  type DocumentSummaryFragment,
  type RetrievalMode,
} from './gql/graphql';
import { href } from './router';
import { act, ActionButton, Alert, Badge, Bar, clock, messageOf, PageHeader } from './ui';

// ---------------------------------------------------------------------------------------
// The partner's knowledge bases

export function KnowledgeBasesPage(props: { partner: string }) {
  const [bases, setBases] = useState<ConsoleKnowledgeBasesQuery['knowledgeBases'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const load = () =>
    request(ConsoleKnowledgeBasesDocument, { partner: props.partner }).then(
      (answer) => setBases(answer.knowledgeBases),
      (failure: unknown) => setError(messageOf(failure)),
    );
  useEffect(() => {
    setBases(null);
    setError(null);
    void load();
  }, [props.partner]);
  const create = async (event: Event) => {
    event.preventDefault();
    const kb = name.trim();
    if (await act('Creating the knowledge base', () => request(ConsoleCreateKnowledgeBaseDocument, { partner: props.partner, name: kb }), `${kb} created.`)) {
      setName('');
      await load();
    }
  };
  return (
    <section>
      <PageHeader title="Knowledge bases">
        <ActionButton onRun={load}>Refresh</ActionButton>
      </PageHeader>
      <form class="panel inline-form" onSubmit={(event) => void create(event)}>
        <label>
          New knowledge base
          <input required maxLength={255} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <button type="submit" class="primary">
          Create
        </button>
      </form>
      <Alert text={error} />
      {bases === null ? (
        error ? null : (
          <p>Loading…</p>
        )
      ) : bases.length === 0 ? (
        <p class="empty">No knowledge bases yet.</p>
      ) : (
        <table class="cards" id="knowledge-bases">
          <thead>
            <tr>
              <th scope="col">Knowledge base</th>
              <th scope="col">Documents</th>
              <th scope="col">Digitized</th>
              <th scope="col">Rewritten</th>
              <th scope="col">Failed</th>
              <th scope="col">Embedding</th>
            </tr>
          </thead>
          <tbody>
            {bases.map((kb) => (
              <tr key={kb.name} data-key={kb.name}>
                <th scope="row">
                  <a href={href(props.partner, 'kbs', kb.name)}>{kb.name}</a>
                </th>
                <td data-label="Documents">{kb.stats.documentCount}</td>
                <td data-label="Digitized">{kb.stats.digitizedCount}</td>
                <td data-label="Rewritten">{kb.stats.finalRewriteCount}</td>
                <td data-label="Failed">{kb.stats.errorCount}</td>
                <td data-label="Embedding">
                  <Badge status={kb.embeddingStatus.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------
// One knowledge base: its documents, live

/** Digitizes again when that is what failed, else rewrites again: the step that failed, no more. */
function retryAction(doc: DocumentSummaryFragment) {
  return doc.fileDigitized ? 'REWRITE' : 'DIGITIZE';
}

function retry(partner: string, kb: string, doc: DocumentSummaryFragment) {
  const action = retryAction(doc);
  return act(
    `Retry of ${doc.name}`,
    () => request(ConsoleProcessDocumentDocument, { partner, kb, id: doc.id, action }),
    `${doc.name}: ${action === 'REWRITE' ? 'rewrite' : 'digitizing'} queued again.`,
  );
}

function Embedding(props: { partner: string; kb: string }) {
  const [embedding, setEmbedding] = useState<ConsoleEmbeddingSubscription['knowledgeBaseEmbeddingUpdated'] | null>(null);
  useEffect(
    () =>
      subscribe(
        ConsoleEmbeddingDocument,
        { partner: props.partner, kb: props.kb },
        (data) => setEmbedding(data.knowledgeBaseEmbeddingUpdated),
        () => setEmbedding(null),
      ),
    [props.partner, props.kb],
  );
  if (!embedding) return null;
  const words: Record<string, string> = { IDLE: 'not embedded', IN_PROGRESS: 'embedding', COMPLETED: 'embedded', FAILED: 'failed' };
  const percent = embedding.status === 'COMPLETED' ? 100 : embedding.status === 'IN_PROGRESS' ? (embedding.progress?.percent ?? null) : 0;
  return (
    <div class="panel embedding">
      <h2>Embedding</h2>
      <p>
        <span id="embedding-state">{embedding.deleted ? 'deleted' : words[embedding.status]}</span>
        {embedding.embeddingStale && embedding.status === 'COMPLETED' ? ' · documents changed since' : ''}
      </p>
      {embedding.error ? <p class="error-text">{embedding.error}</p> : null}
      <Bar label="Knowledge base embedding" status={embedding.status} percent={percent} progress={embedding.progress} queue={embedding.queue} />
      <NeedsEngine kind="TEXT_EMBEDDING" feature="Embedding">
        <ActionButton
          disabled={embedding.deleted || embedding.status === 'IN_PROGRESS'}
          onRun={() => act('Embedding', () => request(ConsoleStartEmbeddingDocument, { partner: props.partner, kb: props.kb }), `Embedding ${props.kb}.`)}
        >
          Embed
        </ActionButton>
      </NeedsEngine>
    </div>
  );
}

function Search(props: { partner: string; kb: string }) {
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<RetrievalMode>('HYBRID');
  const [answer, setAnswer] = useState<ConsoleSearchQuery['searchKnowledgeBase'] | null>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    setAnswer(null);
    await act(
      'Search',
      async () => setAnswer((await request(ConsoleSearchDocument, { partner: props.partner, kb: props.kb, query: query.trim(), mode })).searchKnowledgeBase),
      'Search done.',
    );
  };
  return (
    <div class="panel search">
      <form class="inline-form" onSubmit={(event) => void search(event)}>
        <label>
          Search the knowledge base
          <input
            type="search"
            required
            placeholder="A question, words or a product code"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
        </label>
        <label>
          Mode
          <select value={mode} onChange={(event) => setMode(event.currentTarget.value as RetrievalMode)}>
            <option value="HYBRID">hybrid</option>
            <option value="SEMANTIC">semantic</option>
            <option value="KEYWORD">keyword</option>
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      {answer ? (
        <>
          <p id="search-summary" role="status">
            {answer.results.length === 0 ? 'No results.' : `${answer.results.length} result${answer.results.length === 1 ? '' : 's'}.`}
            {answer.embeddingStale ? ' Documents changed since the last embedding.' : ''}
          </p>
          <ol class="search-results" id="search-results">
            {answer.results.map((result, index) => (
              <li key={index} data-document={result.documentId}>
                <a href={href(props.partner, 'kbs', props.kb, 'documents', result.documentId)}>{result.documentName}</a>
                <span class="detail">
                  {[
                    result.headingPath,
                    result.startMs === null || result.startMs === undefined ? null : clock(result.startMs),
                    `score ${result.score.toFixed(3)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <p class="excerpt">{result.text.length > 240 ? `${result.text.slice(0, 240)}…` : result.text}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

function AddDocument(props: { partner: string; kb: string }) {
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [folder, setFolder] = useState('');
  const add = async (event: Event) => {
    event.preventDefault();
    const where = { partner: props.partner, kb: props.kb, folder: folder.trim() || 'Default' };
    if (file) {
      const form = new FormData();
      form.append('type', 'file');
      form.append('folder', where.folder);
      form.append('file', file);
      await act(
        'Adding the document',
        () => postForm(`/api/documents/${encodeURIComponent(props.partner)}/${encodeURIComponent(props.kb)}`, form),
        `${file.name} added: digitizing starts.`,
      );
    } else {
      await act(
        'Adding the document',
        () => request(ConsoleCreateUrlDocumentDocument, { ...where, url: url.trim() }),
        `${url.trim()} added: digitizing starts.`,
      );
    }
  };
  return (
    <form class="panel add-document" onSubmit={(event) => void add(event)}>
      <h2>Add a document</h2>
      <div class="fields">
        <label>
          Folder
          <input value={folder} placeholder="Default" onInput={(event) => setFolder(event.currentTarget.value)} />
        </label>
        <label>
          Web page
          <input type="url" value={url} required={!file} placeholder="https://…" onInput={(event) => setUrl(event.currentTarget.value)} />
        </label>
        <label>
          or a file
          <input type="file" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        </label>
      </div>
      <button type="submit" class="primary">
        Add
      </button>
    </form>
  );
}

export function KnowledgeBasePage(props: { partner: string; kb: string }) {
  const { partner, kb } = props;
  const [documents, setDocuments] = useState<Map<string, DocumentSummaryFragment>>(new Map());
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDocuments(new Map());
    setError(null);
    return subscribe(
      ConsoleDocumentsDocument,
      { partner, kb },
      ({ documentUpdated: doc }) =>
        setDocuments((current) => {
          const next = new Map(current);
          if (doc.deleted) next.delete(doc.id);
          else next.set(doc.id, doc);
          return next;
        }),
      setError,
    );
  }, [partner, kb]);
  const folders = [...new Set([...documents.values()].map((doc) => doc.folder))].sort();
  const shown = [...documents.values()]
    .filter((doc) => !folder || doc.folder === folder)
    .sort((a, b) => a.folder.localeCompare(b.folder) || a.name.localeCompare(b.name));
  return (
    <section>
      <PageHeader title={kb} back={{ href: href(partner, 'kbs'), label: 'Knowledge bases' }} />
      <Alert text={error} />
      <div class="two-columns">
        <Embedding partner={partner} kb={kb} />
        <AddDocument partner={partner} kb={kb} />
      </div>
      <Search partner={partner} kb={kb} />
      <h2>Documents ({documents.size})</h2>
      {folders.length > 1 ? (
        <label class="filter">
          Folder
          <select value={folder} onChange={(event) => setFolder(event.currentTarget.value)}>
            <option value="">all folders</option>
            {folders.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {shown.length === 0 ? (
        <p class="empty">No documents yet.</p>
      ) : (
        <table class="cards" id="documents">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Folder</th>
              <th scope="col">State</th>
              <th scope="col">Progress</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((doc) => {
              const state = documentState(doc);
              return (
                <tr key={doc.id} data-key={doc.id} data-state={state.status === 'FAILED' ? 'failed' : state.text}>
                  <th scope="row">
                    <a href={href(partner, 'kbs', kb, 'documents', doc.id)}>{doc.name}</a>
                  </th>
                  <td data-label="Folder">{doc.folder}</td>
                  <td data-label="State">
                    <Badge status={state.status}>{state.text}</Badge>
                    {doc.processingError ? <span class="error-text">{doc.processingError}</span> : null}
                  </td>
                  <td data-label="Progress">
                    <Bar label={`${doc.name}: ${state.text}`} status={state.status} percent={state.percent} progress={doc.progress} queue={doc.queue} />
                  </td>
                  <td data-label="Actions">
                    {state.status === 'FAILED' ? (
                      <ActionButton label={`Retry ${doc.name}`} onRun={() => retry(partner, kb, doc)}>
                        Retry
                      </ActionButton>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
