/**
 * For long synchronous work in the server's process (validating an import): `await pause()` in its
 * loop hands the event loop to waiting requests once a slice of `sliceMs` has run.
 */
export function slicer(sliceMs = 10) {
  let sliceStarted = performance.now();
  return async function pause() {
    if (performance.now() - sliceStarted < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  };
}
