/**
 * The two ways storage fails that are no fault of the caller nor a bug of ours: the local disk
 * (DATA_DIR: uploads in flight, job scratch files, local blobs) is full, or the object storage
 * cannot be reached. Each API answers them in its own words; a job stores them as a readable
 * reason instead of the system's.
 */
export type StorageFault = 'disk_full' | 'object_storage_unreachable';

/** No space left, or the user's quota used up: either way a write cannot land. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** An object storage call that got no answer, or an answer that says the storage is down or overloaded. */
export class ObjectStorageUnreachable extends Error {
  constructor(cause: unknown) {
    super(`The object storage cannot be reached: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
    this.name = 'ObjectStorageUnreachable';
  }
}

/**
 * Which storage fault an error is, or null. Follows `cause`: streams and SDKs wrap what went
 * wrong below them.
 */
export function storageFaultOf(error: unknown): StorageFault | null {
  const seen = new Set<unknown>();
  for (let current = error; current !== null && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    if (current instanceof ObjectStorageUnreachable) return 'object_storage_unreachable';
    if (DISK_FULL_CODES.has(String((current as { code?: unknown }).code))) return 'disk_full';
  }
  return null;
}
