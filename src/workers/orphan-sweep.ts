import type { Platform } from '../platform';
import { BLOB_HOLDERS } from './record-blobs';

export interface SweepOutcome {
  blobs: number;
  scratch: number;
}

/**
 * Deletes blobs no record references and scratch files left by crashed jobs or cut
 * uploads, once they are older than `maxAgeMs`. The records are read before the files
 * are listed, so a blob adopted during the sweep is young and stays; scratch paths that a
 * live process uses are kept fresh by its leases (renewed here first for this process).
 */
export async function sweepOrphans(platform: Platform, maxAgeMs: number): Promise<SweepOutcome> {
  const { blobs, records, logger } = platform;
  await blobs.scratch.renewLeases();
  const referenced = new Set<string>();
  for (const holder of BLOB_HOLDERS) {
    for await (const batch of records.scan<never>(holder.kind)) {
      for (const record of batch) for (const blobId of holder.blobsOf(record)) if (blobId) referenced.add(blobId);
    }
  }
  const cutoff = Date.now() - maxAgeMs;
  const outcome: SweepOutcome = { blobs: 0, scratch: 0 };
  for (const blobId of await blobs.blobsBefore(cutoff)) {
    if (referenced.has(blobId)) continue;
    await blobs.remove(blobId);
    outcome.blobs++;
    logger.info({ blobId }, 'sweep: removed a blob no record references');
  }
  for (const entry of await blobs.scratch.scratchBefore(cutoff)) {
    await blobs.scratch.removeScratch(entry.path);
    outcome.scratch++;
    logger.info({ modifiedAt: new Date(entry.modifiedMs).toISOString() }, 'sweep: removed an abandoned scratch file');
  }
  return outcome;
}
