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
  it('runs again in a Node whose old generation is capped, unless the operator set a cap', async () => {
    const limit = async (nodeOptions?: string) => {
      const { code, stdout } = await run(['96'], nodeOptions);
      expect(code).toBe(0);
      return (JSON.parse(stdout) as { heapLimitMb: number }).heapLimitMb;
    };
    // The limit is the old generation's cap plus a young generation whose size depends on Node's
    // version; the two runs differ by the difference between their caps (an uncapped Node would
    // allow gigabytes).
    const capped = await limit();
    const operators = await limit('--max-old-space-size=640');
    expect(capped).toBeGreaterThanOrEqual(96);
    expect(operators - capped).toBeGreaterThan(640 - 96 - 8);
    expect(operators - capped).toBeLessThan(640 - 96 + 8);
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
