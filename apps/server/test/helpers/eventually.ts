/**
 * Reads until `accept` holds or 2 s pass, and returns the last value read. For changes another
 * instance (or a direct SQL write) makes: caches hear them by NOTIFY, at commit on PGlite and a few
 * milliseconds later over PostgreSQL's own connection.
 */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean) {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
