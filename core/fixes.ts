// Applying text edits, and "fix all": every safe fix, at most one per finding, without overlaps.
// A safe fix must never hide another finding: `demoteHidingFixes` marks not safe every safe fix
// whose edits touch the text of a finding it does not itself resolve (the analysis applies it to
// its results, and fix-all to whatever findings it is given).
import type { Finding, Fix, Position, Range, TextEdit } from './types';
import { lineStartsOf, offsetAt } from './text';

/** Applies non-overlapping edits (as LSP does: all ranges refer to the original text; inserts at one point keep their order). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = lineStartsOf(text);
  const spans = edits
    .map((e, i) => ({ from: offsetAt(starts, text, e.range.start), to: offsetAt(starts, text, e.range.end), text: e.newText, i }))
    .sort((a, b) => a.from - b.from || a.to - b.to || a.i - b.i);
  let out = '';
  let pos = 0;
  for (const s of spans) {
    if (s.from < pos) throw new Error('overlapping edits');
    out += text.slice(pos, s.from) + s.text;
    pos = s.to;
  }
  return out + text.slice(pos);
}

function cmp(p: Position, q: Position): number {
  return p.line - q.line || p.character - q.character;
}

function isEmpty(r: Range): boolean {
  return cmp(r.start, r.end) === 0;
}

/** The fix, not safe: a copy in the shape of every fix (a spread `{ ...fix, safe: false }` gives it another hidden class). */
export function unsafeCopy(fix: Fix): Fix {
  return { title: fix.title, titleText: fix.titleText, safe: false, edits: fix.edits };
}

/**
 * A safe fix that demoteHidingFixes makes not safe (`safe` false: as unsafeCopy, marked `hiding`),
 * so that fix-all can weigh it again once it knows what it fixes; or such a fix safe again, for that
 * second look (`safe` true). The group its removal keeps goes with it.
 */
function hidingCopy(fix: Fix, safe: boolean): Fix {
  const copy: Fix = { title: fix.title, titleText: fix.titleText, safe, edits: fix.edits };
  if (!safe) copy.hiding = true;
  if (fix.keeps) copy.keeps = fix.keeps;
  return copy;
}

/**
 * The finding with its fixes demoted for hiding (Fix.hiding) made plainly not safe, so that fix-all
 * doesn't take them on its second look: for findings seen without all the others (a cut result,
 * codes turned off), where what such a fix would hide may be among those not seen.
 */
export function noSecondLook(f: Finding): Finding {
  return f.fixes.some((x) => x.hiding) ? { ...f, fixes: f.fixes.map((x) => (x.hiding ? unsafeCopy(x) : x)) } : f;
}

/** Two fixes with the same edits are one change of the text, whatever their titles. */
function fixKey(fix: Fix): string {
  let k = '';
  for (const e of fix.edits) k += `${e.range.start.line}:${e.range.start.character}-${e.range.end.line}:${e.range.end.character}=${e.newText.length}:${e.newText};`;
  return k;
}

