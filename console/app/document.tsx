import { useEffect, useState } from 'preact/hooks';
import { request, subscribe } from './api';
import { NeedsEngine } from './engines';
import {
  ConsoleDeleteDocumentDocument,
  ConsoleDocumentDocument,
  ConsoleDocumentsDocument,
  ConsoleProcessDocumentDocument,
  ConsoleRenameDocumentDocument,
  type ConsoleDocumentQuery,
  type DocumentSummaryFragment,
} from './gql/graphql';
import { go, href } from './router';
import { act, ActionButton, Alert, Badge, Bar, Dialog, DialogForm, messageOf, NotLoaded, PageHeader, when } from './ui';

// ---------------------------------------------------------------------------------------
// One document: its four texts side by side, and how it got them

/** A document has no status field: its queues, files and error say where it stands. */
export function documentState(doc: DocumentSummaryFragment): { text: string; percent: number | null; status: string } {
  if (doc.inQueues.includes('DIGITIZE')) return { text: 'digitizing', percent: doc.progress?.percent ?? null, status: 'IN_PROGRESS' };
  if (doc.inQueues.includes('REWRITE')) return { text: 'rewriting', percent: doc.progress?.percent ?? null, status: 'IN_PROGRESS' };
  if (doc.processingError) return { text: 'failed', percent: 0, status: 'FAILED' };
  if (doc.fileRewritten) return { text: 'rewritten', percent: 100, status: 'COMPLETED' };
  if (doc.fileDigitized) return { text: 'digitized', percent: 100, status: 'COMPLETED' };
  return { text: 'not processed', percent: 0, status: 'IDLE' };
}

type FullDocument = NonNullable<ConsoleDocumentQuery['document']>;

const TEXT_FORMATS = new Set(['txt', 'text', 'md', 'markdown', 'html', 'htm']);

/** A binary original (PDF, DOCX, audio) comes base64-encoded: say what it is rather than show it. */
function originalText(doc: FullDocument): string | null {
  if (doc.original === null || doc.original === undefined) return null;
  const format = (doc.originalFormat ?? '').toLowerCase();
  if (doc.type === 'URL' || TEXT_FORMATS.has(format)) return doc.original;
  return `A ${format || 'binary'} file of about ${Math.round((doc.original.length * 3) / 4 / 1024)} KiB; its text is the digitized version.`;
}

interface HistoryEntry {
  at: string;
  text: string;
  failed?: boolean;
}

/** What happened to the document, oldest first: its stored milestones, then what this page saw happen. */
function history(doc: FullDocument, seen: HistoryEntry[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    { at: doc.createdAt, text: `Created (${doc.type === 'URL' ? `from ${doc.url ?? 'a URL'}` : `from a ${doc.originalFormat ?? ''} file`})` },
  ];
  if (doc.fileDigitized) entries.push({ at: '', text: `Digitized: ${doc.digitizedCharCount.toLocaleString()} characters` });
  if (doc.fileRewrittenDraft) entries.push({ at: '', text: `Draft rewrite: ${doc.draftRewriteCharCount.toLocaleString()} characters` });
  if (doc.rewriteCompletedAt)
    entries.push({
      at: doc.rewriteCompletedAt,
      text: `Rewritten${doc.rewriteModel ? ` by ${doc.rewriteModel}` : ''}: ${doc.finalRewriteCharCount.toLocaleString()} characters`,
    });
  if (doc.processingError) entries.push({ at: doc.updatedAt, text: `Failed: ${doc.processingError}`, failed: true });
  return [...entries, ...seen];
}

