import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { Caller } from '../shared/caller';
import { blamesInput } from '../shared/engine-error';
import type { AudioProbe } from '../shared/audio-probe';
import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import type { BlobStore } from '../../store/blob-store';
import type { ChangeEvent } from '../../store/record-store';
import { NotFound } from '../errors';
import type { OutputEvent, OutputLog, OutputResource, OutputWriter } from '../output/output-log';
import { invalid } from '../transcription/transcript.inputs';
import { AUDIO_FORMATS, canSee, isAcceptedContainer } from '../transcription/transcript.types';
import type { CompletionJobs } from './completion.jobs';
import { completionTopic, type CompletionRepository } from './completion.repository';
import { COMPLETION_PATH, isFinished, type AudioSource, type CompletionInput, type CompletionOutput, type CompletionRecord } from './completion.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CompletionServiceDeps {
  repository: CompletionRepository;
  jobs: CompletionJobs;
  events: EventBus;
  blobs: BlobStore;
  /** Probes an upload while the request waits, so unreadable audio is refused at once. */
  audio: Pick<AudioProbe, 'probe'>;
  /** Where the reply streams while the LLM writes it. */
  output: OutputLog;
}

const now = () => new Date().toISOString();

/** The uuid in `/v2/completions/<uuid>` or a bare uuid; anything else names no completion. */
export function completionIdFrom(value: string): string {
  const id = value.startsWith(COMPLETION_PATH) ? value.slice(COMPLETION_PATH.length) : value;
  if (!UUID.test(id)) throw new NotFound('Completion not found');
  return id.toLowerCase();
}

/**
 * Completions: the only place that changes a completion record. Like transcripts they
 * belong to the submitting API key, and a finished one expires (COMPLETION_TTL_SECONDS).
 */
export class CompletionService {
  constructor(private readonly deps: CompletionServiceDeps) {}

  /**
   * Stores inline audio and probes it now, so unreadable audio is refused before the
   * completion is stored. URLs are fetched by the job.
   */
  async submit(caller: Caller, input: CompletionInput, requestId?: string): Promise<CompletionRecord> {
    const audioFiles: Record<string, AudioSource> = {};
    const errors: Record<string, string[]> = {};
    try {
      for (const [name, file] of Object.entries(input.audioFiles)) {
        if (file.kind === 'url') {
          audioFiles[name] = file;
          continue;
        }
        // Probed on local disk before it is stored: an object store would need a copy back.
        const path = this.deps.blobs.scratch.tmpPath();
        try {
          await writeFile(path, file.bytes);
          if (!(await this.isAcceptedAudio(path))) {
            errors[`input.audio_files.${name}`] = [`The input.audio_files.${name} field must be audio of type: ${AUDIO_FORMATS.join(', ')}.`];
            continue;
          }
          audioFiles[name] = { kind: 'inline', blobId: await this.deps.blobs.adopt(path), mimeType: file.mimeType };
        } finally {
          await rm(path, { force: true });
        }
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);

      const id = randomUUID();
      const timestamp = now();
      const created = await this.deps.repository.create({
        id,
        keyId: caller.keyId,
        state: 'in-progress',
        input: { messages: input.messages, audioFiles, character: input.character, characterParams: input.characterParams },
        output: null,
        createdAt: timestamp,
        updatedAt: timestamp,
        finishedAt: null,
        partners: [...caller.partners],
      });
      await this.deps.jobs.complete(created, { requestId });
      return created;
    } catch (error) {
      await this.deps.blobs.remove(...inlineBlobs(audioFiles));
      throw error;
    }
  }

  async get(caller: Caller, idOrPath: string): Promise<CompletionRecord> {
    const id = completionIdFrom(idOrPath);
    const record = await this.getById(id);
    if (!record || !canSee(caller, record)) throw new NotFound('Completion not found');
    return record;
  }

  getById(id: string): Promise<CompletionRecord | null> {
    return this.deps.repository.get(id);
  }