function rangeKey(r: Range): string {
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/**
 * Would applying `edit` hide what a finding at `r` points at? A deletion or replacement touches
 * every range it overlaps, and an empty range inside it or at its start (or at its end, unless the
 * edit ends at the start of a line, where the next line begins); an insertion touches a range it
 * splits, and an empty range at the same place. A replacement of exactly the range (a fix that
 * rewrites an event, naming what the rules chose) leaves the finding its new text: not touched.
 */
export function touches(edit: TextEdit, r: Range): boolean {
  if (edit.newText !== '' && !isEmpty(edit.range) && rangeKey(edit.range) === rangeKey(r)) return false;
  const { start: a, end: b } = edit.range;
  const { start: c, end: d } = r;
  if (cmp(a, b) < 0) {
    if (cmp(c, d) < 0) return cmp(c, b) < 0 && cmp(a, d) < 0;
    return cmp(a, c) <= 0 && (cmp(c, b) < 0 || (cmp(c, b) === 0 && b.character !== 0));
  }
  if (cmp(c, d) < 0) return cmp(c, a) < 0 && cmp(a, d) < 0;
  return cmp(c, a) === 0;
}

/**
 * A position as one number that sorts as positions do: line × 2^26 + character. Exact for lines
 * under 2^27 and columns under 2^26 (64 Mi code units), which every file the CLI or the editor
 * checks is (both refuse larger files); columns past that on one line compare as equal.
 */
function ord(p: Position): number {
  return p.line * 67108864 + Math.min(p.character, 67108863);
}

/** How many of the sorted positions are before `p` (`orEqual`: at or before it). */
function countBefore(sorted: Float64Array, p: Position, orEqual: boolean): number {
  const x = ord(p);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid];
    if (v < x || (orEqual && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A safe fix of the findings, with the findings that offer it (each once), and whether it is demoted. */
interface FixGroup {
  fix: Fix;
  members: Finding[];
  demote: boolean;
}

/** Do two fixes make the same edits? */
function sameEdits(a: Fix, b: Fix): boolean {
  if (a.edits.length !== b.edits.length) return false;
  for (let i = 0; i < a.edits.length; i++) {
    const x = a.edits[i];
    const y = b.edits[i];
    if (cmp(x.range.start, y.range.start) !== 0 || cmp(x.range.end, y.range.end) !== 0 || x.newText !== y.newText) return false;
  }
  return true;
}

/**
 * The fixes grouped by their edits (fixKey's equality). Keyed first by where the first edit starts
 * (a number): fixes that start at one place, the rare case, are then told apart by their fixKey
 * strings. A check of a million findings with a fix each so makes no key string for them.
 */
class FixGroups {
  readonly all: FixGroup[] = [];
  private readonly byStart = new Map<number, FixGroup | Map<string, FixGroup>>();

  /** The group of the fix's edits; with `add`, made when there is none. */
  get(fix: Fix, add: boolean): FixGroup | undefined {
    const at = fix.edits.length > 0 ? ord(fix.edits[0].range.start) : -1;
    const slot = this.byStart.get(at);
    if (slot === undefined) {
      if (!add) return undefined;
      const g = this.made(fix);
      this.byStart.set(at, g);
      return g;
    }
    if (!(slot instanceof Map)) {
      if (sameEdits(slot.fix, fix)) return slot;
      if (!add) return undefined;
      const byKey = new Map<string, FixGroup>([[fixKey(slot.fix), slot]]);
      const g = this.made(fix);
      byKey.set(fixKey(fix), g);
      this.byStart.set(at, byKey);
      return g;
    }
    const key = fixKey(fix);
    let g = slot.get(key);
    if (g === undefined && add) slot.set(key, (g = this.made(fix)));
    return g;
  }

  private made(fix: Fix): FixGroup {
    const g: FixGroup = { fix, members: [], demote: false };
    this.all.push(g);
    return g;
  }
}

/**
 * The findings, with every safe fix that would hide another finding marked not safe (it is still
 * offered, as a fix the user chooses). A fix resolves its own finding and every finding that
 * offers the same edits as a safe fix; any other finding whose text one of its edits touches
 * (`touches`: its range, or a related location, the text it depends on) would be changed or
 * removed without being fixed: a syntax error on a redundant line, a problem on the continuation
 * line of a statement the fix deletes, a range an insertion splits, the declarations written after
 * an event that is deleted. Findings are copied only where a fix changes; the input is not
 * modified. O(n log n): each edit counts the ranges it touches by binary search in the sorted
 * starts and ends of all ranges.
 */
export function demoteHidingFixes(findings: readonly Finding[]): Finding[] {
  // The safe fixes by their edits, each with the findings that offer it (each finding once).
  const groups = new FixGroups();
  for (const f of findings) {
    for (const fix of f.fixes) {
      if (!fix.safe) continue;
      const g = groups.get(fix, true)!;
      if (g.members.length === 0 || g.members[g.members.length - 1] !== f) g.members.push(f);
    }
  }
  if (groups.all.length === 0) return [...findings];
  // Every finding's range and related locations, as sorted numbers (ord): starts and ends of the
  // ranges, and the empty ranges (points). Typed arrays sort numerically, without a comparator.
  let nRanges = 0;
  let nPoints = 0;
  for (const f of findings) {
    if (isEmpty(f.range)) nPoints++;
    else nRanges++;
    for (const x of f.related) {
      // A related location in another file (an included one) is no text a fix here can touch.
      if (x.uri !== undefined) continue;
      if (isEmpty(x.range)) nPoints++;
      else nRanges++;
    }
  }
  // The ranges a safe fix replaces exactly (rare: a fix that rewrites an event); only those are counted.
  const replaced = new Set<string>();
  for (const g of groups.all) {
    for (const e of g.fix.edits) if (e.newText !== '' && !isEmpty(e.range)) replaced.add(rangeKey(e.range));
    // A removal of a part that did nothing leaves the findings on its whole group (Fix.keeps): those are counted too, to be left out.
    if (g.fix.keeps) replaced.add(rangeKey(g.fix.keeps));
  }
  const starts = new Float64Array(nRanges);
  const ends = new Float64Array(nRanges);
  const points = new Float64Array(nPoints);
  const exact = new Map<string, number>();
  let iRange = 0;
  let iPoint = 0;
  const add = (r: Range) => {
    if (isEmpty(r)) {
      points[iPoint++] = ord(r.start);
      return;
    }
    if (replaced.size > 0) {
      const key = rangeKey(r);
      if (replaced.has(key)) exact.set(key, (exact.get(key) ?? 0) + 1);
    }
    starts[iRange] = ord(r.start);
    ends[iRange++] = ord(r.end);
  };
  for (const f of findings) {
    add(f.range);
    for (const x of f.related) if (x.uri === undefined) add(x.range);
  }
  starts.sort();
  ends.sort();
  points.sort();
  /** How many findings' ranges the edit touches (the cases of `touches`, counted). */
  const touched = (edit: TextEdit, keeps: Range | undefined): number => {
    const { start: a, end: b } = edit.range;
    if (cmp(a, b) < 0) {
      // Ranges that start before b and do not end at or before a (less those a replacement
      // rewrites exactly, and those on the whole group a removal of an inert part leaves); points from a to b.
      const kept = keeps && touches(edit, keeps) ? (exact.get(rangeKey(keeps)) ?? 0) : 0;
      const ranges = countBefore(starts, b, false) - countBefore(ends, a, true) - (edit.newText !== '' ? (exact.get(rangeKey(edit.range)) ?? 0) : 0) - kept;
      return ranges + countBefore(points, b, b.character !== 0) - countBefore(points, a, false);
    }
    return countBefore(starts, a, false) - countBefore(ends, a, true) + countBefore(points, a, true) - countBefore(points, a, false);
  };
  let demoted = false;
  for (const g of groups.all) {
    for (const e of g.fix.edits) {
      let own = 0;
      const keeps = g.fix.keeps;
      for (const m of g.members) {
        if (touches(e, m.range) && !(keeps && rangeKey(m.range) === rangeKey(keeps))) own++;
        for (const x of m.related) if (x.uri === undefined && touches(e, x.range)) own++;
      }
      if (touched(e, keeps) > own) {
        g.demote = true;
        demoted = true;
        break;
      }
    }
  }
  if (!demoted) return [...findings];
  return findings.map((f) => {
    if (!f.fixes.some((x) => x.safe && groups.get(x, false)!.demote)) return f;
    return { ...f, fixes: f.fixes.map((x) => (x.safe && groups.get(x, false)!.demote ? hidingCopy(x, false) : x)) };
  });
}

/** A fix fix-all may take: its fixKey, where its edits start and end (offsets), in which order it came, and its edits. */
interface Candidate {
  key: string;
  from: number;
  to: number;
  i: number;
  edits: TextEdit[];
}

/** The first safe fix of each finding as a candidate, each change once (`seen`: the fixKeys of those already made candidates). */
function candidatesOf(text: string, starts: number[], findings: readonly Finding[], seen: Set<string>, owners?: Map<string, Finding[]>): Candidate[] {
  const out: Candidate[] = [];
  for (const f of findings) {
    const fix = f.fixes.find((x) => x.safe);
    if (!fix || fix.edits.length === 0) continue;
    const key = fixKey(fix);
    if (owners) {
      const o = owners.get(key);
      if (o) o.push(f);
      else owners.set(key, [f]);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    let from = Infinity;
    let to = -Infinity;
    for (const e of fix.edits) {
      from = Math.min(from, offsetAt(starts, text, e.range.start));
      to = Math.max(to, offsetAt(starts, text, e.range.end));
    }
    out.push({ key, from, to, i: out.length, edits: fix.edits });
  }
  return out.sort((a, b) => a.from - b.from || a.to - b.to || a.i - b.i);
}

/**
 * The edits of fix-all: the first safe fix of each finding (after `demoteHidingFixes`), each
 * change once (findings that offer the same edits share them), skipping any fix that would
 * overlap one taken before it in the text. Fixes are taken in the order of where they start (a
 * fix with several edits as one span from its first to its last), so this is a sort and one pass.
 *
 * Then a second look at the fixes demoted for hiding other findings (Fix.hiding), when there are
 * any: the findings whose fix was taken are fixed, not hidden, so those fixes are judged again
 * against the other findings alone, and taken if they hide none of those and overlap nothing
 * taken. (An ineffective line whose cleanup owes a line after it: the insertion is taken first,
 * and then the line's removal hides nothing; without the second look, a second fix-all would
 * remove it.) Also a sort and one pass, over the few findings not fixed.
 */
export function safeFixEdits(text: string, findings: Finding[]): TextEdit[] {
  const starts = lineStartsOf(text);
  const seen = new Set<string>();
  const owners = new Map<string, Finding[]>();
  const judged = demoteHidingFixes(findings);
  const out: TextEdit[] = [];
  const spans: Candidate[] = [];
  let taken = 0;
  for (const c of candidatesOf(text, starts, judged, seen, owners)) {
    // Touching spans do not overlap: an insertion at a deletion's start or end, two insertions at one place.
    if (c.from < taken) continue;
    out.push(...c.edits);
    spans.push(c);
    taken = c.to;
  }
  if (!judged.some((f) => f.fixes.some((x) => x.hiding))) return out;
  // The findings fix-all fixes: those whose first safe fix was taken (each taken key's owners).
  const fixed = new Set<Finding>();
  for (const c of spans) for (const f of owners.get(c.key)!) fixed.add(f);
  const rest: Finding[] = [];
  for (const f of judged) {
    if (fixed.has(f)) continue;
    rest.push(f.fixes.some((x) => x.hiding) ? { ...f, fixes: f.fixes.map((x) => (x.hiding ? hidingCopy(x, true) : x)) } : f);
  }
  // Only the fixes not weighed in the first pass are new here (`seen`): the others were skipped for an overlap, which stays.
  let j = 0;
  taken = 0;
  const more: TextEdit[] = [];
  for (const c of candidatesOf(text, starts, demoteHidingFixes(rest), seen)) {
    if (c.from < taken) continue;
    // The first-pass spans are sorted and do not overlap: the first that ends after c starts is the only one c may overlap first.
    while (j < spans.length && spans[j].to <= c.from) j++;
    if (j < spans.length && spans[j].from < c.to) continue;
    more.push(...c.edits);
    taken = c.to;
  }
  return more.length === 0 ? out : [...out, ...more];
}

export function applySafeFixes(text: string, findings: Finding[]): string {
  return applyEdits(text, safeFixEdits(text, findings));
}
