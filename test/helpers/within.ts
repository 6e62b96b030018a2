/**
 * Waits for `promise`, but no longer than `ms`: past that it rejects with `message`, so a test that
 * waits on an event fails with its own reason instead of ending through jest's timeout.
 */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (waited ${ms} ms)`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/**
 * Asks `check` every `every` ms until it answers true, but no longer than `ms`: past that it
 * rejects with `message`. For "has expired" and "has arrived" waits, in place of a fixed sleep
 * followed by an assertion (which fails whenever the machine is slower than the sleep).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms: number,
  message: string,
  every = 25,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const left = Math.max(end - Date.now(), 1);
    if (await within(Promise.resolve(check()), left, `${message}: no answer`)) return;
    if (Date.now() >= end) throw new Error(`${message} (waited ${ms} ms)`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
