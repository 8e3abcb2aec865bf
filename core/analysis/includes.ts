// Shared declarations: `include "PATH"` takes the players and cards of another file, as if they
// were declared before the including file's own. The texts come through the caller's IncludeHost
// (the core reads no file); this module follows the includes of one check, each file read and
// parsed once (a per-check cache), depth first, so that many includes of one file and long chains
// are linear. What it finds is reported at the include line of the checked file: a file that can't
// be read or is outside the root, a cycle (naming the chain), another game, events the include
// ignores, and a summary of the errors inside the included files. The errors themselves belong to
// the included file: its own check reports them there.
import type { CardStmt, IncludeStmt, PlayerStmt, ScenarioDocument, Statement } from '../parser/ast';
import { EventBase, isDeclarationKind, isEvent } from '../parser/ast';
import { parse } from '../parser/parser';
import { header } from '../parser/header';
import type { Finding, Game, IncludeHost, Range, RelatedLocation, Severity } from '../types';
import { msg, said, type Message } from '../message';
import { LastUsed } from '../lastUsed';

/** A problem inside an included file, for the summary at the include line. */
export interface IncludedProblem {
  range: Range;
  message: string | Message;
  severity: Severity;
}

/** A file an include reached (directly or through another included file). */
export interface IncludedFile {
  uri: string;
  text: string;
  doc: ScenarioDocument;
  /** Its players and cards: what its includers get. */
  declarations: readonly (PlayerStmt | CardStmt)[];
  /** The checked file's include through which it was first reached. */
  via: IncludeStmt;
  /** The path it was first included by, as written (relative to the file that wrote it), for messages. */
  path: string;
}

/** One include of the checked file: where its path is written and the file it names (when read). */
export interface IncludeLink {
  statement: IncludeStmt;
  path: string;
  /** The path's range (with its quotes). */
  range: Range;
  uri?: string;
}

/** Everything one check's includes give: the files in declaration order, the links, the findings to report. */
export interface Includes {
  /** Every file reached, each once; a file's own includes come before it (declaration order). */
  readonly files: readonly IncludedFile[];
  readonly links: readonly IncludeLink[];
  /** Findings at the checked file's include lines (code, where, message, related). */
  readonly findings: readonly { code: string; range: Range; message: string | Message; related?: RelatedLocation[] }[];
  /** Problems inside included files, by the include of the checked file that reached them. */
  readonly problems: ReadonlyMap<IncludeStmt, { file: IncludedFile; problem: IncludedProblem }[]>;
  /** What was read (uris, texts and errors in order): two resolutions with equal signatures give the same board. */
  readonly signature: readonly string[];
}

export const NO_INCLUDES: Includes = { files: [], links: [], findings: [], problems: new Map(), signature: [] };

/** A file parsed once per check (or once while its text is the same: IncludeParses). */
interface Parsed {
  uri: string;
  text: string;
  doc: ScenarioDocument;
  game: Game | undefined;
  gameWritten: string | undefined;
  includes: IncludeStmt[];
  declarations: (PlayerStmt | CardStmt)[];
  events: number;
}

function parsedOf(uri: string, text: string): Parsed {
  const doc = parse(text);
  const includes: IncludeStmt[] = [];
  const declarations: (PlayerStmt | CardStmt)[] = [];
  let events = 0;
  for (const st of doc.statements) {
    if (isEvent(st)) events++;
    else if (events > 0) continue;
    else if (st.kind === 'include') includes.push(st);
    else if (st.kind === 'player' || st.kind === 'card') declarations.push(st);
  }
  const first = doc.statements[0];
  const gameWritten = first?.kind === 'game' ? first.game?.text : undefined;
  return { uri, text, doc, game: header(doc).game, gameWritten, includes, declarations, events };
}

