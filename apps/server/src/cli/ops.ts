/**
 * The command line's entry: `npm run ops -- <command> [args]` (or `node apps/server/dist/ops.js
 * ...`), the commands themselves in ops-main.ts. A command with a heap cap runs again in a Node with
 * the cap (heap-cap.ts); this first run loads nothing else, so the second does not wait for a
 * first loading of the whole server (0.6 s built, about 2.5 s through tsx; docs/performance.md,
 * "Validation fast again").
 */
import { heapIsCapped, rerunWithHeapCap } from './heap-cap';
import { giveWayToServing } from './priority';

/** How commands are started, by name (the others as they are). */
const LAUNCH: Record<string, { heapCapMb?: number; givesWayToServing?: boolean }> = {
  'content:import': { heapCapMb: 256, givesWayToServing: true },
};

const launch = LAUNCH[process.argv[2] ?? ''];
// Before the heap cap's second run, so that it inherits the priority in every thread.
if (launch?.givesWayToServing) giveWayToServing();
if (launch?.heapCapMb && !heapIsCapped()) {
  process.exitCode = await rerunWithHeapCap(launch.heapCapMb);
} else {
  // Beside this file: ops-main.ts from the sources, ops-main.js in the build (build.mjs).
  await import(
    new URL(import.meta.url.endsWith('.ts') ? './ops-main.ts' : './ops-main.js', import.meta.url)
      .href
  );
}
