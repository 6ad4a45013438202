import { Invalid } from '../errors';

/** Relay's connection arguments: `first`/`after` walk forward, `last`/`before` backward. */
export interface PageRequest {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/** One page of a list, in the shape of a Relay connection. */
export interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * A list in a fixed order, each entry under a key that places it in that order. A cursor is
 * an entry's key, not its offset: an entry added or removed elsewhere moves no other, and a
 * cursor whose own entry is gone still places the next page.
 */
export interface OrderedEntries<T> {
  /**
   * Up to `limit` entries after `key` (from the start when null), or going backward the ones
   * before it (from the end when null), nearest first. `item` is null when the entry's record
   * is gone.
   */
  read(key: string | null, direction: 'forward' | 'backward', limit: number): Promise<{ key: string; item: T | null }[]>;
}

/** What a cursor looks like to a client: opaque, so the key it holds may change form later. */
export function encodeCursor(key: string): string {
  return Buffer.from(`k:${key}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, param: 'after' | 'before'): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!decoded.startsWith('k:') || encodeCursor(decoded.slice(2)) !== cursor) throw Invalid.param(param, 'is not a cursor of this list');
  return decoded.slice(2);
}

function pageSize(value: number | null | undefined, param: 'first' | 'last'): number {
  if (!Number.isInteger(value) || value! < 0 || value! > MAX_PAGE_SIZE) throw Invalid.param(param, `must be between 0 and ${MAX_PAGE_SIZE}`);
  return value!;
}

/**
 * One page of the entries that `matches` keeps, read in batches until the page is full: a
 * filter that keeps few entries reads further, never returns a short page while more follow.
 * `hasPreviousPage` going forward (and `hasNextPage` going backward) says whether the page
 * started from a cursor, as Relay allows when telling more would cost another read.
 */
export async function pageOf<T>(entries: OrderedEntries<T>, request: PageRequest, matches: (item: T) => boolean = () => true): Promise<Page<T>> {
  const hasFirst = request.first !== null && request.first !== undefined;
  const hasLast = request.last !== null && request.last !== undefined;
  if (hasFirst && hasLast) throw Invalid.param('last', 'cannot be given with first; page forward with first and after, or backward with last and before');
  const direction = hasLast ? 'backward' : 'forward';
  const size = hasLast ? pageSize(request.last, 'last') : hasFirst ? pageSize(request.first, 'first') : DEFAULT_PAGE_SIZE;
  const fromCursor = direction === 'forward' ? request.after : request.before;
  const from = fromCursor ? decodeCursor(fromCursor, direction === 'forward' ? 'after' : 'before') : null;

  // One more than the page, to know whether another follows; batches grow so a sparse filter
  // takes a few reads rather than one per page size.
  const found: { key: string; item: T }[] = [];
  let key = from;
  let batchSize = Math.min(Math.max(2 * (size + 1), 50), 1000);
  while (found.length <= size) {
    const batch = await entries.read(key, direction, batchSize);
    for (const entry of batch) {
      if (entry.item !== null && matches(entry.item) && found.length <= size) found.push({ key: entry.key, item: entry.item });
    }
    if (batch.length < batchSize) break;
    key = batch[batch.length - 1]!.key;
    batchSize = Math.min(batchSize * 2, 1000);
  }
  const more = found.length > size;
  const page = found.slice(0, size);
  if (direction === 'backward') page.reverse();
  const edges = page.map((entry) => ({ cursor: encodeCursor(entry.key), node: entry.item }));
  return {
    edges,
    pageInfo: {
      hasNextPage: direction === 'forward' ? more : from !== null,
      hasPreviousPage: direction === 'forward' ? from !== null : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * Entries held in memory in their order (sorted by `compare` over their keys): each read
 * finds its place by binary search, so a cursor whose entry has gone still falls in place.
 * `load` fetches the records of a read's keys only, in one round trip.
 */
export function sortedEntries<T>(
  keys: readonly string[],
  compare: (a: string, b: string) => number,
  load: (keys: readonly string[]) => Promise<(T | null)[]>,
): OrderedEntries<T> {
  const sorted = [...keys].sort(compare);
  // The first position whose key comes after `key` (or, with `orEqual`, not before it).
  const firstAfter = (key: string, orEqual: boolean) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compare(sorted[middle]!, key);
      if (order < 0 || (order === 0 && !orEqual)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    async read(key, direction, limit) {
      let slice: string[];
      if (direction === 'forward') {
        const start = key === null ? 0 : firstAfter(key, false);
        slice = sorted.slice(start, start + limit);
      } else {
        const end = key === null ? sorted.length : firstAfter(key, true);
        slice = sorted.slice(Math.max(0, end - limit), end).reverse();
      }
      const items = await load(slice);
      return slice.map((entryKey, at) => ({ key: entryKey, item: items[at] ?? null }));
    },
  };
}

const collator = new Intl.Collator('en');

/** Names in the order people read them, and distinct names never equal (a cursor must place exactly). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
