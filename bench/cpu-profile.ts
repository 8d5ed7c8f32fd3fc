/**
 * `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [--top=N] [--from=us] [--to=us]`: where a V8 CPU
 * profile (`node --cpu-prof`, or the API under `npm run bench:scale -- --cpu-prof=<dir>`) spent its time. Prints
 * the functions with the most self time and the most total time (self plus callees, each function counted once
 * per sample however deep it recurses), as a share of the samples taken while the process was busy (idle and
 * garbage collection are shown on lines of their own). `--from`/`--to` keep the samples of a window given in the
 * profile's own clock, microseconds of the system's monotonic clock (`process.hrtime`): bench:scale prints each
 * route's window so, and so does `npm run bench -- --cpu-prof=<dir>` for each placement figure, with `--per=N`
 * (its orders): each line then also gives its time per order in ms.
 */
import { readFileSync } from 'node:fs';
import { option } from './lib';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error(
    'usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile> [--top=N] [--from=us] [--to=us] [--per=N]',
  );
  process.exit(2);
}
const top = Number(option('top') ?? 15);
const from = Number(option('from') ?? 0);
const to = Number(option('to') ?? Infinity);
const per = Number(option('per') ?? 0);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** A function's name with where it is: the path after node_modules or src, and its line. */
function labelOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const path = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '');
  return `${functionName || '(anonymous)'} ${path ? `${path}:${lineNumber + 1}` : ''}`.trim();
}

const self = new Map<string, number>();
const total = new Map<string, number>();
let busy = 0;
let idle = 0;
let gc = 0;
let at = profile.startTime;
for (const [i, sample] of profile.samples.entries()) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  const node = byId.get(sample);
  if (!node) continue;
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    idle += 1;
    continue;
  }
  if (name === '(garbage collector)') gc += 1;
  busy += 1;
  const label = labelOf(node);
  self.set(label, (self.get(label) ?? 0) + 1);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
    const ancestor = byId.get(id);
    if (!ancestor) break;
    const ancestorLabel = labelOf(ancestor);
    if (seen.has(ancestorLabel) || ancestorLabel === '(root)') continue;
    seen.add(ancestorLabel);
    total.set(ancestorLabel, (total.get(ancestorLabel) ?? 0) + 1);
  }
}

const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length) / 1000;
const share = (n: number) =>
  `${((100 * n) / Math.max(1, busy)).toFixed(1).padStart(5)}%${
    per > 0 ? ` ${((n * interval) / per).toFixed(3).padStart(6)} ms` : ''
  }`;
console.log(
  `${busy} busy samples (${((busy * interval) / 1000).toFixed(2)} s${
    per > 0 ? `, ${((busy * interval) / per).toFixed(2)} ms per one of ${per}` : ''
  }), ${idle} idle, garbage collection ${share(gc)} of busy`,
);
console.log(`\ntop ${top} by self time:`);
for (const [label, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${share(n)}  ${label}`);
console.log(`\ntop ${top} by total time:`);
for (const [label, n] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${share(n)}  ${label}`);