/**
 * Parses of included files kept from one check to the next (a command-line run, the editor): a file
 * is parsed again only when its text is not the text parsed last. An IncludeHost that keeps one
 * gives it as `parses` (what a parse gives depends on the text alone, and no check changes it);
 * without one, each check parses what it includes, once. It keeps the files used last, up to
 * `maxChars` characters of their texts in all (a parse takes about 30 bytes a character), and never
 * a file longer than that.
 */
export class IncludeParses {
  private readonly kept: LastUsed<string, Parsed>;
  constructor(maxChars = 1 << 21) {
    this.kept = new LastUsed(maxChars);
  }

  /** The parse of `text`, the file `uri`'s text now: the one kept when it is of the same text. */
  of(uri: string, text: string): Parsed {
    const kept = this.kept.get(uri);
    if (kept !== undefined && kept.text === text) return kept;
    const p = parsedOf(uri, text);
    this.kept.set(uri, p, text.length);
    return p;
  }

  /** How many files it keeps, and their characters (for tests). */
  get size(): { files: number; chars: number } {
    const { entries, weight } = this.kept.size;
    return { files: entries, chars: weight };
  }
}

/** The includes written before the first event (a later one is a syntax error of the replay's). */
export function includesBeforeEvents(statements: readonly Statement[]): IncludeStmt[] {
  const out: IncludeStmt[] = [];
  for (const st of statements) {
    if (st instanceof EventBase) break;
    // `kind` read once a statement (isDeclarationKind).
    const kind = st.kind;
    if (kind === 'include') out.push(st);
    else if (!isDeclarationKind(kind)) break;
  }
  return out;
}

const SHOWN_PATH_MAX = 200;

/** The most files of a cycle's chain a message names (the middle of a longer one is left out). */
const CHAIN_SHOWN = 8;

function shown(path: string): string {
  return path.length > SHOWN_PATH_MAX ? path.slice(0, SHOWN_PATH_MAX) + '…' : path;
}

/**
 * Follows the includes of the checked file (its uri `given`, else the host's checkedUri; of game
 * `game`) through `host`. Without a host (a check of a bare text) every include is a finding:
 * nothing can be read.
 */
