// CPU profile of one check: runs profile-target.js under `node --cpu-prof` and summarises the
// profile: self time per function (and its hottest source line), mapped to the TypeScript source
// through tsc's source maps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceMapFor } from './sourcemap';

export interface HotSpot {
  function: string;
  /** TS source file:line of the function (or the generated file when there is no source map). */
  location: string;
  /** The line inside it with the most samples, mapped to the source. */
  hottestLine: string | undefined;
  selfMs: number;
  selfPercent: number;
}

export interface ProfileSummary {
  file: string;
  profile: string;
  windowMs: number;
  sampledMs: number;
  top: HotSpot[];
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  positionTicks?: { line: number; ticks: number }[];
}
interface CpuProfile {
  nodes: CpuNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function mapped(url: string, line0: number, col0: number, root: string): string {
  if (!url.startsWith('file://')) return url || '(native)';
  const file = fileURLToPath(url);
  const o = sourceMapFor(file)?.original(line0, col0);
  if (o) return `${relative(root, o.source)}:${o.line + 1}`;
  return `${relative(root, file)}:${line0 + 1}`;
}

export function profileCheck(boardFile: string, outDir: string, root: string, topN = 10): ProfileSummary {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const target = join(__dirname, 'profile-target.js');
  const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--cpu-prof-interval=200', target, boardFile], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`profile run failed: ${run.stderr}`);
  const window = JSON.parse(run.stdout.trim().split('\n').pop()!) as { start: number; end: number };
  const name = readdirSync(outDir).find((f) => f.endsWith('.cpuprofile'));
  if (!name) throw new Error('no .cpuprofile written');
  const prof = JSON.parse(readFileSync(join(outDir, name), 'utf8')) as CpuProfile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));

  // Self time per node within the window of the measured check.
  const selfUs = new Map<number, number>();
  let t = prof.startTime;
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    const dt = prof.timeDeltas[i] ?? 0;
    t += dt;
    if (t < window.start || t > window.end) continue;
    // A sample's duration is the gap to the next sample.
    const next = prof.timeDeltas[i + 1] ?? 0;
    selfUs.set(prof.samples[i], (selfUs.get(prof.samples[i]) ?? 0) + next);
    total += next;
  }

  // Aggregate nodes by function (name + script + position).
  interface Agg {
    name: string;
    url: string;
    line: number;
    col: number;
    us: number;
    lines: Map<number, number>;
  }
  const agg = new Map<string, Agg>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const cf = n.callFrame;
    const key = `${cf.functionName}|${cf.url}|${cf.lineNumber}|${cf.columnNumber}`;
    let a = agg.get(key);
    if (!a) {
      a = { name: cf.functionName || '(anonymous)', url: cf.url, line: cf.lineNumber, col: cf.columnNumber, us: 0, lines: new Map() };
      agg.set(key, a);
    }
    a.us += us;
    for (const pt of n.positionTicks ?? []) a.lines.set(pt.line, (a.lines.get(pt.line) ?? 0) + pt.ticks);
  }
  const top = [...agg.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, topN)
    .map((a): HotSpot => {
      let hottest: number | undefined;
      let best = -1;
      for (const [l, ticks] of a.lines) if (ticks > best) ((best = ticks), (hottest = l));
      return {
        function: a.name,
        location: mapped(a.url, a.line, a.col, root),
        hottestLine: hottest !== undefined && a.url ? mapped(a.url, hottest - 1, 0, root) : undefined,
        selfMs: a.us / 1000,
        selfPercent: total ? (100 * a.us) / total : 0,
      };
    });
  return { file: boardFile, profile: join(outDir, name), windowMs: (window.end - window.start) / 1000, sampledMs: total / 1000, top };
}
