import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '@/paths';

const fixture = path.join(serverRoot, 'test/fixtures/heap-cap-command.ts');

async function run(args: string[], nodeOptions = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
    cwd: serverRoot,
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('a command run with its heap capped', () => {
  it('runs again in a Node whose heap limit is the cap', async () => {
    const { code, stdout } = await run(['96']);
    expect(code).toBe(0);
    const { heapLimitMb } = JSON.parse(stdout) as { heapLimitMb: number };
    // The old generation's cap, plus the young generation V8 adds to it.
    expect(heapLimitMb).toBeGreaterThanOrEqual(96);
    expect(heapLimitMb).toBeLessThan(160);
  });

  it("keeps the operator's own cap", async () => {
    const { code, stdout } = await run(['96'], '--max-old-space-size=640');
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { heapLimitMb: number }).heapLimitMb).toBeGreaterThanOrEqual(640);
  });

  it('says in Portuguese that the cap was reached, and fails', async () => {
    const { code, stderr } = await run(['48', 'fill']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'O comando passou do limite de memória de 48 MB e parou; nada foi gravado.',
    );
    expect(stderr).toContain('NODE_OPTIONS=--max-old-space-size=<MB>, por exemplo 192.');
  });
});