export function resolveIncludes(given: string | undefined, own: readonly IncludeStmt[], host: IncludeHost | undefined, game: Game | undefined): Includes {
  if (own.length === 0) return NO_INCLUDES;
  const files: IncludedFile[] = [];
  const links: IncludeLink[] = [];
  const findings: { code: string; range: Range; message: string | Message; related?: RelatedLocation[] }[] = [];
  const problems = new Map<IncludeStmt, { file: IncludedFile; problem: IncludedProblem }[]>();
  const signature: string[] = [];
  const parsed = new Map<string, Parsed>();
  const reads = new Map<string, ReturnType<IncludeHost['read']>>();
  const done = new Set<string>();
  // The files being followed, from the checked file down (for cycles), and where each is on it.
  const stack: string[] = [];
  const onStack = new Map<string, number>();
  // The checked file's uri: given, or asked of the host now that there is an include (IncludeHost.checkedUri).
  const uri = given ?? host?.checkedUri?.();
  const root = uri ?? '';
  stack.push(root);
  onStack.set(root, 0);
  const read = (from: string, path: string) => {
    const key = from + '\u0000' + path;
    let r = reads.get(key);
    if (!r) {
      try {
        r = host!.read(from, path);
      } catch (e) {
        r = { error: 'unreadable', message: String((e as Error)?.message ?? e) };
      }
      reads.set(key, r);
      if ('error' in r) signature.push('!' + key, r.message);
      else signature.push(r.uri, r.text);
    }
    return r;
  };
  // The chain of a cycle, its middle left out when it is long (a message stays short, and each costs the same).
  const chainFrom = (i: number, back: string, names: ReadonlyMap<string, string | Message>): Message | string => {
    const n = stack.length - i;
    const name = (u: string) => names.get(u) ?? u;
    const arrows = (parts: (string | Message)[]) => parts.reduce((a, b) => msg`${a} → ${b}`);
    if (n <= CHAIN_SHOWN) return arrows([...stack.slice(i), back].map(name));
    const half = CHAIN_SHOWN >> 1;
    return arrows([...stack.slice(i, i + half).map(name), msg`… ${n - 2 * half} more …`, ...stack.slice(stack.length - half).map(name), name(back)]);
  };
  // How each file is named in messages: as the checked file's include wrote it, else by its uri.
  const names = new Map<string, string | Message>();
  if (uri) names.set(uri, msg`this file`);

  const addProblem = (via: IncludeStmt, file: IncludedFile, problem: IncludedProblem) => {
    let list = problems.get(via);
    if (!list) problems.set(via, (list = []));
    list.push({ file, problem });
  };
  /**
   * Follows the includes depth first with a stack of its own (a chain of thousands of files needs no
   * deep recursion): a frame per file being followed, with the include it is at.
   */
  interface Frame {
    from: string;
    includes: readonly IncludeStmt[];
    next: number;
    /** The checked file's include they come through (undefined for the checked file's own). */
    top: IncludeStmt | undefined;
    /** The included file whose includes these are (undefined for the checked file). */
    owner: IncludedFile | undefined;
  }
  const frames: Frame[] = [{ from: root, includes: own, next: 0, top: undefined, owner: undefined }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.next >= frame.includes.length) {
      frames.pop();
      if (frame.owner) {
        stack.pop();
        onStack.delete(frame.owner.uri);
        // After its own includes: what it includes is declared before its own declarations.
        files.push(frame.owner);
      }
      continue;
    }
    const inc = frame.includes[frame.next++];
    const { from, top, owner } = frame;
    const via = top ?? inc;
    const atTop = top === undefined;
    const here = (code: string, message: string | Message, severity: Severity, related?: RelatedLocation[]) => {
      if (atTop) findings.push({ code, range: inc.path?.range ?? inc.range, message, related });
      else if (owner) addProblem(via, owner, { range: inc.path?.range ?? inc.range, message, severity });
    };
    if (!inc.path || inc.path.text.length === 0) continue;
    const path = inc.path.text;
    let link: IncludeLink | undefined;
    if (atTop) links.push((link = { statement: inc, path, range: inc.path.range }));
    if (!host) {
      here('include-not-found', msg`"${shown(path)}" can't be read here: this check was given no way to read files (the command line and the editor follow includes). Check the scenario with \`board-scenario check\` or in the editor.`, 'error');
      continue;
    }
    const r = read(from, path);
    if ('error' in r) {
      if (r.error === 'outside') here('include-outside-root', msg`"${shown(path)}" is outside the folder includes may read: ${r.message} Move the file inside it, or write a path that stays inside.`, 'error');
      else here('include-not-found', msg`"${shown(path)}" can't be included: ${r.message} Write the path of an existing .board file, relative to this file.`, 'error');
      continue;
    }
    if (link) link.uri = r.uri;
    if (!names.has(r.uri)) names.set(r.uri, `"${shown(path)}"`);
    const back = onStack.get(r.uri);
    if (back !== undefined) {
      // A cycle back to the checked file is its own problem, at the include that starts it.
      if (back === 0 && !atTop) {
        findings.push({ code: 'include-cycle', range: via.path?.range ?? via.range, message: msg`Including "${shown(via.path?.text ?? path)}" makes a cycle: ${chainFrom(back, r.uri, names)}. Remove one of these includes (a file can't include itself, even through others).` });
        continue;
      }
      here('include-cycle', msg`Including "${shown(path)}" makes a cycle: ${chainFrom(back, r.uri, names)}. Remove one of these includes (a file can't include itself, even through others).`, 'error');
      continue;
    }
    // A file reached before (another include of it, or through another file): its declarations are there already.
    if (done.has(r.uri)) continue;
    done.add(r.uri);
    let p = parsed.get(r.uri);
    if (!p) parsed.set(r.uri, (p = host.parses ? host.parses.of(r.uri, r.text) : parsedOf(r.uri, r.text)));
    const file: IncludedFile = { uri: r.uri, text: r.text, doc: p.doc, declarations: p.declarations, via, path };
    if (p.game !== undefined && game !== undefined && p.game !== game) {
      here('include-game-mismatch', msg`"${shown(path)}" is a \`game ${p.game}\` file and this one is \`game ${game}\`: its cards are not read. Include a file of the same game.`, 'error');
      continue;
    }
    if (p.gameWritten === undefined) {
      addProblem(via, file, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message: msg`An included file starts with \`game mtg\` or \`game riftbound\`, like any scenario.`, severity: 'error' });
    }
    if (atTop && p.events > 0) {
      here('include-events', p.events === 1 ? msg`"${shown(path)}" has an event: an include takes only its players and cards, and its events are not replayed here. Move the events into the scenario, or keep only declarations in the included file.` : msg`"${shown(path)}" has ${p.events} events: an include takes only its players and cards, and its events are not replayed here. Move the events into the scenario, or keep only declarations in the included file.`, 'warning');
    }
    for (const pr of p.doc.problems) addProblem(via, file, { range: pr.range, message: pr.text ?? pr.message, severity: 'error' });
    stack.push(r.uri);
    onStack.set(r.uri, stack.length - 1);
    frames.push({ from: r.uri, includes: p.includes, next: 0, top: via, owner: file });
  }
  return { files, links, findings, problems, signature };
}

