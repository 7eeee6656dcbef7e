/**
 * Polls `probe` until it gives a value, for real processes (a first start migrates and loads the
 * demo catalogue through tsx: most of a minute on a busy machine). `what` names what was awaited
 * in the timeout's message.
 */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string | (() => string),
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
