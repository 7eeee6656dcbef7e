/**
 * `npx tsx apps/server/bench/cpu-profile-summary.ts <file.cpuprofile>` — where a --cpu-prof run spent
 * its time: self time by package (or our own code, or Node's internals) and the top functions.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, index) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...self.values()].reduce((sum, value) => sum + value, 0);

function area(url: string, name: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes('/dist/main.js')) return 'our code (dist/main.js)';
  if (url.startsWith('node:')) return 'Node internals';
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(idle)' || name === '(program)') return name;
  return url ? 'other' : `(${name || 'native'})`;
}

const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id)!;
  const where = area(callFrame.url, callFrame.functionName);
  areas.set(where, (areas.get(where) ?? 0) + time);
  const file = callFrame.url.split('/').slice(-2).join('/');
  const name = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
}
const percent = (time: number) => `${((time / total) * 100).toFixed(1)} %`;
const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

console.log(`Total ${(total / 1e6).toFixed(1)} s sampled\n\n| where | self time |\n|---|---|`);
for (const [where, time] of top(areas, 15)) console.log(`| ${where} | ${percent(time)} |`);
console.log('\n| function | self time |\n|---|---|');
for (const [name, time] of top(functions, 20)) console.log(`| ${name} | ${percent(time)} |`);