export function DocumentPage(props: { partner: string; kb: string; id: string }) {
  const { partner, kb, id } = props;
  const [doc, setDoc] = useState<FullDocument | null>(null);
  const [live, setLive] = useState<DocumentSummaryFragment | null>(null);
  const [seen, setSeen] = useState<HistoryEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [name, setName] = useState('');
  const load = () =>
    request(ConsoleDocumentDocument, { partner, kb, id }).then(
      (answer) => (answer.document ? setDoc(answer.document) : setError('This document does not exist.')),
      (failure: unknown) => setError(messageOf(failure)),
    );
  useEffect(() => {
    setDoc(null);
    setSeen([]);
    setError(null);
    void load();
    let last = '';
    // The knowledge base's feed, kept to this document: each change of state reloads the texts.
    return subscribe(
      ConsoleDocumentsDocument,
      { partner, kb },
      ({ documentUpdated }) => {
        if (documentUpdated.id !== id) return;
        setLive(documentUpdated);
        const state = documentUpdated.deleted ? 'deleted' : documentState(documentUpdated).text;
        if (state !== last) {
          if (last) setSeen((entries) => [...entries, { at: new Date().toISOString(), text: `Now ${state}`, failed: state === 'failed' }]);
          last = state;
          void load();
        }
      },
      setError,
    );
  }, [partner, kb, id]);
  const back = { href: href(partner, 'kbs', kb), label: kb };
  if (!doc) {
    return <NotLoaded title="Document" back={back} error={error} />;
  }
  const current = live ?? doc;
  const state = documentState(current);
  const running = state.status === 'IN_PROGRESS';
  const process = (action: 'DIGITIZE' | 'REWRITE', words: string) =>
    act(words, () => request(ConsoleProcessDocumentDocument, { partner, kb, id, action }), `${doc.name}: ${words.toLowerCase()} queued.`);
  const columns: [string, string | null][] = [
    ['Original', originalText(doc)],
    ['Digitized', doc.digitized ?? null],
    ['Draft', doc.draft ?? null],
    ['Final', doc.final ?? null],
  ];
  return (
    <section class="document" data-document={doc.id}>
      <PageHeader title={doc.name} back={back}>
        <ActionButton disabled={running} onRun={() => process('DIGITIZE', 'Digitizing')}>
          Digitize again
        </ActionButton>
        <NeedsEngine kind="LLM" feature="Rewriting">
          <ActionButton
            disabled={running || !doc.fileDigitized}
            title={doc.fileDigitized ? undefined : 'Digitize it first'}
            onRun={() => process('REWRITE', 'Rewriting')}
          >
            Rewrite
          </ActionButton>
        </NeedsEngine>
        <button
          type="button"
          onClick={() => {
            setName(doc.name);
            setDialog('rename');
          }}
        >
          Rename
        </button>
        <button type="button" class="danger" onClick={() => setDialog('delete')}>
          Delete
        </button>
      </PageHeader>
      <Alert text={error} />
      <p class="document-state">
        <Badge status={state.status}>{state.text}</Badge> in {doc.folder}
        {running ? (
          <Bar label={`${doc.name}: ${state.text}`} status={state.status} percent={state.percent} progress={current.progress} queue={current.queue} />
        ) : null}
      </p>
      <div class="contents">
        {columns.map(([title, text]) => (
          <article key={title} class="content panel" data-kind={title.toLowerCase()}>
            <h2>{title}</h2>
            {text === null ? <p class="empty">None yet.</p> : <pre>{text}</pre>}
          </article>
        ))}
      </div>
      <h2>History</h2>
      <ol class="history panel">
        {history(doc, seen).map((entry, index) => (
          <li key={index} class={entry.failed ? 'failed' : undefined}>
            {entry.at ? <time dateTime={entry.at}>{when(entry.at)}</time> : null} {entry.text}
          </li>
        ))}
      </ol>
      <Dialog title={`Rename ${doc.name}`} open={dialog === 'rename'} onClose={() => setDialog(null)}>
        <DialogForm
          submit="Rename"
          onClose={() => setDialog(null)}
          onSubmit={async () => {
            const ok = await act('Rename', () => request(ConsoleRenameDocumentDocument, { partner, kb, id, name: name.trim() }), `Renamed to ${name.trim()}.`);
            if (ok) await load();
            return ok;
          }}
        >
          <label>
            New name
            <input required value={name} onInput={(event) => setName(event.currentTarget.value)} />
          </label>
        </DialogForm>
      </Dialog>
      <Dialog title={`Delete ${doc.name}?`} open={dialog === 'delete'} onClose={() => setDialog(null)}>
        <DialogForm
          submit="Delete document"
          danger
          onClose={() => setDialog(null)}
          onSubmit={async () => {
            const ok = await act('Delete', () => request(ConsoleDeleteDocumentDocument, { partner, kb, id }), `${doc.name} deleted.`);
            if (ok) go(partner, 'kbs', kb);
            return ok;
          }}
        >
          <p>The document and its texts are deleted; the next embedding leaves it out.</p>
        </DialogForm>
      </Dialog>
    </section>
  );
}
