import { InsufficientStorage, ServiceUnavailable, type DomainError } from '../errors';
import { storageFaultOf } from '../../store/storage-faults';

/** An object storage outage is usually short: a client may try again soon. */
const OBJECT_STORAGE_RETRY_SECONDS = 5;

/**
 * A storage fault (the disk full, the object storage out of reach) as every API answers it and
 * as a job's failure reason reads; null for any other error.
 */
export function storageFailureOf(error: unknown): DomainError | null {
  switch (storageFaultOf(error)) {
    case 'disk_full':
      return new InsufficientStorage();
    case 'object_storage_unreachable':
      return new ServiceUnavailable(OBJECT_STORAGE_RETRY_SECONDS, 'The file storage cannot be reached; try again shortly');
    case null:
      return null;
  }
}
