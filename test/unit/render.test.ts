// The board picture (core/render/svg.ts): zones, cards, attachments under their hosts, highlights,
// escaping, themes, determinism. The SVG is parsed by a strict little XML reader here; the browser
// tests (test/browser) check what Chromium draws from it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { boardAt, boardCaption, drawBoard, drawMemo, escapeXml, eventLines, parse, renderBoardSvg, Timeline, type BoardView, type CardView } from '../../core';
import { escapeAll, fitLabel } from '../../core/render/svg';

/** A caption's line and English label (its `text` is the label's template, checked in l10n.test.ts). */
const lineAndLabel = (c: { line: number; label: string }) => ({ line: c.line, label: c.label });

interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

/** A strict reader for the SVG we write: balanced tags, quoted attributes, only the five entities. */
function parseXml(s: string): El {
  const root: El = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: El[] = [root];
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < s.length) {
    re.lastIndex = at;
    m = re.exec(s);
    if (!m) throw new Error(`not well-formed at ${at}: ${JSON.stringify(s.slice(at, at + 40))}`);
    at = re.lastIndex;
    if (m[5] !== undefined) {
      const text = m[5];
      const bad = /&(?!(?:amp|lt|gt|quot|#39);)/.exec(text);
      if (bad) throw new Error(`raw & in text: ${JSON.stringify(text)}`);
      stack[stack.length - 1].text += text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
      continue;
    }
    const [, close, name, attrText, selfClose] = m;
    if (close) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (a[1] in attrs) throw new Error(`duplicate attribute ${a[1]}`);
      if (/&(?!(?:amp|lt|gt|quot|#39);)/.test(a[2])) throw new Error(`raw & in attribute: ${a[2]}`);
      attrs[a[1]] = a[2].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    }
    const el: El = { name, attrs, children: [], text: '' };
    stack[stack.length - 1].children.push(el);
    if (!selfClose) stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (root.children.length !== 1 || root.children[0].name !== 'svg') throw new Error('not one <svg> root');
  return root.children[0];
}

function all(el: El, pred: (e: El) => boolean, out: El[] = []): El[] {
  if (pred(el)) out.push(el);
  for (const c of el.children) all(c, pred, out);
  return out;
}

const classes = (e: El) => (e.attrs.class ?? '').split(/\s+/);
const card = (svg: El, id: string) => {
  const found = all(svg, (e) => e.name === 'g' && e.attrs['data-card'] === id);
  assert.equal(found.length, 1, `card ${id} drawn once`);
  return found[0];
};
const stackOf = (svg: El, id: string) => all(svg, (e) => e.name === 'g' && classes(e).includes('stack') && e.attrs['data-host'] === id)[0];
const texts = (e: El) => all(e, (x) => x.name === 'text').map((t) => t.text);
const zones = (svg: El) => all(svg, (e) => e.name === 'g' && classes(e).includes('zone')).map((z) => all(z, (t) => t.name === 'text' && classes(t).includes('zone-label'))[0].text);
const directCards = (stack: El) => stack.children.filter((c) => classes(c).includes('stack')).map((c) => c.attrs['data-host']);

const MTG = [
  'game mtg', // 0
  'player alice', // 1
  'player bob', // 2
  'card lion "Silvercoat Lion": creature — Cat, owner alice', // 3
  'card splitter "Bonesplitter": artifact — Equipment, owner alice', // 4
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob, attached to lion', // 5
  'card curse "Curse of Exhaustion": enchantment — Aura Curse, enchant player, owner alice, attached to bob', // 6
  'card bears "Grizzly Bears": creature — Bear, owner bob, in hand', // 7
  'card sash "Lion Sash": creature — Cat Equipment, owner alice, reconfigure', // 8
  'card rancor "Rancor": enchantment — Aura, enchant creature, owner bob, in hand', // 9
  'equip splitter to lion', // 10
  'destroy lion', // 11
  'unattach splitter from lion', // 12
  'unattach pacifism from lion', // 13
  'move pacifism to graveyard', // 14
  'cast rancor targeting sash by bob', // 15
].join('\n') + '\n';

describe('board picture (SVG)', () => {
  it('draws a chain of 20,000 Auras each on the one before, in a picture linear in its cards', () => {
    const chain = (n: number) => {
      let s = 'game mtg\nplayer alice\ncard c0 "Root": creature, owner alice\n';
      for (let i = 1; i <= n; i++) s += `card c${i} "A": enchantment — Aura, enchant permanent, owner alice, attached to c${i - 1}\n`;
      return renderBoardSvg(boardAt(s, n + 3));
    };
    const half = chain(10_000);
    const whole = chain(20_000);
    // Each Aura is drawn under the one before, in its group (the groups nest 20,000 deep); and the player.
    assert.equal(whole.match(/<g class="stack"/g)?.length, 20_002);
    assert.ok(whole.includes('data-from="c19999" data-to="c20000"'));
    // Its indentation grows no more past a depth, so the text is linear in the cards (it was quadratic).
    assert.ok(whole.length < 2.1 * half.length, `${whole.length} against ${half.length}`);
  });

  it("draws 5,000 players, each one's battlefield in their order, each card on its controller's", () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `p${String(i).padStart(4, '0')}`);
    const text = 'game mtg\n' + ids.map((id) => `player ${id}\n`).join('') + ids.map((id, i) => `card c${i} "C": creature, owner ${id}\n`).join('');
    const svg = renderBoardSvg(boardAt(text, 10_001));
    const panels = [...svg.matchAll(/data-zone="battlefield" data-player="(p\d+)"/g)].map((m) => m[1]);
    assert.deepEqual(panels, ids);
    assert.ok(svg.includes('data-card="c4999"'));
  });

  it('draws a battlefield of 30,000 cards (the stack is not its bound)', () => {
    const text = 'game mtg\nplayer alice\n' + Array.from({ length: 30_000 }, (_, i) => `card c${i} "Card ${i}": creature — Cat\n`).join('');
    const svg = renderBoardSvg(boardAt(text, 30_002));
    assert.equal(svg.match(/data-card="c\d+"/g)?.length, 30_000);
  });

  it('draws players, each controller\'s battlefield, and the other zones that hold cards', () => {
    const svg = parseXml(renderBoardSvg(boardAt(MTG, 15)));
    assert.deepEqual(zones(svg), ['Players', 'Battlefield — alice', 'Battlefield — bob', 'Stack', 'Graveyard — alice', 'Hand — bob', 'Graveyard — bob']);
    const lion = card(svg, 'lion');
    assert.deepEqual(texts(lion), ['lion', `t${boardAt(MTG, 15).cards.find((c) => c.id === 'lion')!.timestamp}`, 'Silvercoat Lion', 'creature — Cat']);
    assert.match(all(lion, (e) => e.name === 'title')[0].text, /zone graveyard/);
    // The graveyards are each owner's: the lion is alice's, Pacifism bob's.
    const bobsGraveyard = all(svg, (e) => e.attrs['data-zone'] === 'graveyard' && e.attrs['data-player'] === 'bob')[0];
    assert.ok(all(bobsGraveyard, (e) => e.attrs['data-card'] === 'pacifism').length === 1);
    assert.ok(all(all(svg, (e) => e.attrs['data-zone'] === 'stack')[0], (e) => e.attrs['data-card'] === 'rancor').length === 1);
    assert.ok(all(all(svg, (e) => e.attrs['data-zone'] === 'hand')[0], (e) => e.attrs['data-card'] === 'bears').length === 1);
  });

  it('draws attachments stacked under their host with a connector, Curses under their player', () => {
    const svg = parseXml(renderBoardSvg(boardAt(MTG, 10)));
    // lion has pacifism (declared) then splitter (equipped later): oldest timestamp first.
    const lion = stackOf(svg, 'lion');
    assert.deepEqual(directCards(lion), ['pacifism', 'splitter']);
    assert.ok(classes(card(svg, 'splitter')).includes('attached'));
    assert.equal(card(svg, 'splitter').attrs['data-attached-to'], 'lion');
    const connectors = all(lion, (e) => e.name === 'path' && classes(e).includes('connector'));
    assert.deepEqual(connectors.map((c) => `${c.attrs['data-from']}→${c.attrs['data-to']}`), ['lion→pacifism', 'lion→splitter']);
    // Geometry: the attachment's box is below its host's, indented, and the connector joins them.
    const box = (id: string) => all(card(svg, id), (e) => e.name === 'rect' && classes(e).includes('box'))[0].attrs;
    const host = box('lion');
    const att = box('splitter');
    assert.ok(Number(att.y) > Number(host.y) + Number(host.height), 'below the host');
    assert.ok(Number(att.x) > Number(host.x) && Number(att.x) < Number(host.x) + Number(host.width), 'indented under the host');
    assert.match(connectors[1].attrs.d, new RegExp(`^M${Number(host.x) + 9} ${Number(host.y) + Number(host.height)} V\\d+ H${Number(att.x)}$`));
    // The Curse hangs under bob in the players strip.
    const bob = stackOf(svg, 'bob');
    assert.deepEqual(directCards(bob), ['curse']);
    assert.equal(all(bob, (e) => e.attrs['data-player'] === 'bob').length, 1);
  });

  it("marks the player whose turn it is, with the step (MTG `turn P STEP`)", () => {
    const text = 'game mtg\nplayer alice\nplayer bob\ncard lion "Silvercoat Lion": creature — Cat, owner alice\nturn bob combat\nturn alice\n';
    const bob = all(parseXml(renderBoardSvg(boardAt(text, 4))), (e) => e.attrs['data-player'] === 'bob' && e.name === 'g')[0];
    assert.equal(bob.attrs['data-turn'], 'combat');
    assert.ok(texts(bob).includes('their turn (combat)'), JSON.stringify(texts(bob)));
    const after = parseXml(renderBoardSvg(boardAt(text, 5)));
    assert.deepEqual(all(after, (e) => e.attrs['data-turn'] !== undefined).map((e) => `${e.attrs['data-player']} ${e.attrs['data-turn']}`), ['alice main']);
    // Before any `turn` line, no player is marked.
    assert.equal(all(parseXml(renderBoardSvg(boardAt(text, 3))), (e) => e.attrs['data-turn'] !== undefined).length, 0);
  });

  it("marks the player whose turn it is, with the phase (Riftbound `turn P PHASE`)", () => {
    const text = 'game riftbound\nplayer alice\nplayer bob\ncard vi "Vi": unit, owner alice, at base\nturn bob showdown\n';
    const bob = all(parseXml(renderBoardSvg(boardAt(text, 5))), (e) => e.attrs['data-player'] === 'bob' && e.name === 'g')[0];
    assert.equal(bob.attrs['data-turn'], 'showdown');
  });

  it('draws a creature an Aura gives control of in its new controller\'s battlefield, its tooltip saying which Aura (MTG 613.1b)', () => {
    const text = 'game mtg\nplayer alice\nplayer bob\ncard bears "Grizzly Bears": creature — Bear, owner bob\ncard magic "Control Magic": enchantment — Aura, enchant creature, owner alice, attached to bears, you control enchanted creature\nexpect bears controlled by alice\n';
    const svg = parseXml(renderBoardSvg(boardAt(text, 5)));
    const alice = all(svg, (e) => e.attrs['data-zone'] === 'battlefield' && e.attrs['data-player'] === 'alice');
    assert.ok(alice.length === 1 && all(alice[0], (e) => e.attrs['data-card'] === 'bears').length === 1, 'the Bears are in alice\'s battlefield');
    assert.ok(renderBoardSvg(boardAt(text, 5)).includes('controller alice (from magic)'));
  });

  it('draws an Aura enchanting a card in a graveyard under that card, marked as on the battlefield (MTG 109.2a)', () => {
    const text = 'game mtg\nplayer alice\ncard bears "Grizzly Bears": creature — Bear, in graveyard\ncard dead "Animate Dead": enchantment — Aura, enchant creature card in a graveyard, attached to bears\nexpect dead attached to bears\n';
    const svg = parseXml(renderBoardSvg(boardAt(text, 4)));
    const graveyard = all(svg, (e) => e.attrs['data-zone'] === 'graveyard')[0];
    assert.deepEqual(directCards(stackOf(graveyard, 'bears')), ['dead']);
    assert.equal(card(svg, 'dead').attrs['data-attached-to'], 'bears');
    assert.ok(all(card(svg, 'dead'), (e) => e.name === 'text' && e.text === 'on the battlefield').length === 1);
  });

  it('outlines highlighted cards and players, and only them', () => {
    const svg = parseXml(renderBoardSvg(boardAt(MTG, 11), { highlight: ['splitter', 'lion', 'alice'] }));
    for (const id of ['splitter', 'lion']) {
      const g = card(svg, id);
      assert.ok(classes(g).includes('highlight'), id);
      assert.equal(all(g, (e) => classes(e).includes('halo')).length, 1, `${id} has a halo`);
    }
    assert.ok(!classes(card(svg, 'pacifism')).includes('highlight'));
    assert.ok(classes(all(svg, (e) => e.attrs['data-player'] === 'alice' && classes(e).includes('player'))[0]).includes('highlight'));
    assert.equal(all(svg, (e) => classes(e).includes('halo')).length, 3);
  });

  it('escapes every piece of text, and replaces characters XML forbids', () => {
    const text = [
      'game mtg',
      'title "<script>alert(1)</script> & \\"quotes\\" \'single\'"',
      'player alice',
      'card evil "<img src=x onerror=alert(1)> & </svg>": creature — Cat',
      'card ctl "bell\u0007 and \uD800 lone": creature — Cat',
    ].join('\n');
    const raw = renderBoardSvg(boardAt(text, 9), { title: '<b>T&C</b> "x"', subtitle: "it's <after>", highlight: ['evil"><script>'] });
    assert.doesNotMatch(raw, /<script|<img|<b>|onerror=alert\(1\)>/);
    const svg = parseXml(raw); // well-formed
    const evil = card(svg, 'evil');
    assert.ok(texts(evil).some((t) => t.startsWith('<img src=x')), 'the name is shown as text');
    assert.ok(texts(svg).includes('<b>T&C</b> "x"'));
    assert.ok(texts(svg).includes("it's <after>"));
    assert.ok(texts(card(svg, 'ctl')).some((t) => t === 'bell\uFFFD and \uFFFD lone'));
    assert.doesNotMatch(raw, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });

  it('has no script, no event handler, no external resource', () => {
    for (const theme of ['light', 'dark', 'vscode'] as const) {
      const raw = renderBoardSvg(boardAt(MTG, 15), { theme, title: 'x', highlight: ['lion'] });
      assert.doesNotMatch(raw, /<script|\son\w+=|href=|url\(|@import|<foreignObject|<image/i);
      assert.deepEqual(raw.match(/https?:\/\/[^"\s]*/g), ['http://www.w3.org/2000/svg'], 'only the SVG namespace');
    }
  });

  it('is deterministic: the order of the board\'s arrays does not matter', () => {
    const board = boardAt(MTG, 10);
    const shuffled: BoardView = {
      game: board.game,
      players: [...board.players].reverse().map((p) => ({ ...p, attachments: [...p.attachments].reverse() })),
      cards: [...board.cards].reverse().map((c) => ({ ...c, attachments: [...c.attachments].reverse() })),
    };
    const a = renderBoardSvg(board, { highlight: ['lion', 'splitter'], title: 't' });
    assert.equal(renderBoardSvg(shuffled, { highlight: ['splitter', 'lion'], title: 't' }), a);
    assert.equal(renderBoardSvg(boardAt(MTG, 10), { highlight: ['lion', 'splitter'], title: 't' }), a);
  });

  it('themes: light and dark colours, or VS Code theme variables with fallbacks; a CSP nonce on the style', () => {
    const board = boardAt(MTG, 10);
    const light = renderBoardSvg(board);
    const dark = renderBoardSvg(board, { theme: 'dark' });
    const vscode = renderBoardSvg(board, { theme: 'vscode', nonce: 'n0nce+/=' });
    assert.doesNotMatch(light, /var\(--vscode/);
    assert.notEqual(light, dark);
    assert.match(dark, /\.bg\{fill:#0d1117\}/);
    assert.match(vscode, /fill:var\(--vscode-editor-foreground, #333333\)/);
    assert.match(vscode, /\.bg\{fill:var\(--vscode-editor-background, #ffffff\)\}/);
    assert.match(vscode, /<style nonce="n0nce\+\/=">/);
    assert.match(light, /<style>/);
  });

  it('Riftbound: each player\'s base, each battlefield by name, trash; Might with bonuses, exhausted', () => {
    const text = [
      'game riftbound', // 0
      'player alice', // 1
      'player bob', // 2
      'card garen "Garen": unit, owner alice, might 4', // 3
      'card sword "Long Sword": gear — Equipment, equip, might-bonus 2, owner alice, exhausted', // 4
      'card lux "Lux": unit, owner bob, might 3', // 5
      'equip sword to garen', // 6
      'move garen to battlefield b1', // 7
      'move lux to battlefield a2', // 8
      'kill lux', // 9
    ].join('\n');
    const svg = parseXml(renderBoardSvg(boardAt(text, 8)));
    assert.deepEqual(zones(svg), ['Players', 'Base — alice', 'Base — bob', 'Battlefield a2', 'Battlefield b1']);
    assert.deepEqual(directCards(stackOf(svg, 'garen')), ['sword']);
    assert.ok(texts(card(svg, 'garen')).includes('Might 6 (4 +2)'));
    assert.ok(texts(card(svg, 'sword')).includes('exhausted'));
    assert.ok(classes(card(svg, 'sword')).includes('exhausted'));
    const after = parseXml(renderBoardSvg(boardAt(text, 9)));
    assert.deepEqual(zones(after), ['Players', 'Base — alice', 'Base — bob', 'Battlefield b1', 'Trash — bob']);
    assert.equal(all(svg, (e) => e.attrs['data-zone'] === 'battlefield' && e.attrs['data-place'] === 'b1').length, 1);
  });

  it('a spell or ability on the stack (the chain) says what it targets; a Riftbound attach effect names both its targets (434.3)', () => {
    const text = [
      'game riftbound', // 0
      'player alice', // 1
      'player bob', // 2
      'card vi "Vi": unit, owner alice, might 3, at base', // 3
      'card jinx "Jinx": unit, owner alice, might 2, at base', // 4
      'card axe "Axe": gear — Equipment, equip, might-bonus 1, owner alice, at base', // 5
      'card tongs "Forge Tongs": gear — Equipment, equip, owner alice, at base, attach target gear to target unit', // 6
      'card pick "Pickpocket": spell, owner bob, in hand, Reaction, attach target gear to target unit', // 7
      'turn alice', // 8
      'activate tongs attach targeting axe to jinx', // 9
      'cast pick targeting axe to vi by bob', // 10
    ].join('\n');
    const svg = parseXml(renderBoardSvg(boardAt(text, 10)));
    const ability = all(svg, (e) => e.attrs['data-ability'] === 'attach')[0];
    assert.equal(ability.attrs['data-attaching'], 'axe');
    assert.equal(ability.attrs['data-target'], 'jinx');
    assert.ok(texts(ability).includes('attaching axe to jinx'), texts(ability).join(' | '));
    assert.ok(texts(card(svg, 'pick')).some((t) => t.startsWith('attaching axe to vi')), texts(card(svg, 'pick')).join(' | '));
    const mtg = ['game mtg', 'player alice', 'card lion "Silvercoat Lion": creature — Cat, owner alice', 'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner alice, in hand', 'cast pacifism targeting lion'].join('\n');
    const drawn = parseXml(renderBoardSvg(boardAt(mtg, 4)));
    assert.ok(texts(card(drawn, 'pacifism')).some((t) => t.startsWith('targeting lion')), texts(card(drawn, 'pacifism')).join(' | '));
  });

  it('marks phased-out cards, cards controlled by another player, and left players', () => {
    const text = [
      'game mtg',
      'player alice',
      'player bob',
      'card lion "Silvercoat Lion": creature — Cat, owner alice, controller bob',
      'card bear "Bear": creature — Bear, owner alice, phased out',
      'leave alice',
    ].join('\n');
    const svg = parseXml(renderBoardSvg(boardAt(text, 4)));
    assert.ok(texts(card(svg, 'lion')).includes('owner alice'));
    assert.ok(all(svg, (e) => e.attrs['data-zone'] === 'battlefield' && e.attrs['data-player'] === 'bob').some((z) => all(z, (c) => c.attrs['data-card'] === 'lion').length === 1));
    assert.ok(classes(card(svg, 'bear')).includes('phased-out'));
    assert.ok(texts(card(svg, 'bear')).includes('phased out'));
    const left = parseXml(renderBoardSvg(boardAt(text, 5)));
    assert.ok(classes(all(left, (e) => e.attrs['data-player'] === 'alice' && classes(e).includes('player'))[0]).includes('left'));
  });

  it('shows the targeting keywords a card or player has (hexproof, shroud, ward)', () => {
    const text = [
      'game mtg',
      'player alice',
      'player bob',
      'card scout "Gladecover Scout": creature — Elf Scout, owner alice, hexproof from black',
      'card kappa "Kappa Tech-Wrecker": creature — Turtle Ninja, owner bob, ward 1',
      'gains bob shroud',
    ].join('\n');
    const svg = parseXml(renderBoardSvg(boardAt(text, 5)));
    assert.ok(texts(card(svg, 'scout')).some((t) => t.includes('hexproof from black')), JSON.stringify(texts(card(svg, 'scout'))));
    assert.ok(texts(card(svg, 'kappa')).includes('ward 1'));
    const bob = all(svg, (e) => e.attrs['data-player'] === 'bob' && classes(e).includes('player'))[0];
    assert.ok(texts(bob).some((t) => t.includes('shroud')), JSON.stringify(texts(bob)));
    const before = parseXml(renderBoardSvg(boardAt(text, 4)));
    assert.ok(!texts(all(before, (e) => e.attrs['data-player'] === 'bob' && classes(e).includes('player'))[0]).some((t) => t.includes('shroud')));
  });

  it('shortens long labels with an ellipsis, keeping the full text in the tooltip', () => {
    const long = 'A Very Long Card Name That Cannot Possibly Fit In One Card Box';
    const text = ['game mtg', 'player alice', `card long "${long}": legendary creature — Human Wizard Warrior Knight Cleric`].join('\n');
    const svg = parseXml(renderBoardSvg(boardAt(text, 2)));
    const c = card(svg, 'long');
    const name = texts(c)[2];
    assert.ok(name.endsWith('…') && long.startsWith(name.slice(0, -1)), name);
    assert.ok(all(c, (e) => e.name === 'title')[0].text.includes(long));
  });

  it('draws every card even with an attachment cycle or a missing host (hand-made boards)', () => {
    const base: Omit<CardView, 'id' | 'attachedTo' | 'attachments'> = {
      name: 'X', owner: 'p', controller: 'p', zone: 'battlefield', supertypes: [], types: ['artifact'], subtypes: ['Equipment'], colors: [], timestamp: 1, phasedOut: false,
    };
    const board: BoardView = {
      game: 'mtg',
      players: [{ id: 'p', left: false, attachments: [] }],
      cards: [
        { ...base, id: 'a', attachedTo: 'b', attachments: ['b'] },
        { ...base, id: 'b', attachedTo: 'a', attachments: ['a'] },
        { ...base, id: 'c', attachedTo: 'gone', attachments: [] },
        { ...base, id: 'self', attachedTo: 'self', attachments: ['self'] },
        // Attached to a card of the cycle: the cycle is cut, not its way to it.
        { ...base, id: '0tail', attachedTo: 'b', attachments: [] },
      ],
    };
    const svg = parseXml(renderBoardSvg(board));
    for (const id of ['a', 'b', 'c', 'self', '0tail']) card(svg, id);
    assert.equal(card(svg, '0tail').attrs['data-attached-to'], 'b');
    // The cycle is cut at its smallest id: a is a root, with b under it, and 0tail under b.
    assert.deepEqual(directCards(stackOf(svg, 'a')), ['b']);
    assert.deepEqual(directCards(stackOf(svg, 'b')), ['0tail']);
    assert.ok(texts(card(svg, 'c')).some((t) => t.includes('attached to gone')));
  });

  it('captions: the last event at or before a line, and the event lines', () => {
    const doc = parse(MTG);
    assert.deepEqual(lineAndLabel(boardCaption(doc, MTG, 5)), { line: -1, label: 'Initial state' });
    assert.deepEqual(lineAndLabel(boardCaption(doc, MTG, 11)), { line: 11, label: 'After line 12 (destroy lion)' });
    assert.deepEqual(lineAndLabel(boardCaption(doc, MTG, 99)), { line: 15, label: 'After line 16 (cast rancor targeting sash by bob)' });
    assert.deepEqual(eventLines(doc), [10, 11, 12, 13, 14, 15]);
    const withExpect = 'game mtg\nplayer a\ncard x "X": creature — Cat\nexpect x in battlefield\ndestroy x\nexpect x in graveyard\n';
    assert.deepEqual(eventLines(parse(withExpect)), [4]);
    assert.equal(boardCaption(parse(withExpect), withExpect, 5).label, 'After line 5 (destroy x)');
  });

  it('one drawing captioned with any title and subtitle is the picture drawn for them (the caption changes nothing else)', () => {
    const doc = parse(MTG);
    const board = boardAt(MTG, 14, doc);
    const captions: [string | undefined, string | undefined][] = [
      ['A scenario', 'After line 12 (destroy lion)'],
      ['Another <title> & more', 'e'],
      ['x'.repeat(400), 'After line 3 (' + 'y'.repeat(300) + ')'],
      ['', ''],
      [undefined, 'Initial state'],
      ['Only a title', undefined],
    ];
    for (const theme of ['light', 'dark', 'vscode'] as const) {
      for (const [t1, s1] of captions) {
        const drawing = drawBoard(board, { theme, highlight: ['lion'], nonce: 'n0', titled: !!t1, subtitled: !!s1 });
        for (const [t2, s2] of captions) {
          if (!!t2 !== !!t1 || !!s2 !== !!s1) {
            assert.throws(() => drawing.caption(t2, s2), /other lines/);
            continue;
          }
          assert.equal(drawing.caption(t2, s2), renderBoardSvg(board, { theme, highlight: ['lion'], nonce: 'n0', title: t2, subtitle: s2 }), `${theme}: ${t1}/${s1} captioned ${t2}/${s2}`);
        }
      }
    }
  });

  it('a drawing that reuses the last one\'s card lines (drawMemo) is the drawing made afresh, board after board of every example and fixture', () => {
    const root = path.join(__dirname, '..', '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.board')) files.push(path.join(dir, e.name));
      }
    };
    walk(path.join(root, 'examples'));
    walk(path.join(root, 'test', 'fixtures'));
    assert.ok(files.length > 50, `${files.length} scenarios`);
    const memo = drawMemo();
    let reused = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const doc = parse(text);
      const timeline = new Timeline(doc, text);
      // Forward line by line (a card changes between two boards), then back to the first event (most change).
      const lines = eventLines(doc);
      for (const [i, line] of [...lines, lines[0] ?? 0].entries()) {
        const board = timeline.boardAt(line);
        // The outline moves (a highlight changes a card's lines) and the theme changes (it does not).
        const options = { theme: (['light', 'dark', 'vscode'] as const)[i % 3], highlight: board.cards.slice(i % 4, (i % 4) + 1).map((c) => c.id), titled: false, subtitled: false };
        const before = memo.cards;
        const got = drawBoard(board, options, memo).caption(undefined, undefined);
        reused += [...memo.cards.values()].filter((l) => before.get(l.view.id) === l).length;
        assert.equal(got, drawBoard(board, options).caption(undefined, undefined), `${path.relative(root, file)} at line ${line + 1}`);
      }
    }
    assert.ok(reused > 100, `card lines reused ${reused} times (the memo is used)`);
  });

  it('escapeXml and the label fitting give what the full replacements and the code point walk give (their fast paths for plain text)', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', 'W', ' ', '&', '<', '—', '…', '\uD83D', '\uDE00', '\u0001', '猫') }));
    fc.assert(fc.property(text, (s) => escapeXml(s) === escapeAll(s)), { numRuns: 2000 });
    // The walk by code points for any text: the ASCII fast path must give the same for ASCII.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'W', 'm', ' ', '.', '1', '~') }), fc.integer({ min: 0, max: 300 }), fc.constantFrom(1, 1.1), (s, px, scale) => fitLabel(s, px, scale) === fitLabel(s, px, scale, true)),
      { numRuns: 2000 },
    );
  });
});