  /** The current state, then each change, ending once the completion is finished. */
  watch(caller: Caller, idOrPath: string): PushStream<ChangeEvent<CompletionRecord>> {
    const id = completionIdFrom(idOrPath);
    return this.deps.events.live<CompletionRecord>(completionTopic(id), {
      load: async () => [await this.get(caller, id)],
      until: (event) => event.deleted || isFinished(event.data),
    });
  }

  /**
   * The reply as it is written (the output log's contract, output-log.ts): the events after
   * `after`, or the snapshot first, then each new one, ending after `done`. The same refusals
   * as `get`; a completion that finished without its log saying so (a process died between the
   * two writes) has its log settled here, when a reader subscribes or its stream is quiet.
   */
  followOutput(caller: Caller, idOrPath: string, after: number | null): PushStream<OutputEvent> {
    const id = completionIdFrom(idOrPath);
    return this.deps.output.follow(outputOf(id), {
      after,
      check: async () => {
        const record = await this.get(caller, id);
        if (isFinished(record)) await this.settleOutput(record);
      },
    });
  }

  /** The reply's text so far while the completion is in progress; null before any, and once it is finished (`output` has it). */
  async partialOutput(completion: CompletionRecord): Promise<string | null> {
    if (isFinished(completion)) return null;
    const snapshot = await this.deps.output.snapshot(outputOf(completion.id));
    return snapshot.seq === 0 ? null : snapshot.text;
  }

  // Worker-facing state changes: only an in-progress completion changes, so a repeated or
  // late job cannot overwrite a result.

  /** Where one attempt of the job streams the reply; its first write starts the text over. */
  outputWriter(id: string): OutputWriter {
    return this.deps.output.writer(outputOf(id), { ttlSeconds: this.deps.repository.lifetimes.inProgressSeconds });
  }

  /** The completion when its job still has work to do. */
  async pending(id: string): Promise<CompletionRecord | null> {
    const record = await this.getById(id);
    return record && !isFinished(record) ? record : null;
  }

  complete(id: string, output: CompletionOutput): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, state: 'completed', output }));
  }

  fail(id: string, reason: string): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, state: 'failed', output: { error: reason } }));
  }

  private async finish(id: string, change: (current: CompletionRecord) => CompletionRecord): Promise<boolean> {
    let applied = false;
    const updated = await this.deps.repository.finish(id, (current) => {
      applied = !isFinished(current);
      const timestamp = now();
      return applied ? { ...change(current), updatedAt: timestamp, finishedAt: timestamp } : null;
    });
    if (!updated) return false;
    // Inline audio is only needed until the completion is finished.
    await this.deps.blobs.remove(...inlineBlobs(updated.input.audioFiles));
    // The result is stored: a failure to say so in the log (Redis gone again) is made good by
    // the readers' settling (followOutput), so it does not fail the finished work.
    if (applied) await this.settleOutput(updated).catch(() => undefined);
    return applied;
  }

  /** Ends a finished completion's log with its reply's text (a failure keeps what was written); nothing when it has ended already. */
  private async settleOutput(completion: CompletionRecord): Promise<void> {
    const output = completion.output;
    const finalText = completion.state === 'completed' && output && 'message' in output ? output.message.content : undefined;
    await this.deps.output.finish(outputOf(completion.id), { finalText, ttlSeconds: this.deps.repository.lifetimes.finishedSeconds });
  }

  private async isAcceptedAudio(path: string): Promise<boolean> {
    try {
      const probe = await this.deps.audio.probe(path);
      return probe.hasAudio && isAcceptedContainer(probe.formatName);
    } catch (error) {
      if (blamesInput(error)) return false;
      throw error;
    }
  }
}

function outputOf(id: string): OutputResource {
  return { kind: 'completion', id };
}

function inlineBlobs(files: Record<string, AudioSource>): string[] {
  return Object.values(files).flatMap((file) => (file.kind === 'inline' ? [file.blobId] : []));
}
