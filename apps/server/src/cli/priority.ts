import os from 'node:os';

/**
 * Lowers this process's CPU priority to the lowest (nice 19), so that on a machine it shares with
 * serving instances their readers come first and a long command takes what they leave: during an
 * import of 1,000,000 questions the importer took a third of a core beside the server
 * (docs/performance.md, "A million questions"). Processes and threads started afterwards inherit
 * it. A system that refuses leaves the priority as it was.
 */
export function giveWayToServing() {
  const low = os.constants.priority.PRIORITY_LOW;
  try {
    if (os.getPriority() < low) os.setPriority(low);
  } catch {
    // Not permitted here: the command runs at the usual priority.
  }
}
