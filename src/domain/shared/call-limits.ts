/**
 * What bounds an engine call made for a job: the attempt's signal (aborted when the job is
 * handed back at shutdown or its deadline passes) and that deadline (epoch ms), so that an
 * engine client does not begin a wait (a retry, a Retry-After) the job cannot outlive.
 */
export interface CallLimits {
  signal?: AbortSignal;
  deadline?: number;
}