/** Do two resolutions read the same files with the same texts (and fail alike)? */
export function sameIncludes(a: Includes, b: Includes): boolean {
  if (a.signature.length !== b.signature.length) return false;
  for (let i = 0; i < a.signature.length; i++) if (a.signature[i] !== b.signature[i]) return false;
  return true;
}

/** How many related locations a summary lists. */
const SUMMARY_SHOWN = 3;

/**
 * The findings at the checked file's include lines: those of the resolution, then per include a
 * summary of the errors inside the files it reached (`heard`: what the replay found in their
 * declarations, in this scenario), each listed as a related location in its file.
 */
export function includeFindings(inc: Includes, heard: ReadonlyMap<IncludedFile, Finding[]>): { code: string; range: Range; message: string | Message; related?: RelatedLocation[] }[] {
  if (inc.links.length === 0 && inc.findings.length === 0) return [];
  const out = [...inc.findings];
  const order = new Map<IncludedFile, number>();
  inc.files.forEach((f, i) => order.set(f, i));
  const byVia = new Map<IncludeStmt, { file: IncludedFile; problem: IncludedProblem }[]>();
  for (const [via, list] of inc.problems) byVia.set(via, [...list]);
  for (const [file, fs] of heard) {
    let list = byVia.get(file.via);
    if (!list) byVia.set(file.via, (list = []));
    for (const f of fs) list.push({ file, problem: { range: f.range, message: f.text ?? f.message, severity: f.severity } });
  }
  for (const link of inc.links) {
    const errors = (byVia.get(link.statement) ?? []).filter((x) => x.problem.severity === 'error');
    if (errors.length === 0) continue;
    errors.sort((a, b) => order.get(a.file)! - order.get(b.file)! || a.problem.range.start.line - b.problem.range.start.line || a.problem.range.start.character - b.problem.range.start.character);
    const first = errors[0];
    const where = first.file.uri === link.uri ? msg`its line ${first.problem.range.start.line + 1}` : msg`line ${first.problem.range.start.line + 1} of "${shown(first.file.path)}", which it includes`;
    out.push({
      code: 'include-errors',
      range: link.range,
      message: errors.length === 1
        ? msg`"${shown(link.path)}" has an error (first, ${where}: ${first.problem.message}) Open the included file and fix it there.`
        : msg`"${shown(link.path)}" has ${errors.length} errors (first, ${where}: ${first.problem.message}) Open the included file and fix them there.`,
      related: errors.slice(0, SUMMARY_SHOWN).map((x) => ({ uri: x.file.uri, range: x.problem.range, ...said(x.problem.message) })),
    });
  }
  return out;
}
