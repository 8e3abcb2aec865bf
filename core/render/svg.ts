// A picture of the board: players (with what is attached to them), zones, each card as a labelled
// box, attachments stacked under their host with a connector. Pure: a BoardView in, an SVG string
// out. The output is a deterministic function of the board (players, zones and cards are sorted),
// uses no external resource and no script, and escapes every piece of text. Its one <style>
// element takes a CSP nonce when the SVG is inlined into a page with a strict policy; with the
// `vscode` theme its colours are VS Code's theme variables (with fallbacks), so a webview follows
// light, dark and high-contrast themes.
import type { BoardView, CardView, Game, PlayerView, StackItemView } from '../types';
import { msg, renderMessage, type Message, type Translate } from '../message';
import { table } from '../tables';
import { abilityWord, inZone, zoneWord } from '../engine/words';
import { sameValue } from '../engine/board';
import { countersWords } from '../engine/counters';
import type { CounterKind } from '../parser/ast';

export type BoardTheme = 'light' | 'dark' | 'vscode';

export interface RenderOptions {
  /** Card or player ids to outline (e.g. the subjects of the finding under the cursor). */
  highlight?: string[];
  /** First line of the picture, e.g. the scenario's title. */
  title?: string;
  /** Second line, e.g. `After line 10 (destroy lion)`. */
  subtitle?: string;
  theme?: BoardTheme;
  /** CSP nonce for the <style> element, when the SVG is inlined in a page (a webview). */
  nonce?: string;
  /** The picture's labels in the user's language (a bundle's lookup, as for findings); English without it. Names and ids are never translated. */
  translate?: Translate;
}

/** A label of the picture in the language of the render. */
type Tr = (m: Message | string) => string;

// ---- geometry ---------------------------------------------------------------------------------

const MARGIN = 16;
const CARD_W = 200;
const CARD_H = 66;
const PLAYER_W = 148;
const PLAYER_H = 42;
/** How far an attachment is indented under its host, and the gap above it. */
const INDENT = 18;
const GAP_V = 14;
/** Gap between stacks side by side, and between panels. */
const GAP_H = 16;
const PAD = 10;
const LABEL_H = 24;
const EMPTY_H = 22;
const MIN_PANEL_W = 220;
/** Stacks per panel line before wrapping: three, so a picture stays narrow enough to be shown near its own size. */
const MAX_INNER_W = 3 * CARD_W + 2 * GAP_H + 2 * INDENT;
const LINE = 14;
const TEXT_PAD = 8;

// ---- text -------------------------------------------------------------------------------------

/** A character escapeXml replaces: markup, one XML forbids, or half of a surrogate pair (checked by the replacements). */
const NEEDS_ESCAPE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F&<>"'\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as XML character data or attribute value: markup escaped, characters XML forbids replaced. */
export function escapeXml(s: string): string {
  // Most text (ids, names, numbers) has none of these: one test instead of seven replacements.
  return NEEDS_ESCAPE.test(s) ? escapeAll(s) : s;
}

