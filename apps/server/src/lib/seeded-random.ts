/**
 * Numbers in [0, 1) that repeat for the same seed (a linear congruential generator): synthetic
 * catalogues and randomised tests that can be run again as they were.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
