/** The in-process load: a fixed number of calls kept in flight for a while. */

/** Calls kept in flight (measurements 1, 6 and the telemetry row). */
export const IN_FLIGHT = 64;

/** Keeps {@link IN_FLIGHT} calls of `call` going for `ms`: calls per second, and how many. */
export async function drive(
  call: (id: number) => Promise<unknown>,
  ms: number,
): Promise<{ rate: number; calls: number }> {
  let calls = 0;
  let id = 1;
  const end = performance.now() + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      await call(id++);
      calls += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { rate: calls / ((performance.now() - start) / 1000), calls };
}
