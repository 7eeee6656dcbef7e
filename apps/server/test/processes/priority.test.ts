import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '@/paths';

const script = `
  import { execFileSync } from 'node:child_process';
  import os from 'node:os';
  import { giveWayToServing } from './src/cli/priority.ts';
  giveWayToServing();
  const child = execFileSync(process.execPath, ['-p', 'require("node:os").getPriority()']);
  console.log(JSON.stringify({ own: os.getPriority(), child: Number(child) }));
`;

describe('a command that gives way to serving', () => {
  it('runs below the usual priority, and so does what it starts (the heap cap’s second run)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: serverRoot },
    );
    const usual = os.getPriority();
    const { own, child } = JSON.parse(stdout) as { own: number; child: number };
    expect(own).toBe(Math.max(usual, os.constants.priority.PRIORITY_LOW));
    expect(child).toBe(own);
  });
});