/** escapeXml's replacements, made whatever the text (tests hold escapeXml equal to it). */
export function escapeAll(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Widths (px at 12px) of the printable ASCII characters in DejaVu Sans, the widest of the usual
 * sans-serif system fonts, so a label shortened to fit with these widths fits in the others too.
 */
const ASCII_WIDTHS = [
  3.9, 4.9, 5.6, 10.1, 7.7, 11.4, 9.4, 3.3, 4.7, 4.7, 6, 10.1, 3.9, 4.4, 3.9, 4.1, 7.7, 7.7, 7.7, 7.7, 7.7, 7.7, 7.7, 7.7, 7.7, 7.7, 4.1, 4.1, 10.1, 10.1,
  10.1, 6.4, 12, 8.3, 8.3, 8.4, 9.3, 7.6, 6.9, 9.3, 9.1, 3.6, 3.6, 7.9, 6.7, 10.4, 9, 9.5, 7.3, 9.5, 8.4, 7.7, 7.4, 8.8, 8.3, 11.9, 8.3, 7.4, 8.3, 4.7,
  4.1, 4.7, 10.1, 6, 6, 7.4, 7.7, 6.6, 7.7, 7.4, 4.3, 7.7, 7.7, 3.4, 3.4, 7, 3.4, 11.7, 7.7, 7.4, 7.7, 7.7, 5, 6.3, 4.8, 7.7, 7.1, 9.9, 7.1, 7.1, 6.3,
  7.7, 4.1, 7.7, 10.1,
];

/** The estimated width at 12px of one character: ASCII from the table, wide scripts and emoji wider. */
function charWidth(cp: number): number {
  if (cp >= 32 && cp < 127) return ASCII_WIDTHS[cp - 32];
  if (cp >= 0x1100 && (cp <= 0x115f || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x1f000)) return 13;
  if (cp === 0x2014 || cp === 0x2026) return 12; // — …
  return 9;
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** Bold labels (ids, titles) are about a tenth wider. */
const BOLD = 1.1;

/** Shortens `s` with an ellipsis so it fits in `px` (estimated); never splits a surrogate pair. */
const fit = (s: string, px: number, scale = 1): string => fitLabel(s, px, scale);

/** `fit`; `byCodePoints` takes the general path for any text (tests hold the two equal). */
export function fitLabel(s: string, px: number, scale = 1, byCodePoints = false): string {
  // Printable ASCII (most labels): by char codes, without splitting the text into code points.
  if (!byCodePoints && PRINTABLE_ASCII.test(s)) {
    let w = 0;
    for (let i = 0; i < s.length; i++) {
      w += ASCII_WIDTHS[s.charCodeAt(i) - 32] * scale;
      if (w > px) {
        let keep = i;
        let kept = w;
        while (keep > 0 && kept + 12 * scale > px) kept -= ASCII_WIDTHS[s.charCodeAt(--keep) - 32] * scale;
        return s.slice(0, keep).trimEnd() + '…';
      }
    }
    return s;
  }
  const cps = Array.from(s);
  let w = 0;
  for (let i = 0; i < cps.length; i++) {
    w += charWidth(cps[i].codePointAt(0)!) * scale;
    if (w > px) {
      let keep = i;
      let kept = w;
      while (keep > 0 && kept + 12 * scale > px) kept -= charWidth(cps[--keep].codePointAt(0)!) * scale;
      return cps.slice(0, keep).join('').trimEnd() + '…';
    }
  }
  return s;
}

function width(s: string, scale = 1): number {
  let w = 0;
  for (const c of s) w += charWidth(c.codePointAt(0)!) * scale;
  return w;
}

// ---- themes -----------------------------------------------------------------------------------

interface Palette {
  font: string;
  bg: string;
  fg: string;
  muted: string;
  zoneBg: string;
  zoneBorder: string;
  cardBg: string;
  cardBorder: string;
  attachedBg: string;
  playerBg: string;
  connector: string;
  highlight: string;
}

const PALETTES: Record<BoardTheme, Palette> = {
  light: {
    font: 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif',
    bg: '#ffffff',
    fg: '#1f2328',
    muted: '#59636e',
    zoneBg: '#f6f8fa',
    zoneBorder: '#d1d9e0',
    cardBg: '#ffffff',
    cardBorder: '#818b98',
    attachedBg: '#fff8c5',
    playerBg: '#ddf4ff',
    connector: '#818b98',
    highlight: '#d1242f',
  },
  dark: {
    font: 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif',
    bg: '#0d1117',
    fg: '#e6edf3',
    muted: '#9198a1',
    zoneBg: '#151b23',
    zoneBorder: '#3d444d',
    cardBg: '#212830',
    cardBorder: '#656c76',
    attachedBg: '#2e2a1a',
    playerBg: '#122d42',
    connector: '#656c76',
    highlight: '#ff7b72',
  },
  vscode: {
    font: 'var(--vscode-font-family, system-ui, sans-serif)',
    bg: 'var(--vscode-editor-background, #ffffff)',
    fg: 'var(--vscode-editor-foreground, #333333)',
    muted: 'var(--vscode-descriptionForeground, #717171)',
    zoneBg: 'var(--vscode-sideBar-background, #f3f3f3)',
    zoneBorder: 'var(--vscode-panel-border, #c8c8c8)',
    cardBg: 'var(--vscode-editorWidget-background, #f3f3f3)',
    cardBorder: 'var(--vscode-editorWidget-border, #c8c8c8)',
    attachedBg: 'var(--vscode-editor-findMatchHighlightBackground, #fff3c4)',
    playerBg: 'var(--vscode-badge-background, #c4c4c4)',
    connector: 'var(--vscode-editorLineNumber-foreground, #6e7681)',
    highlight: 'var(--vscode-editorError-foreground, #e51400)',
  },
};

function css(p: Palette): string {
  return [
    `.board{font-family:${p.font};font-size:12px}`,
    `.bg{fill:${p.bg}}`,
    `.title{font-size:15px;font-weight:600;fill:${p.fg}}`,
    `.subtitle{fill:${p.muted}}`,
    `.zone-box{fill:${p.zoneBg};stroke:${p.zoneBorder};stroke-width:1}`,
    `.zone-label{fill:${p.muted};font-weight:600}`,
    `.empty{fill:${p.muted};font-style:italic}`,
    `.box{fill:${p.cardBg};stroke:${p.cardBorder};stroke-width:1}`,
    `.player>.box{fill:${p.playerBg}}`,
    `.attached>.box{fill:${p.attachedBg}}`,
    `.card text,.player text{fill:${p.fg}}`,
    `.card .id,.player .id{font-weight:600}`,
    `.card .ts,.card .type,.card .detail,.player .detail{fill:${p.muted}}`,
    `.card .type{font-style:italic}`,
    `.phased-out,.left{opacity:.55}`,
    `.phased-out>.box,.left>.box{stroke-dasharray:4 3}`,
    `.face-down>.box{stroke-dasharray:2 2}`,
    `.connector{fill:none;stroke:${p.connector};stroke-width:1.5}`,
    `.halo{fill:none;stroke:${p.highlight};stroke-width:2.5}`,
    `.highlight>.box{stroke:${p.highlight};stroke-width:2}`,
    `.ability>.box{stroke-dasharray:6 2}`,
    `.legend text{fill:${p.muted}}`,
    `.legend .box{fill:${p.cardBg};stroke:${p.cardBorder};stroke-width:1}`,
    `.legend .attached-sample{fill:${p.attachedBg}}`,
    `.legend .halo-sample{stroke:${p.highlight};stroke-width:2}`,
    `.legend .dashed-sample{stroke-dasharray:4 3}`,
    `.legend .ability-sample{stroke-dasharray:6 2}`,
  ].join('\n');
}

// ---- the model: stacks, panels, rows ----------------------------------------------------------

interface Node {
  kind: 'card' | 'player' | 'ability';
  id: string;
  card?: CardView;
  player?: PlayerView;
  /** An ability on the stack (Riftbound: the chain), and its place there (1 at the bottom). */
  ability?: StackItemView & { place: number };
  /** What is attached to it, oldest timestamp first. */
  children: Node[];
}

interface Panel {
  zone: string;
  player?: string;
  place?: string;
  label: string;
  roots: Node[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const MTG_PLAYER_ZONES: [string, Message][] = [
  ['hand', msg`Hand`],
  ['library', msg`Library`],
  ['graveyard', msg`Graveyard`],
  ['exile', msg`Exile`],
  ['command', msg`Command zone`],
];
const RIFTBOUND_PLAYER_ZONES: [string, Message][] = [
  ['hand', msg`Hand`],
  ['deck', msg`Deck`],
  ['trash', msg`Trash`],
  ['banishment', msg`Banishment`],
];
/** The titles of the panels of zones no player owns (and of the pile), as `zoneTitle` writes them. */
const ZONE_TITLES = table<Message>({
  outside: msg`Outside the game`,
  ceased: msg`Ceased to exist`,
  stack: msg`Stack`,
  chain: msg`Chain`,
  battlefield: msg`Battlefield`,
  base: msg`Base`,
  command: msg`Command`,
  hand: msg`Hand`,
  library: msg`Library`,
  graveyard: msg`Graveyard`,
  exile: msg`Exile`,
  deck: msg`Deck`,
  trash: msg`Trash`,
  banishment: msg`Banishment`,
});

/** The panel a card that is not drawn under a host belongs to. */
function placeOf(game: Game, c: CardView): { zone: string; player?: string; place?: string } {
  const controller = c.controller ?? c.owner ?? '';
  const owner = c.owner ?? '';
  if (game === 'riftbound') {
    // Whose base it is in, which can be another player's than its controller's (435.4.b, 323.7).
    if (c.zone === 'base') return { zone: 'base', player: c.base ?? controller };
    if (c.zone === 'battlefield') return { zone: 'battlefield', place: '' };
    if (c.zone.startsWith('battlefield:')) return { zone: 'battlefield', place: c.zone.slice('battlefield:'.length) };
    if (RIFTBOUND_PLAYER_ZONES.some(([z]) => z === c.zone)) return { zone: c.zone, player: owner };
    return { zone: c.zone };
  }
  if (c.zone === 'battlefield') return { zone: 'battlefield', player: controller };
  if (MTG_PLAYER_ZONES.some(([z]) => z === c.zone)) return { zone: c.zone, player: owner };
  return { zone: c.zone };
}

function panelKey(p: { zone: string; player?: string; place?: string }): string {
  return `${p.zone}\u0000${p.player ?? ''}\u0000${p.place ?? ''}`;
}

function whose(player: string, what: 'controller' | 'owner'): Message | string {
  return player === '' ? (what === 'controller' ? msg`no controller` : msg`no owner`) : player;
}

function zoneTitle(zone: string): Message | string {
  return ZONE_TITLES[zone] ?? zone.charAt(0).toUpperCase() + zone.slice(1);
}

interface Model {
  rows: Panel[][];
  players: Node[];
}

function buildModel(board: BoardView, tr: Tr): Model {
  const game = board.game;
  const cards = [...board.cards].sort(byId);
  const players = [...board.players].sort(byId);
  const cardNodes = new Map<string, Node>(cards.map((c) => [c.id, { kind: 'card', id: c.id, card: c, children: [] }]));
  const playerNodes = new Map<string, Node>(players.map((p) => [p.id, { kind: 'player', id: p.id, player: p, children: [] }]));

  // Each card under its host when the host is on the picture; roots otherwise.
  const parent = new Map<string, Node>();
  for (const c of cards) {
    const h = c.attachedTo;
    if (h === null || h === c.id) continue;
    const host = cardNodes.get(h) ?? playerNodes.get(h);
    if (host) parent.set(c.id, host);
  }
  // An attachment cycle (never from the rules, but the picture must not lose cards): cut it at
  // the card with the smallest id. Each card's way up is walked once (a chain of 100,000 Auras
  // each on the one before was walked again from each of its cards): a walk stops at a card an
  // earlier walk went through, and finds a cycle when it comes back to a card of its own.
  const walked = new Map<string, number>();
  for (let w = 0; w < cards.length; w++) {
    const path: string[] = [];
    let at: string | undefined = cards[w].id;
    while (at !== undefined && !walked.has(at)) {
      walked.set(at, w);
      path.push(at);
      const p = parent.get(at);
      at = p?.kind === 'card' ? p.id : undefined;
    }
    if (at === undefined || walked.get(at) !== w) continue;
    const cycle = path.slice(path.indexOf(at));
    parent.delete(cycle.sort(byText)[0]);
  }
  const order = (a: Node, b: Node) => (a.card!.timestamp - b.card!.timestamp) || byId(a, b);
  const roots: Node[] = [];
  for (const c of cards) {
    const p = parent.get(c.id);
    if (p) p.children.push(cardNodes.get(c.id)!);
    else roots.push(cardNodes.get(c.id)!);
  }
  for (const n of [...cardNodes.values(), ...playerNodes.values()]) n.children.sort(order);

  // The stack (Riftbound: the chain): spells are cards in it; abilities are drawn as objects of their own.
  const pile = game === 'riftbound' ? 'chain' : 'stack';
  const stackItems = board.stack ?? [];
  const placeOnStack = new Map<string, number>();
  stackItems.forEach((e, i) => {
    if (e.kind === 'spell') placeOnStack.set(e.id, i + 1);
  });
  const abilityNodes: Node[] = stackItems.flatMap((e, i) => (e.kind === 'ability' ? [{ kind: 'ability' as const, id: `${e.id} ${e.ability} ${i + 1}`, ability: { ...e, place: i + 1 }, children: [] }] : []));

  // Panels.
  const panels = new Map<string, Panel>();
  const panel = (where: { zone: string; player?: string; place?: string }, label: string): Panel => {
    const key = panelKey(where);
    let p = panels.get(key);
    if (!p) {
      p = { ...where, label, roots: [] };
      panels.set(key, p);
    }
    return p;
  };
  const playerIds = new Set(players.map((p) => p.id));
  for (const r of roots) {
    const w = placeOf(game, r.card!);
    if (w.player !== undefined && w.player !== '') playerIds.add(w.player);
  }
  const ids = [...playerIds].sort(byText);
  const mainZone = game === 'riftbound' ? 'base' : 'battlefield';
  const mainLabel = game === 'riftbound' ? msg`Base` : msg`Battlefield`;
  const playerZones = game === 'riftbound' ? RIFTBOUND_PLAYER_ZONES : MTG_PLAYER_ZONES;
  // Every player's battlefield (MTG) or base (Riftbound) is drawn, even empty.
  for (const id of ids) panel({ zone: mainZone, player: id }, tr(msg`${mainLabel} — ${id}`));
  for (const r of roots) {
    const w = placeOf(game, r.card!);
    let label: string;
    if (w.zone === mainZone && w.player !== undefined) label = tr(msg`${mainLabel} — ${whose(w.player, 'controller')}`);
    else if (w.place !== undefined) label = tr(w.place === '' ? msg`Battlefield` : msg`Battlefield ${w.place}`);
    else if (w.player !== undefined) label = tr(msg`${playerZones.find(([z]) => z === w.zone)![1]} — ${whose(w.player, 'owner')}`);
    else label = tr(zoneTitle(w.zone));
    panel(w, label).roots.push(r);
  }
  if (abilityNodes.length > 0) panel({ zone: pile }, tr(zoneTitle(pile))).roots.push(...abilityNodes);
  for (const p of panels.values()) p.roots.sort((a, b) => byId(a, b));
  // The stack bottom first, as it was put there (cards declared on it without an order first).
  const stackPanel = panels.get(panelKey({ zone: pile }));
  const stackPlace = (n: Node) => n.ability?.place ?? placeOnStack.get(n.id) ?? 0;
  stackPanel?.roots.sort((a, b) => stackPlace(a) - stackPlace(b) || byId(a, b));

  // Rows, in a fixed order.
  const rows: Panel[][] = [];
  const take = (pred: (p: Panel) => boolean): Panel[] => [...panels.values()].filter(pred).sort((a, b) => byText(panelKey(a), panelKey(b)));
  const used = new Set<Panel>();
  const row = (ps: Panel[]) => {
    const fresh = ps.filter((p) => !used.has(p));
    for (const p of fresh) used.add(p);
    if (fresh.length > 0) rows.push(fresh);
  };
  // Each player's main zone panels, found by the player (a predicate over every panel for each of
  // them made 20,000 players take 100 s).
  const mainOf = new Map<string, Panel[]>();
  for (const p of panels.values()) {
    if (p.zone !== mainZone || p.player === undefined) continue;
    const list = mainOf.get(p.player);
    if (list) list.push(p);
    else mainOf.set(p.player, [p]);
  }
  for (const id of ids) row((mainOf.get(id) ?? []).sort((a, b) => byText(panelKey(a), panelKey(b))));
  row(take((p) => p.zone === mainZone && p.player === ''));
  if (game === 'riftbound') row(take((p) => p.zone === 'battlefield' && p.place !== undefined));
  else row(take((p) => p.zone === 'stack'));
  row(take((p) => p.zone === pile));
  for (const id of [...ids, '']) {
    const mine = playerZones.map(([z]) => panels.get(panelKey({ zone: z, player: id }))).filter((p): p is Panel => p !== undefined);
    row(mine);
  }
  row(take((p) => p.zone === 'outside'));
  row(take((p) => p.zone === 'ceased'));
  row(take(() => true));

  return { rows, players: players.map((p) => playerNodes.get(p.id)!) };
}

// ---- layout and drawing -----------------------------------------------------------------------

interface Size {
  w: number;
  h: number;
}

function nodeSize(n: Node): Size {
  return n.kind === 'player' ? { w: PLAYER_W, h: PLAYER_H } : { w: CARD_W, h: CARD_H };
}

const stackSizes = new WeakMap<Node, Size>();

/**
 * The size of a node with what is attached to it below it, indented: found once per node, without
 * recursion (an attach chain may be 100,000 deep), children before their host.
 */
function stackSize(n: Node): Size {
  const known = stackSizes.get(n);
  if (known !== undefined) return known;
  const todo: Node[] = [n];
  while (todo.length > 0) {
    const top = todo[todo.length - 1];
    let ready = true;
    for (const c of top.children) {
      if (stackSizes.has(c)) continue;
      todo.push(c);
      ready = false;
    }
    if (!ready) continue;
    todo.pop();
    const self = nodeSize(top);
    let w = self.w;
    let h = self.h;
    for (const c of top.children) {
      const s = stackSizes.get(c)!;
      w = Math.max(w, INDENT + s.w);
      h += GAP_V + s.h;
    }
    stackSizes.set(top, { w, h });
  }
  return stackSizes.get(n)!;
}

/**
 * The indentation of the lines of a stack `depth` attachments deep. Past MAX_PAD_DEPTH it grows no
 * more: at 100,000 deep the padding alone made the picture quadratic in its cards.
 */
const MAX_PAD_DEPTH = 32;
function padOf(depth: number): string {
  return '  '.repeat(Math.min(depth, MAX_PAD_DEPTH) + 2);
}

interface Placed {
  node: Node;
  x: number;
  y: number;
}

/** Stacks left to right, wrapping after MAX_INNER_W. */
function flow(nodes: Node[]): { placed: Placed[]; w: number; h: number } {
  const placed: Placed[] = [];
  let x = 0;
  let y = 0;
  let lineH = 0;
  let w = 0;
  for (const n of nodes) {
    const s = stackSize(n);
    if (x > 0 && x + s.w > MAX_INNER_W) {
      x = 0;
      y += lineH + GAP_V;
      lineH = 0;
    }
    placed.push({ node: n, x, y });
    x += s.w + GAP_H;
    w = Math.max(w, x - GAP_H);
    lineH = Math.max(lineH, s.h);
  }
  return { placed, w, h: y + lineH };
}

/** What a card's picture is drawn from, besides where it goes, and the lines drawn (those that do not depend on where). */
interface CardLines {
  view: CardView;
  pad: string;
  hosted: boolean;
  hostZone: string | undefined;
  lit: boolean;
  /** A spell's targets, as written on it (aimOf). */
  aim: string;
  /** The group's opening line and its tooltip. */
  head: string[];
  /** The lines inside the card's own `<svg>` (its coordinates are the card's own). */
  inner: string[];
}

/**
 * The lines of each card of the last drawing, for the next one to reuse where a card is drawn the
 * same (a board of a thousand cards, drawn again after an event changed two of them). Made by
 * `drawMemo()`, handed to drawBoard each time; it keeps only the cards of the last drawing.
 */
export interface DrawMemo {
  cards: Map<string, CardLines>;
  translate: unknown;
}

export function drawMemo(): DrawMemo {
  return { cards: new Map(), translate: undefined };
}

class Drawing {
  constructor(
    /** Where the lines go: the picture's own, in order. */
    private readonly out: string[],
    private readonly highlight: ReadonlySet<string>,
    private readonly cards: ReadonlyMap<string, CardView>,
    private readonly tr: Tr,
    /** The spells on the stack (the chain), by their card: what each targets. */
    private readonly spells: ReadonlyMap<string, StackItemView>,
    /** The last drawing's card lines, and where this drawing's go. */
    private readonly before?: ReadonlyMap<string, CardLines>,
    private readonly after?: Map<string, CardLines>,
  ) {}

  /**
   * A node and what is attached to it, each attachment under its host, indented, with a connector:
   * each in a group inside its host's. Without recursion (an attach chain may be 100,000 deep): a
   * frame is a node whose group is open, and the next of its attachments to draw.
   */
  stack(root: Node, x: number, y: number, depth: number): void {
    const frames: { n: Node; x: number; y: number; depth: number; pad: string; next: number; cy: number }[] = [];
    const open = (n: Node, x: number, y: number, depth: number, host: Node | undefined) => {
      const pad = padOf(depth);
      this.out.push(`${pad}<g class="stack" data-host="${escapeXml(n.id)}">`);
      if (n.kind === 'player') this.player(n.player!, x, y, pad + '  ');
      else if (n.kind === 'ability') this.ability(n.ability!, x, y, pad + '  ');
      else this.card(n.card!, x, y, pad + '  ', host);
      frames.push({ n, x, y, depth, pad, next: 0, cy: y + nodeSize(n).h });
    };
    open(root, x, y, depth, undefined);
    while (frames.length > 0) {
      const f = frames[frames.length - 1];
      if (f.next === f.n.children.length) {
        this.out.push(`${f.pad}</g>`);
        frames.pop();
        continue;
      }
      const c = f.n.children[f.next++];
      f.cy += GAP_V;
      const top = f.cy;
      const mid = top + CARD_H / 2;
      this.out.push(`${f.pad}  <path class="connector" data-from="${escapeXml(f.n.id)}" data-to="${escapeXml(c.id)}" d="M${f.x + INDENT / 2} ${f.y + nodeSize(f.n).h} V${mid} H${f.x + INDENT}"/>`);
      // Where the next attachment goes: below this one and all that is attached to it.
      f.cy += stackSize(c).h;
      open(c, f.x + INDENT, top, f.depth + 1, f.n);
    }
  }

  private halo(id: string, x: number, y: number, s: Size, pad: string): void {
    if (this.highlight.has(id)) this.out.push(`${pad}  <rect class="halo" x="${x - 4}" y="${y - 4}" width="${s.w + 8}" height="${s.h + 8}" rx="7"/>`);
  }

  private player(p: PlayerView, x: number, y: number, pad: string): void {
    const classes = ['player', ...(p.left ? ['left'] : []), ...(this.highlight.has(p.id) ? ['highlight'] : [])];
    const s = { w: PLAYER_W, h: PLAYER_H };
    const inner = PLAYER_W - 2 * TEXT_PAD;
    const tr = this.tr;
    // Whose turn it is (`turn P STEP`), with the step or phase as the scenario writes it.
    const turn = p.turn ? tr(msg`their turn (${p.turn})`) : undefined;
    const detail = p.left ? tr(msg`left the game`) : [turn ?? tr(msg`player`), ...(p.keywords ?? [])].join(' · ');
    this.out.push(`${pad}<g class="${classes.join(' ')}" data-player="${escapeXml(p.id)}"${p.turn ? ` data-turn="${escapeXml(p.turn)}"` : ''}>`);
    this.out.push(`${pad}  <title>${escapeXml(`${tr(p.left ? msg`player ${p.id} (left the game)` : msg`player ${p.id}`)}${turn ? `\n${turn}` : ''}${p.keywords?.length ? `\n${p.keywords.join(', ')}` : ''}`)}</title>`);
    this.halo(p.id, x, y, s, pad);
    this.out.push(`${pad}  <rect class="box" x="${x}" y="${y}" width="${s.w}" height="${s.h}" rx="6"/>`);
    this.out.push(`${pad}  <svg x="${x}" y="${y}" width="${s.w}" height="${s.h}">`);
    this.out.push(`${pad}    <text class="id" x="${TEXT_PAD}" y="17">${escapeXml(fit(p.id, inner, BOLD))}</text>`);
    this.out.push(`${pad}    <text class="detail" x="${TEXT_PAD}" y="${17 + LINE}">${escapeXml(detail)}</text>`);
    this.out.push(`${pad}  </svg>`);
    this.out.push(`${pad}</g>`);
  }

  /** An ability on the stack: its source, which ability, its target, who activated it, its place (1 at the bottom). */
  private ability(a: StackItemView & { place: number }, x: number, y: number, pad: string): void {
    const classes = ['card', 'ability', ...(this.highlight.has(a.id) ? ['highlight'] : [])];
    const inner = CARD_W - 2 * TEXT_PAD;
    const place = `#${a.place}`;
    const tr = this.tr;
    const what = tr(abilityWord(a.ability ?? ''));
    const target = this.aimOf(a) || tr(msg`no target`);
    const who = a.controller ? tr(msg`activated by ${a.controller}`) : '';
    this.out.push(`${pad}<g class="${classes.join(' ')}" data-ability="${escapeXml(a.ability ?? '')}" data-source="${escapeXml(a.id)}"${a.target ? ` data-target="${escapeXml(a.target)}"` : ''}${a.attaching ? ` data-attaching="${escapeXml(a.attaching)}"` : ''}>`);
    this.out.push(`${pad}  <title>${escapeXml([`${a.id}: ${what}`, target, who, tr(msg`place ${a.place} from the bottom`)].filter(Boolean).join('\n'))}</title>`);
    this.halo(a.id, x, y, { w: CARD_W, h: CARD_H }, pad);
    this.out.push(`${pad}  <rect class="box" x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4"/>`);
    this.out.push(`${pad}  <svg x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}">`);
    this.out.push(`${pad}    <text class="id" x="${TEXT_PAD}" y="17">${escapeXml(fit(a.id, inner - width(place) - 10, BOLD))}</text>`);
    this.out.push(`${pad}    <text class="ts" x="${CARD_W - TEXT_PAD}" y="17" text-anchor="end">${escapeXml(place)}</text>`);
    this.out.push(`${pad}    <text class="name" x="${TEXT_PAD}" y="${17 + LINE}">${escapeXml(fit(what, inner))}</text>`);
    this.out.push(`${pad}    <text class="type" x="${TEXT_PAD}" y="${17 + 2 * LINE}">${escapeXml(fit(target, inner))}</text>`);
    if (who) this.out.push(`${pad}    <text class="detail" x="${TEXT_PAD}" y="${17 + 3 * LINE}">${escapeXml(fit(who, inner))}</text>`);
    this.out.push(`${pad}  </svg>`);
    this.out.push(`${pad}</g>`);
  }

  private card(c: CardView, x: number, y: number, pad: string, host?: Node): void {
    const hosted = host !== undefined;
    const hostZone = host?.kind === 'card' ? this.cards.get(host.id)?.zone : undefined;
    const lit = this.highlight.has(c.id);
    const old = this.before?.get(c.id);
    const spell = this.spells.get(c.id);
    const aim = spell ? this.aimOf(spell) : '';
    const lines =
      old && old.pad === pad && old.hosted === hosted && old.hostZone === hostZone && old.lit === lit && old.aim === aim && sameValue(old.view, c)
        ? old
        : { view: c, pad, hosted, hostZone, lit, aim, ...this.cardLines(c, pad, host, aim) };
    this.after?.set(c.id, lines);
    const out = this.out;
    for (const l of lines.head) out.push(l);
    if (lit) out.push(`${pad}  <rect class="halo" x="${x - 4}" y="${y - 4}" width="${CARD_W + 8}" height="${CARD_H + 8}" rx="7"/>`);
    out.push(`${pad}  <rect class="box" x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4"/>`);
    out.push(`${pad}  <svg x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}">`);
    for (const l of lines.inner) out.push(l);
    out.push(`${pad}  </svg>`);
    out.push(`${pad}</g>`);
  }

  /** The lines of a card's picture that do not depend on where it is drawn. */
  /** What a spell or ability on the stack targets, in words: Riftbound's attach effects name both their targets (434.3); '' for none. */
  private aimOf(a: StackItemView): string {
    if (a.attaching !== undefined && a.target !== undefined) return this.tr(msg`attaching ${a.attaching} to ${a.target}`);
    return a.target !== undefined ? this.tr(msg`targeting ${a.target}`) : '';
  }

  private cardLines(c: CardView, pad: string, host: Node | undefined, aim: string): { head: string[]; inner: string[] } {
    const attached = c.attachedTo !== null;
    const classes = [
      'card',
      ...(attached ? ['attached'] : []),
      ...(c.phasedOut ? ['phased-out'] : []),
      ...(c.faceDown ? ['face-down'] : []),
      ...(c.exhausted || c.tapped ? ['exhausted'] : []),
      ...(this.highlight.has(c.id) ? ['highlight'] : []),
    ];
    const tr = this.tr;
    const typeLine = typeLineOf(c, tr);
    const details: string[] = [];
    // The state details the tooltip repeats (Might, exhausted, phased out, lost abilities).
    const state: string[] = [];
    if (c.might !== undefined) {
      const eff = c.effectiveMight ?? c.might;
      state.push(tr(eff === c.might ? msg`Might ${eff}` : msg`Might ${eff} (${`${c.might} ${eff > c.might ? '+' : '−'}${Math.abs(eff - c.might)}`})`));
    }
    if (c.toughness !== undefined) {
      const eff = c.effectiveToughness ?? c.toughness;
      state.push(tr(eff === c.toughness ? msg`toughness ${eff}` : msg`toughness ${eff} (${`${c.toughness} ${eff > c.toughness ? '+' : '−'}${Math.abs(eff - c.toughness)}`})`));
    }
    if (c.damage) state.push(tr(msg`${c.damage} damage`));
    for (const [kind, n] of Object.entries(c.counters ?? {})) state.push(tr(countersWords(kind as CounterKind, n)));
    if (c.exhausted) state.push(tr(msg`exhausted`));
    if (c.tapped) state.push(tr(msg`tapped`));
    if (c.phasedOut) state.push(tr(msg`phased out`));
    // Its part in the combat going on (MTG 508.1, 509.1; Riftbound's designations, 464.2.c).
    const part = c.combat;
    // (A Riftbound unit in combat is at a battlefield, `battlefield:NAME`: its designations are named.)
    const riftbound = c.zone.startsWith('battlefield:');
    if (part) state.push(tr(part.role === 'defending' ? msg`a Defender` : part.role === 'blocking' ? (part.blocks ? msg`blocking ${part.blocks}` : msg`blocking`) : riftbound ? msg`an Attacker` : part.blocked ? msg`attacking, blocked` : msg`attacking`));
    if (c.temporary) state.push(tr(msg`changed by an effect that ends`));
    if (c.lost) state.push(tr(c.lost.includes('all') ? msg`no abilities` : msg`lost ${c.lost.join(', ')}`));
    // MTG 708.2a, 708.5: face down, its face-up card named for its controller.
    const fd = c.faceDown;
    if (fd && fd.how !== 'face-down') state.push(tr(fd.how === 'manifested' ? msg`manifested` : msg`cloaked`));
    details.push(...state);
    // A spell's targets first: what it is about to do.
    if (aim) details.unshift(aim);
    // Keyword abilities (flying; Riftbound Shield) and MTG targeting keywords (hexproof, shroud, ward: what may target the card).
    for (const k of c.keywords ?? []) details.push(k);
    if (attached && !host) details.push(tr(msg`attached to ${c.attachedTo!}`));
    const hostCard = host?.kind === 'card' ? this.cards.get(host.id) : undefined;
    // Drawn under a host in another zone (MTG: an Aura on the battlefield enchanting a card in a graveyard, 109.2a).
    if (hostCard && hostCard.zone !== c.zone) details.push(tr(c.zone === 'battlefield' ? msg`on the battlefield` : c.zone.startsWith('battlefield:') ? msg`in battlefield ${c.zone.slice('battlefield:'.length)}` : c.zone === 'outside' ? msg`in outside the game` : inZone(c.zone)));
    if ((c.zone === 'battlefield' || c.zone === 'base' || c.zone.startsWith('battlefield:')) && c.owner && c.controller && c.owner !== c.controller) details.push(tr(msg`owner ${c.owner}`));
    if (c.zone === 'base' && c.base && c.controller && c.base !== c.controller) details.push(tr(msg`controller ${c.controller}`));

    const zone = c.zone.startsWith('battlefield:') ? msg`battlefield ${c.zone.slice('battlefield:'.length)}` : zoneWord(c.zone);
    const tip = [
      fd ? `${c.id}: ${tr(msg`face down (its controller sees ${fd.name})`)}` : `${c.id}: ${c.name}`,
      typeLine,
      tr(c.zone === 'base' && c.base ? msg`zone ${zone} of ${c.base}` : msg`zone ${zone}`),
      tr(c.owner ? msg`owner ${c.owner}` : msg`no owner`),
      c.controller ? tr(c.controlVia ? msg`controller ${c.controller} (from ${c.controlVia})` : msg`controller ${c.controller}`) : '',
      c.attachedTo ? tr(msg`attached to ${c.attachedTo}`) : '',
      c.attachments.length ? tr(msg`attachments ${[...c.attachments].sort(byText).join(', ')}`) : '',
      tr(msg`timestamp ${c.timestamp}`),
      ...(aim ? [aim] : []),
      ...state,
      ...(c.protections ? c.protections.map((p) => tr(msg`protection from ${p}`)) : []),
      ...(c.keywords ?? []),
    ].filter(Boolean);
    const inner = CARD_W - 2 * TEXT_PAD;
    const ts = `t${c.timestamp}`;
    const head = [
      `${pad}<g class="${classes.join(' ')}" data-card="${escapeXml(c.id)}"${c.attachedTo ? ` data-attached-to="${escapeXml(c.attachedTo)}"` : ''}>`,
      `${pad}  <title>${escapeXml(tip.join('\n'))}</title>`,
    ];
    const lines = [
      `${pad}    <text class="id" x="${TEXT_PAD}" y="17">${escapeXml(fit(c.id, inner - width(ts) - 10, BOLD))}</text>`,
      `${pad}    <text class="ts" x="${CARD_W - TEXT_PAD}" y="17" text-anchor="end">${ts}</text>`,
      `${pad}    <text class="name" x="${TEXT_PAD}" y="${17 + LINE}">${escapeXml(fit(fd ? tr(msg`face down (${fd.name})`) : c.name, inner))}</text>`,
      `${pad}    <text class="type" x="${TEXT_PAD}" y="${17 + 2 * LINE}">${escapeXml(fit(typeLine, inner))}</text>`,
    ];
    if (details.length > 0) lines.push(`${pad}    <text class="detail" x="${TEXT_PAD}" y="${17 + 3 * LINE}">${escapeXml(fit(details.join(' · '), inner))}</text>`);
    return { head, inner: lines };
  }
}

function typeLineOf(c: CardView, tr: Tr): string {
  const left = [...c.supertypes, ...c.types].join(' ');
  const right = c.subtypes.join(' ');
  return right ? `${left} — ${right}` : left || tr(msg`no card types`);
}

/** The legend's samples, 24x14, and what each means (the stack's name in Riftbound is the chain). */
function legendItems(board: BoardView, tr: Tr): { sample: string; text: string }[] {
  return [
    { sample: 'box', text: tr(msg`card (id, name, type; tN: timestamp)`) },
    { sample: 'box attached-sample', text: tr(msg`attached to the card or player above it`) },
    { sample: 'box halo-sample', text: tr(msg`outlined: named by a finding on this line`) },
    { sample: 'box dashed-sample', text: tr(board.game === 'mtg' ? msg`dashed: phased out, or left the game` : msg`dashed: left the game`) },
    { sample: 'box ability-sample', text: tr(board.game === 'riftbound' ? msg`ability on the chain` : msg`ability on the stack`) },
  ];
}

/** Draws the legend at `top`, wrapping to the picture's width; returns the height it takes (with the gap after it). */
function legend(out: string[], board: BoardView, contentW: number, top: number, tr: Tr): number {
  const items = legendItems(board, tr);
  const ROW = 20;
  let x = 0;
  let row = 0;
  out.push('  <g class="legend" data-legend="">');
  for (const it of items) {
    const w = 24 + 6 + width(it.text) + 18;
    if (x > 0 && x + w > contentW) {
      x = 0;
      row++;
    }
    const lx = MARGIN + x;
    const ly = top + row * ROW;
    out.push(`    <rect class="${it.sample}" x="${lx}" y="${ly}" width="24" height="14" rx="3"/>`);
    out.push(`    <text x="${lx + 30}" y="${ly + 11}">${escapeXml(it.text)}</text>`);
    x += w;
  }
  out.push('  </g>');
  return (row + 1) * ROW + GAP_H;
}

/** The board as an SVG document (a string starting with `<svg`). */
export function renderBoardSvg(board: BoardView, opts: RenderOptions = {}): string {
  return drawBoard(board, { ...opts, titled: !!opts.title, subtitled: !!opts.subtitle }).caption(opts.title, opts.subtitle);
}

/** What a drawing is made from: the render options but the caption's text, and whether it has a title and a subtitle line. */
export type DrawOptions = Omit<RenderOptions, 'title' | 'subtitle'> & { titled: boolean; subtitled: boolean };

/**
 * A board drawn once, captioned at will: the title and subtitle lines only take their place (their
 * text changes nothing else), so a picture whose subtitle changes (the line's caption, while the
 * user types it) is not drawn again. `caption` takes a title and a subtitle when the drawing was
 * made with them (`titled`, `subtitled`), and gives what renderBoardSvg gives for them.
 */
export interface BoardDrawing {
  caption(title: string | undefined, subtitle: string | undefined): string;
}

export function drawBoard(board: BoardView, opts: DrawOptions, memo?: DrawMemo): BoardDrawing {
  const theme = opts.theme ?? 'light';
  // The last drawing's card lines hold for this one in the same language only.
  const before = memo && memo.translate === opts.translate ? memo.cards : undefined;
  const after = memo ? new Map<string, CardLines>() : undefined;
  const palette = PALETTES[theme] ?? PALETTES.light;
  const tr: Tr = (m) => renderMessage(m, opts.translate);
  const model = buildModel(board, tr);
  const highlight = new Set(opts.highlight ?? []);

  // Sizes: the players strip, then each row of panels.
  const playersFlow = flow(model.players);
  const panelFlows = model.rows.map((r) => r.map((p) => flow(p.roots)));
  const panelSize = (f: { w: number; h: number }, label: string): Size => ({
    w: Math.max(MIN_PANEL_W, f.w + 2 * PAD, width(label, BOLD) + 2 * PAD),
    h: LABEL_H + (f.h > 0 ? f.h : EMPTY_H) + PAD,
  });
  const rowSizes = model.rows.map((r, i) => r.map((p, j) => panelSize(panelFlows[i][j], p.label)));
  let contentW = model.players.length > 0 ? panelSize(playersFlow, tr(msg`Players`)).w : 0;
  for (const sizes of rowSizes) contentW = Math.max(contentW, sizes.reduce((a, s) => a + s.w, 0) + GAP_H * (sizes.length - 1));
  contentW = Math.max(contentW, 480);

  const out: string[] = [];
  let y = MARGIN;
  // The caption's lines (written by `caption`): where they go.
  const titleY = y + 15;
  if (opts.titled) y += 24;
  const subtitleY = y + 12;
  if (opts.subtitled) y += 20;
  if (opts.titled || opts.subtitled) y += 6;

  const cards = new Map(board.cards.map((c) => [c.id, c]));
  // A spell on the stack (Riftbound: the chain) says what it targets; its card is drawn in the pile.
  const spells = new Map<string, StackItemView>();
  for (const e of board.stack ?? []) if (e.kind === 'spell') spells.set(e.id, e);
  const d = new Drawing(out, highlight, cards, tr, spells, before, after);
  const drawPanel = (label: string, attrs: string, f: ReturnType<typeof flow>, x: number, top: number, s: Size) => {
    out.push(`  <g class="zone"${attrs}>`);
    out.push(`    <rect class="zone-box" x="${x}" y="${top}" width="${s.w}" height="${s.h}" rx="6"/>`);
    out.push(`    <text class="zone-label" x="${x + PAD}" y="${top + 17}">${escapeXml(label)}</text>`);
    if (f.placed.length === 0) out.push(`    <text class="empty" x="${x + PAD}" y="${top + LABEL_H + 14}">${escapeXml(tr(msg`empty`))}</text>`);
    for (const p of f.placed) d.stack(p.node, x + PAD + p.x, top + LABEL_H + p.y, 0);
    out.push('  </g>');
  };

  if (model.players.length > 0) {
    const s = panelSize(playersFlow, tr(msg`Players`));
    drawPanel(tr(msg`Players`), ' data-zone="players"', playersFlow, MARGIN, y, { w: contentW, h: s.h });
    y += s.h + GAP_H;
  }
  model.rows.forEach((r, i) => {
    const sizes = rowSizes[i];
    const h = Math.max(...sizes.map((s) => s.h));
    // The last panel of a row takes the remaining width, so the picture has straight edges.
    const used = sizes.reduce((a, s) => a + s.w, 0) + GAP_H * (sizes.length - 1);
    let x = MARGIN;
    r.forEach((p, j) => {
      const w = sizes[j].w + (j === r.length - 1 ? contentW - used : 0);
      const attrs = ` data-zone="${escapeXml(p.zone)}"${p.player !== undefined ? ` data-player="${escapeXml(p.player)}"` : ''}${p.place !== undefined ? ` data-place="${escapeXml(p.place)}"` : ''}`;
      drawPanel(p.label, attrs, panelFlows[i][j], x, y, { w, h });
      x += w + GAP_H;
    });
    y += h + GAP_H;
  });

  // The legend: what the picture's marks mean.
  y += legend(out, board, contentW, y, tr);

  const W = contentW + 2 * MARGIN;
  const H = y - GAP_H + MARGIN;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" class="board board-${board.game} theme-${theme}" data-game="${board.game}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">`;
  const style = [`  <style${opts.nonce ? ` nonce="${escapeXml(opts.nonce)}"` : ''}>\n${css(palette)}\n  </style>`, `  <rect class="bg" x="0" y="0" width="${W}" height="${H}"/>`].join('\n');
  const body = [...out, '</svg>', ''].join('\n');
  const untitled = tr(board.game === 'mtg' ? msg`Magic: The Gathering board` : msg`Riftbound board`);
  if (memo) {
    memo.cards = after!;
    memo.translate = opts.translate;
  }
  return {
    caption(titleText, subtitleText) {
      if (!!titleText !== opts.titled || !!subtitleText !== opts.subtitled) throw new Error('drawBoard: the caption has other lines than the drawing');
      const head: string[] = [];
      if (titleText) head.push(`  <text class="title" x="${MARGIN}" y="${titleY}">${escapeXml(fit(titleText, contentW, (15 / 12) * BOLD))}</text>`);
      if (subtitleText) head.push(`  <text class="subtitle" x="${MARGIN}" y="${subtitleY}">${escapeXml(fit(subtitleText, contentW))}</text>`);
      const a11y = [titleText, subtitleText].filter(Boolean).join(' — ') || untitled;
      return [open, `  <title>${escapeXml(a11y)}</title>`, style, ...head, body].join('\n');
    },
  };
}
