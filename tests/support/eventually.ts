/** Polls until `ok` holds; fails with the last value after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
