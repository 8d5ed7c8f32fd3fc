/**
 * `{ value }` when a promise settles within `ms`, else null (the promise keeps running), for a server component
 * that draws a quick answer in its first HTML and streams a slow one in behind a Suspense fallback. A rejection
 * within the time is thrown here, as awaiting the promise would.
 */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.then((value) => ({ value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
