import { hash, randomUUID } from 'node:crypto';
import calculateSlot from 'cluster-key-slot';

// The slot part of an id made by `partnerRecordId`: the partner's digest, a dot, a UUID.
const PARTNER_RECORD_ID = /^([0-9a-f]{8})\.([0-9a-f-]{36})$/;

/**
 * The hash tag of a partner's records and name indexes: a digest of the partner, so that
 * any string a partner is named with makes a short tag without braces in it.
 */
function partnerTag(partner: string): string {
  // The one-shot hash: every read of a name index pays it.
  return hash('sha256', partner, 'hex').slice(0, 8);
}

/**
 * A new id for a record that a partner's name index points to (voices, knowledge bases).
 * It starts with the partner's hash tag, so the id alone names the Redis Cluster slot the
 * record shares with that index: jobs and loaders that know only the id still find it.
 */
export function partnerRecordId(partner: string): string {
  return `${partnerTag(partner)}.${randomUUID()}`;
}

/**
 * The part of a key Redis Cluster hashes: the text between the first `{` and the next `}`
 * when that is not empty, else the whole key.
 */
function hashedPart(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

/** Whether keys hash to one cluster slot for sure (they share a hash tag, or there is one key). */
export function inOneSlot(keys: readonly string[]): boolean {
  const first = keys[0];
  return first === undefined || keys.every((key) => hashedPart(key) === hashedPart(first));
}

let slotTags: string[] | null = null;

/**
 * A hash tag for each Redis Cluster slot: the shortest decimal number that hashes there. A key
 * kept beside any record (whatever its key) can then share the record's slot, so one script
 * can write both. Computed once, on a cluster only (about 160,000 hashes, a few milliseconds).
 */
export function slotTagOf(key: string): string {
  if (!slotTags) {
    const tags: (string | undefined)[] = new Array<string | undefined>(16384);
    let missing = 16384;
    for (let n = 0; missing > 0; n++) {
      const slot = calculateSlot(String(n));
      if (tags[slot] === undefined) {
        tags[slot] = String(n);
        missing--;
      }
    }
    slotTags = tags as string[];
  }
  return slotTags[calculateSlot(key)]!;
}

/**
 * Builds every Redis key and channel from one prefix, so deployments and test runs never
 * collide. Keys that one script or one multi-key command touches share a hash tag, so they
 * share a slot on a Redis Cluster: a partner's name index and the records it points to carry
 * the partner's tag, and so does anything kept per such record (a knowledge base's document set).
 */
export class KeySpace {
  constructor(readonly prefix: string) {}

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** A record's key (or a key kept per record); an id from `partnerRecordId` puts its tag in braces. */
  recordKey(kind: string, id: string): string {
    const scoped = PARTNER_RECORD_ID.exec(id);
    return this.key(kind, scoped ? `{${scoped[1]}}.${scoped[2]}` : id);
  }

  /** Whether a key found by a scan is a record of `kind`, not a key nested under one (`<kind>:<id>:...`). */
  isRecordKey(kind: string, key: string): boolean {
    const prefix = this.key(kind, '');
    return key.startsWith(prefix) && !key.slice(prefix.length).includes(':');
  }

  /** A key kept per partner (a name index), in the slot of that partner's records. */
  partnerKey(kind: string, partner: string): string {
    return this.key(kind, `{${partnerTag(partner)}}`, partner);
  }

  /** Whether a key found by a scan of `<kind>:*` is a partner key as `partnerKey` makes them, rather than one of an older layout. */
  isPartnerKey(kind: string, key: string): boolean {
    const rest = key.slice(this.key(kind, '').length);
    const separator = rest.indexOf('}:');
    return separator > 0 && this.partnerKey(kind, rest.slice(separator + 2)) === key;
  }

  channel(topic: string): string {
    return `${this.prefix}:events:${topic}`;
  }
}
