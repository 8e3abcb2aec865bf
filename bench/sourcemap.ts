// A minimal source map (v3) reader: maps a generated line/column back to the original file/line.
// Enough for naming hot spots of the compiled core (out/**/*.js with tsc's .js.map) by TS file:line.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one Base64 VLQ segment into its numbers. */
function decodeSegment(seg: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of seg) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) break;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

interface Segment {
  genCol: number;
  src: number;
  line: number;
  col: number;
}

export class SourceMap {
  private readonly lines: Segment[][] = [];
  readonly sources: string[];

  constructor(json: { mappings: string; sources: string[]; sourceRoot?: string }, mapDir: string) {
    this.sources = json.sources.map((s) => resolve(mapDir, json.sourceRoot ?? '', s));
    let src = 0;
    let line = 0;
    let col = 0;
    for (const l of json.mappings.split(';')) {
      const segs: Segment[] = [];
      let genCol = 0;
      if (l) {
        for (const s of l.split(',')) {
          const v = decodeSegment(s);
          genCol += v[0];
          if (v.length >= 4) {
            src += v[1];
            line += v[2];
            col += v[3];
            segs.push({ genCol, src, line, col });
          }
        }
      }
      this.lines.push(segs);
    }
  }

  /** Original position of a 0-based generated line/column (the nearest segment at or before it on that line). */
  original(line: number, column: number): { source: string; line: number; column: number } | undefined {
    const segs = this.lines[line];
    if (!segs || segs.length === 0) return undefined;
    let best = segs[0];
    for (const s of segs) {
      if (s.genCol <= column) best = s;
      else break;
    }
    return { source: this.sources[best.src], line: best.line, column: best.col };
  }
}

const cache = new Map<string, SourceMap | null>();

/** The source map next to a generated file (`file.js.map`), or null. */
export function sourceMapFor(file: string): SourceMap | null {
  let m = cache.get(file);
  if (m !== undefined) return m;
  m = null;
  const mapFile = file + '.map';
  if (existsSync(mapFile)) {
    try {
      m = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')), dirname(mapFile));
    } catch {
      m = null;
    }
  }
  cache.set(file, m);
  return m;
}
