import type { RecordStore } from '../../store/record-store';
import { COMPLETION_LAYOUT } from './completion.record';
import { COMPLETION_KIND, type CompletionRecord } from './completion.types';

/** Bounds an in-progress completion whose job was lost; a finished one lives COMPLETION_TTL_SECONDS. */
const IN_PROGRESS_TTL_SECONDS = 24 * 3600;

/** The pub/sub topic every change of one completion is published on. */
export function completionTopic(id: string): string {
  return `completion:${id}`;
}

/**
 * Completion records (read through their layout, completion.record.ts) and their expiry: the
 * keys and topics of completions live here, as the other repositories keep theirs. A completion
 * lives a day while in progress, and `finishedTtlSeconds` once it has an answer.
 */
export class CompletionRepository {
  constructor(
    private readonly records: RecordStore,
    private readonly finishedTtlSeconds: number,
  ) {
    records.define(COMPLETION_KIND, COMPLETION_LAYOUT);
  }

  async create(record: Omit<CompletionRecord, 'version'>): Promise<CompletionRecord> {
    const created = await this.records.create<CompletionRecord>(COMPLETION_KIND, record.id, record, this.write(record.id));
    await this.records.expire(COMPLETION_KIND, record.id, IN_PROGRESS_TTL_SECONDS);
    return created;
  }

  /** How long a completion lives while in progress and once finished: its streamed output lives as long. */
  get lifetimes(): { inProgressSeconds: number; finishedSeconds: number } {
    return { inProgressSeconds: IN_PROGRESS_TTL_SECONDS, finishedSeconds: this.finishedTtlSeconds };
  }

  get(id: string): Promise<CompletionRecord | null> {
    return this.records.get<CompletionRecord>(COMPLETION_KIND, id);
  }

  /** Records the end of a completion (`change` returns null to leave it); from then it lives the finished span. */
  async finish(id: string, change: (current: CompletionRecord) => CompletionRecord | null): Promise<CompletionRecord | null> {
    const updated = await this.records.update<CompletionRecord>(COMPLETION_KIND, id, change, this.write(id));
    if (updated) await this.records.expire(COMPLETION_KIND, id, this.finishedTtlSeconds);
    return updated;
  }

  private write(id: string) {
    return { topics: [completionTopic(id)] };
  }
}
