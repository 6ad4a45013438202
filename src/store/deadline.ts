/**
 * Whether `work` settles (resolves or rejects) within `ms`. For shutdown steps that wait on
 * Redis: while it is down, a polite close (QUIT, BullMQ's hand-back and closing) waits for
 * it forever, and a shutdown must end all the same.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
