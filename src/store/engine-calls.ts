import type { KeySpace } from './keys';
import type { RedisClient } from './redis';

/** How the last call to an engine ended, as any process of the deployment saw it. */
export interface LastEngineCall {
  /** When it ended (ISO 8601). */
  at: string;
  ok: boolean;
  /**
   * What went wrong, in a word or two (`HTTP 401`, `timed out`, `unreachable`, `not configured`,
   * `unexpected answer`, `answer too large`, `failed`): never the engine's own text, which may
   * quote another partner's request.
   */
  error: string | null;
}

/** A process writes an engine's outcome when it changes, and otherwise at most this often. */
const REWRITE_AFTER_MS = 10_000;

/**
 * The last outcome of each engine's calls, in one Redis hash the whole deployment shares: the
 * configuration says which engines are set, this says whether they answer. Written by the
 * processes that call engines (workers, mostly), read by whichever answers the `engines` query.
 */
export class EngineCallLog {
  private readonly key: string;
  /** What this process last wrote per engine, so a steady stream of calls costs a write per REWRITE_AFTER_MS. */
  private readonly written = new Map<string, { ok: boolean; error: string | null; at: number }>();

  constructor(
    private readonly redis: RedisClient,
    keys: KeySpace,
  ) {
    this.key = keys.key('engine-calls');
  }

  /** Notes a call's end; `error` is what it threw, when it did. Never throws: an outcome not written is not worth a failure. */
  note(engine: string, error?: unknown): void {
    const ok = error === undefined;
    const reason = ok ? null : reasonOf(error);
    const now = Date.now();
    const last = this.written.get(engine);
    if (last && last.ok === ok && last.error === reason && now - last.at < REWRITE_AFTER_MS) return;
    this.written.set(engine, { ok, error: reason, at: now });
    const call: LastEngineCall = { at: new Date(now).toISOString(), ok, error: reason };
    this.redis.hset(this.key, engine, JSON.stringify(call)).catch(() => this.written.delete(engine));
  }

  /** The last call of each engine that has been called, by the engine's name in the metrics. */
  async read(): Promise<Map<string, LastEngineCall>> {
    const all = await this.redis.hgetall(this.key);
    return new Map(Object.entries(all).map(([engine, raw]) => [engine, JSON.parse(raw) as LastEngineCall]));
  }
}

/**
 * A failure in a word or two, always one of a fixed few. Engine clients word their failures
 * themselves ("... request timed out after 30 s", "... service unreachable: ...", "... answer too
 * large: ...", "The LLM engine is not configured"), so those words are looked for; nothing of
 * the message is kept.
 */
function reasonOf(error: unknown): string {
  const failure = error as { status?: unknown; message?: unknown } | null;
  if (typeof failure?.status === 'number') return `HTTP ${failure.status}`;
  const message = typeof failure?.message === 'string' ? failure.message : '';
  if (/\btimed out\b/.test(message)) return 'timed out';
  if (/\bunreachable\b/.test(message)) return 'unreachable';
  if (/\bnot configured\b/.test(message)) return 'not configured';
  if (/\b(not JSON|unexpected response)\b/.test(message)) return 'unexpected answer';
  if (/\btoo large\b/.test(message)) return 'answer too large';
  return 'failed';
}
