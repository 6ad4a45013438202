import { pageOf, sortedEntries, type Page, type PageRequest } from '../shared/pagination';
import { byCreation, type DocumentRecord } from './knowledge-base.types';

/**
 * A document's state in one word, for lists that filter by it: `processing` while it waits
 * in or runs through a queue, `failed` when its last run failed, `ready` otherwise.
 */
export const DOCUMENT_STATES = ['processing', 'failed', 'ready'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export function documentState(document: DocumentRecord): DocumentState {
  if (document.inQueues.length > 0) return 'processing';
  return document.processingError ? 'failed' : 'ready';
}

export interface DocumentFilter {
  folder?: string | null;
  state?: DocumentState | null;
}

// A document's place, oldest first as `byCreation` orders them: creation time, name, id.
const SEPARATOR = '\u0000';
const placeOf = (document: DocumentRecord) => [document.createdAt, document.name, document.id].join(SEPARATOR);

function comparePlaces(a: string, b: string): number {
  const [aCreated, aName, aId] = a.split(SEPARATOR) as [string, string, string];
  const [bCreated, bName, bId] = b.split(SEPARATOR) as [string, string, string];
  return byCreation({ createdAt: aCreated, name: aName, id: aId } as DocumentRecord, { createdAt: bCreated, name: bName, id: bId } as DocumentRecord);
}

/**
 * A page of a knowledge base's documents (all of them read already, as its stats and folders
 * need), oldest first, those in `filter`'s folder and state only. The cursor is the document's
 * creation time, name and id: stable while documents are added or deleted around it.
 */
export function pageOfDocuments(documents: readonly DocumentRecord[], request: PageRequest, filter: DocumentFilter = {}): Promise<Page<DocumentRecord>> {
  const byPlace = new Map(documents.map((document) => [placeOf(document), document]));
  const entries = sortedEntries([...byPlace.keys()], comparePlaces, async (places) => places.map((place) => byPlace.get(place) ?? null));
  return pageOf(
    entries,
    request,
    (document) =>
      (filter.folder === null || filter.folder === undefined || document.folder === filter.folder) &&
      (!filter.state || documentState(document) === filter.state),
  );
}
