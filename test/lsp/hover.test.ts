// Hovers: findings with their rules, rule numbers in comments, cards and players at a line.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HoverRequest, MarkupKind, type Hover, type MarkupContent, type Position } from 'vscode-languageserver-protocol/node';
import { analyse, codeDocUrl } from '../../core';
import { freshUri, positionOf, TestClient } from './client';
import { CLEAN, HEADER, REDUNDANT, scenario } from './scenarios';
import { renderMarkdown } from '../support/markdown';

const rendered = renderMarkdown;

describe('LSP hover', () => {
  // One server for the suite: every test opens its own document (settings are read per document).
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  async function hoverAt(text: string, pos: Position, settings: Record<string, unknown> = {}): Promise<Hover | null> {
    client.settings = settings;
    const uri = freshUri();
    await client.open(uri, text);
    try {
      return await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: pos });
    } finally {
      await client.close(uri);
      client.settings = {};
    }
  }

  const value = (h: Hover | null): string => {
    assert.ok(h, 'no hover');
    const c = h.contents as MarkupContent;
    assert.equal(c.kind, MarkupKind.Markdown);
    return c.value;
  };

  it('on a finding: the message, each cited rule with its explanation, the code documentation and link', async () => {
    const h = await hoverAt(REDUNDANT, { line: 9, character: 2 });
    const v = value(h);
    assert.match(v, /Redundant attach/);
    assert.match(v, /already attached to lion/);
    assert.match(v, /\*\*701\.3b\*\* — \*Attaches that do nothing\*/);
    assert.match(v, /\*\*701\.3c\*\* — \*New timestamp on moving\*/);
    assert.match(v, /\(https:\/\/[^)]*#redundant-attach\)/);
    assert.deepEqual(h!.range, { start: { line: 9, character: 0 }, end: { line: 9, character: 22 } });
  });

  it('on `in a graveyard` in an enchant filter: 109.2a explained; on the Aura: the card in the graveyard it is attached to', async () => {
    const text = [
      ...HEADER.slice(0, 3),
      'card bears "Grizzly Bears": creature — Bear, owner alice, in graveyard', // 3
      'card dead "Animate Dead": enchantment — Aura, enchant creature card in a graveyard, owner alice, attached to bears', // 4
      'expect dead attached to bears', // 5
    ].join('\n') + '\n';
    const at = positionOf(text, 'in a graveyard');
    const h = await hoverAt(text, { line: 4, character: at.character + 5 });
    const v = value(h);
    assert.match(v, /a card in that zone/);
    assert.match(v, /Rule 109\.2a/);
    assert.deepEqual(h!.range, { start: at, end: { line: 4, character: at.character + 'in a graveyard'.length } });
    const onDead = value(await hoverAt(text, positionOf(text, 'expect dead', 7)));
    assert.match(onDead, /Attached to: \*\*bears\*\* \(a card in graveyard\)/);
  });

  it('on `with another Aura attached to it` in an enchant filter: 702.5a and 704.5m explained, on one line and on a continuation line with events after it', async () => {
    const bears = 'card bears "Grizzly Bears": creature — Bear, owner alice'; // 3
    const layouts = [
      ['card crown "Daybreak Coronet": enchantment — Aura, enchant creature with another Aura attached to it, owner alice, in hand'], // 4
      ['card crown "Daybreak Coronet": enchantment — Aura, owner alice, in hand,', '  enchant creature with another Aura attached to it', 'move bears to graveyard'], // 4-6
    ];
    for (const [k, lines] of layouts.entries()) {
      const text = [...HEADER.slice(0, 3), bears, ...lines].join('\n') + '\n';
      const at = positionOf(text, 'with another Aura');
      assert.equal(at.line, 4 + k);
      const h = await hoverAt(text, { line: at.line, character: at.character + 8 });
      const v = value(h);
      assert.match(v, /an Aura attached to it other than this card/);
      assert.match(v, /Rule 702\.5a/);
      assert.match(v, /Rule 704\.5m/);
      assert.deepEqual(h!.range, { start: at, end: { line: at.line, character: at.character + 'with another Aura attached to it'.length } });
    }
  });

  it('on `with toughness 4 or greater` in a filter (Gate Smasher): 208.3, 704.5m and 704.5n explained', async () => {
    const line = 'card smasher "Gate Smasher": artifact — Equipment, can be attached only to a creature with toughness 4 or greater, equip, owner alice'; // 3
    const text = [...HEADER.slice(0, 3), line].join('\n') + '\n';
    const at = positionOf(text, 'with toughness');
    const h = await hoverAt(text, { line: at.line, character: at.character + 6 });
    const v = value(h);
    assert.match(v, /`with toughness 4 or greater`/);
    assert.match(v, /damage doesn't change it/);
    for (const r of ['208\\.3', '704\\.5m', '704\\.5n']) assert.match(v, new RegExp(`Rule ${r}`));
    assert.deepEqual(h!.range, { start: at, end: { line: at.line, character: at.character + 'with toughness 4 or greater'.length } });
  });

  it('on a grant: 613.1f explained; on a grant in quotes: 613.7a; on a keyword ability: what the checker makes of it; on the card: the abilities it has', async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card sword "Sword": artifact — Equipment, owner alice, equipped creature has first strike and protection from red', // 4
      'card wings "Wings": enchantment — Aura, owner alice, enchant Equipment, enchanted Equipment has "equipped creature has flying"', // 5
      'equip sword to lion', // 6
      'gains lion haste', // 7
      'expect lion has flying', // 8
    ].join('\n') + '\n';
    const grant = positionOf(text, 'equipped creature has first');
    let h = await hoverAt(text, positionOf(text, 'has first', 1));
    let v = value(h);
    assert.match(v, /`equipped creature has`: while this card is attached/);
    assert.match(v, /Rule 613\.1f/);
    assert.match(v, /Layer 6: abilities/);
    assert.deepEqual(h!.range, { start: grant, end: { line: 4, character: grant.character + 'equipped creature has first strike and protection from red'.length } });
    // The protection in it is the grant's too; its keyword is a keyword.
    assert.match(value(await hoverAt(text, positionOf(text, 'from red', 1))), /Rule 613\.1f/);
    h = await hoverAt(text, positionOf(text, 'first strike', 3));
    v = value(h);
    assert.match(v, /\*\*first strike\*\*: a keyword ability/);
    assert.deepEqual(h!.range, { start: positionOf(text, 'first strike'), end: positionOf(text, 'first strike', 'first strike'.length) });
    // The quoted grant: 613.7a; the outer one (`enchanted Equipment has`): 613.1f.
    h = await hoverAt(text, positionOf(text, 'equipped creature has flying', 3));
    v = value(h);
    assert.match(v, /`"equipped creature has flying"`: an ability this Aura gives/);
    assert.match(v, /Rule 613\.7a/);
    assert.deepEqual(h!.range, { start: positionOf(text, '"equipped'), end: positionOf(text, 'flying"', 'flying"'.length) });
    assert.match(value(await hoverAt(text, positionOf(text, 'enchanted Equipment', 3))), /Rule 613\.1f/);
    assert.match(value(await hoverAt(text, positionOf(text, 'flying"', 2))), /\*\*flying\*\*: a keyword ability/);
    // In events and expectations.
    assert.match(value(await hoverAt(text, positionOf(text, 'haste', 1))), /\*\*haste\*\*: a keyword ability/);
    assert.match(value(await hoverAt(text, positionOf(text, 'has flying', 5))), /\*\*flying\*\*: a keyword ability/);
    // The card after the equip and the gain: its abilities, and which attachment gives which; no targeting note.
    v = value(await hoverAt(text, positionOf(text, 'expect lion', 8)));
    assert.match(v, /Has first strike \(from sword\), haste/);
    assert.match(v, /Protection from red \(from sword\)/);
    assert.doesNotMatch(v, /Keywords|targeting/);
  });

  it('on `indestructible` and `umbra armor`: what `destroy` does, with 702.12b and 702.89a', async () => {
    const text = [...HEADER.slice(0, 4), 'card snake "Snake Umbra": enchantment — Aura, owner alice, enchant creature, umbra armor, attached to lion', 'card plate "Plate": artifact — Equipment, owner alice, equipped creature has indestructible'].join('\n') + '\n';
    const umbra = value(await hoverAt(text, positionOf(text, 'umbra armor', 2)));
    assert.match(umbra, /destroys the Aura instead/);
    assert.match(umbra, /Rule 702\.89a/);
    const indestructible = value(await hoverAt(text, positionOf(text, 'indestructible', 2)));
    assert.match(indestructible, /does nothing/);
    assert.match(indestructible, /Rule 702\.12b/);
  });

  it('on `until end of turn` and `this turn`: when the control effect ends, with 514.2 (MTG) or 317.2.c (Riftbound)', async () => {
    const text = [...HEADER.slice(0, 4), 'turn alice', 'control lion bob until end of turn'].join('\n') + '\n';
    const mtg = value(await hoverAt(text, positionOf(text, 'end of turn', 2)));
    assert.match(mtg, /ends as its turn does/);
    assert.match(mtg, /Rule 514\.2/);
    const riftbound = ['game riftbound', 'player alice', 'player bob', 'card yasuo "Yasuo": unit, owner alice, at base', 'control yasuo bob this turn'].join('\n') + '\n';
    const rb = value(await hoverAt(riftbound, positionOf(riftbound, 'this turn', 2)));
    assert.match(rb, /Rule 317\.2\.c/);
    // `for as long as`: 611.2b on its words; the names in it are names.
    const held = [...HEADER.slice(0, 4), 'control lion bob for as long as bob controls lion'].join('\n') + '\n';
    const h = value(await hoverAt(held, positionOf(held, 'long as', 2)));
    assert.match(h, /stops holding/);
    assert.match(h, /Rule 611\.2b/);
    assert.doesNotMatch(value(await hoverAt(held, positionOf(held, 'lion\n', 0))), /611\.2b/);
  });

  it('on `until end of turn` and `this turn` after `becomes`, `gains`, `loses`: the change ends with its turn (514.2, 317.2.c)', async () => {
    const text = [...HEADER.slice(0, 4), 'turn alice', 'gains lion protection from red until end of turn', 'together: becomes lion artifact this turn; loses lion all abilities'].join('\n') + '\n';
    const gains = value(await hoverAt(text, positionOf(text, 'end of turn', 2)));
    assert.match(gains, /the change ends as its turn does/);
    assert.match(gains, /Rule 514\.2/);
    // In a `together:` part too.
    assert.match(value(await hoverAt(text, positionOf(text, 'this turn', 2))), /the change ends as its turn does/);
    // On the card: it is changed until end of turn.
    assert.match(value(await hoverAt(text, positionOf(text, 'lion artifact', 1))), /Changed by an effect that ends: until end of turn/);
    const riftbound = ['game riftbound', 'player alice', 'player bob', 'card yasuo "Yasuo": unit, owner alice, at base', 'gains yasuo Assault this turn'].join('\n') + '\n';
    assert.match(value(await hoverAt(riftbound, positionOf(riftbound, 'this turn', 2))), /Rule 317\.2\.c/);
    // `until your next turn`, `until P's next turn`: 611.2a; the player's name is a name.
    const next = [...HEADER.slice(0, 4), 'gains lion hexproof until your next turn', "gains lion shroud until bob's next turn"].join('\n') + '\n';
    const yours = value(await hoverAt(next, positionOf(next, 'your next', 2)));
    assert.match(yours, /lasts until the next turn of its "you" begins/);
    assert.match(yours, /Rule 611\.2a/);
    const bobs = value(await hoverAt(next, positionOf(next, "bob's next turn", 8)));
    assert.match(bobs, /lasts until the next turn of bob begins/);
    assert.match(bobs, /Rule 611\.2a/);
    // If bob leaves the game, it ends as his turn would have begun (800.4m), and the hover says so.
    assert.match(bobs, /has left the game, it ends as their turn would have begun/);
    assert.match(bobs, /Rule 800\.4m/);
    assert.match(yours, /Rule 800\.4m/);
    assert.doesNotMatch(value(await hoverAt(next, positionOf(next, "bob's", 1))), /611\.2a/);
  });

  it('on a static property a rule reads: a replacement (614.1a), `can be attached only to` (701.3a), Leonin Shikari\'s permission (602.5d), what an attach effect may target (115.1)', async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card rip "Rest in Peace": enchantment, owner alice, if a card would be put into a graveyard, exile it instead', // 4
      'card banner "Konda\'s Banner": artifact — Equipment, equip, can be attached only to legendary creature, owner alice', // 5
      'card shikari "Leonin Shikari": creature — Cat Soldier, owner alice, you may activate equip abilities any time you could cast an instant', // 6
      'card luxior "Luxior, Giada\'s Gift": legendary artifact — Equipment, equip planeswalker, equip, owner alice', // 7
      'card squire "Brass Squire": artifact creature — Myr, owner alice, attach target Equipment you control to target creature you control', // 8
    ].join('\n') + '\n';
    const rip = value(await hoverAt(text, positionOf(text, 'would be put', 4)));
    assert.match(rip, /every card that would be put into a graveyard, this one included as it leaves, is exiled instead/);
    assert.match(rip, /Rule 614\.1a/);
    const banner = value(await hoverAt(text, positionOf(text, 'attached only', 5)));
    assert.match(banner, /equip ability may target another creature/);
    assert.match(banner, /Rule 701\.3a/);
    assert.match(banner, /Rule 704\.5n/);
    const luxior = value(await hoverAt(text, positionOf(text, 'equip planeswalker', 8)));
    assert.match(luxior, /a form of equip, not a quality/);
    assert.match(luxior, /Rule 702\.6e/);
    const shikari = value(await hoverAt(text, positionOf(text, 'any time', 6)));
    assert.match(shikari, /any time they could cast an instant/);
    assert.match(shikari, /Rule 602\.5d/);
    assert.match(shikari, /Rule 101\.1/);
    const squire = value(await hoverAt(text, positionOf(text, 'attach target', 4)));
    assert.match(squire, /`attach X to H targeting with squire`/);
    assert.match(squire, /Rule 115\.1/);
    assert.match(squire, /Rule 109\.5/);
  });

  it('on `toughness`, `damage` and `equipped creature gets`: what keeps a creature alive, with 613.4c, 704.5f and 704.5g; on the creature: its toughness with its bonus and its damage; Riftbound `damage` with 143.2.a', async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card germ "Germ": creature — Phyrexian Germ, token, owner alice, toughness 0, damage 1', // 4
      'card skull "Batterskull": artifact — Equipment, equip, equipped creature gets +4/+4, owner alice, attached to germ', // 5
      'expect germ toughness 4', // 6
    ].join('\n') + '\n';
    const tough = value(await hoverAt(text, positionOf(text, 'toughness 0', 2)));
    assert.match(tough, /printed toughness/);
    assert.match(tough, /Rule 704\.5f/);
    assert.match(tough, /Rule 613\.4c/);
    const damage = value(await hoverAt(text, positionOf(text, 'damage 1', 2)));
    assert.match(damage, /Damage already marked on this creature/);
    assert.match(damage, /Rule 120\.6/);
    const bonus = value(await hoverAt(text, positionOf(text, 'gets', 1)));
    assert.match(bonus, /a 0\/0 Germ/);
    assert.match(bonus, /Rule 613\.4c/);
    const germ = value(await hoverAt(text, positionOf(text, 'expect germ', 8)));
    assert.match(germ, /Toughness: 4 \(printed 0\)/);
    assert.match(germ, /Damage marked: 1/);
    const rift = 'game riftbound\nplayer alice\ncard vi "Vi": unit, owner alice, might 3, at base, damage 2\n';
    const unit = value(await hoverAt(rift, positionOf(rift, 'damage 2', 2)));
    assert.match(unit, /killed in the next cleanup/);
    assert.match(unit, /Rule 143\.2\.a/);
  });

  it('counters: on `with 2 +1/+1 counters` and `with a buff`, on the verbs put, remove, buff and spend (what they do, their rules, then the step); on a card: its counters', async () => {
    const text = [
      ...HEADER.slice(0, 3),
      'card ox "Ox": creature — Ox, owner alice, toughness 2, with 2 +1/+1 counters', // 3
      'card bears "Grizzly Bears": creature — Bear, owner alice, toughness 2', // 4
      'put a -1/-1 counter on bears', // 5
      'remove a +1/+1 counter from ox', // 6
      'expect ox has a +1/+1 counter', // 7
      'together: put a +1/+1 counter on ox; remove a -1/-1 counter from bears', // 8
    ].join('\n') + '\n';
    const declared = value(await hoverAt(text, positionOf(text, 'with 2', 1)));
    assert.match(declared, /Counters already on this permanent/);
    assert.match(declared, /Rule 122\.1a/);
    assert.match(declared, /Rule 704\.5q/);
    const put = value(await hoverAt(text, { line: 5, character: 1 }));
    assert.match(put, /Puts counters on a permanent on the battlefield/);
    assert.match(put, /Rule 122\.6/);
    assert.match(put, /\*\*Step\*\* · line 6: bears has a -1\/-1 counter/, 'the step too, as on any verb');
    const remove = value(await hoverAt(text, { line: 6, character: 2 }));
    assert.match(remove, /Removes counters from a permanent/);
    assert.match(remove, /Rule 704\.5q/);
    const part = value(await hoverAt(text, positionOf(text, 'remove a -1/-1', 2)));
    assert.match(part, /Removes counters from a permanent/);
    // The card named in a counters event and in a `has ... counters` assertion: its counters, counted in its toughness.
    const bears = value(await hoverAt(text, positionOf(text, 'on bears', 4)));
    assert.match(bears, /Counters: 1 × -1\/-1/);
    assert.match(bears, /Toughness: 1 \(printed 2\)/);
    const ox = value(await hoverAt(text, positionOf(text, 'expect ox', 8)));
    assert.match(ox, /Counters: 1 × \+1\/\+1/);
    assert.match(ox, /Toughness: 3 \(printed 2\)/);

    const rift = [
      'game riftbound', // 0
      'player alice', // 1
      'card vi "Vi": unit, owner alice, might 2, at base, with a buff', // 2
      'card jinx "Jinx": unit, owner alice, might 3, at base', // 3
      'turn alice', // 4
      'buff jinx', // 5
      'spend buff from vi', // 6
      'expect jinx has a buff', // 7
    ].join('\n') + '\n';
    const buffed = value(await hoverAt(rift, positionOf(rift, 'with a buff', 1)));
    assert.match(buffed, /A buff already on this unit/);
    assert.match(buffed, /Rule 703/);
    assert.match(buffed, /Rule 702\.3/);
    const buff = value(await hoverAt(rift, { line: 5, character: 1 }));
    assert.match(buff, /Buffs a unit on the board/);
    assert.match(buff, /Rule 426\.1\.b\.1/);
    const spend = value(await hoverAt(rift, { line: 6, character: 1 }));
    assert.match(spend, /Spends a unit's buff/);
    assert.match(spend, /Rule 702\.2\.b\.1/);
    const jinx = value(await hoverAt(rift, positionOf(rift, 'expect jinx', 8)));
    assert.match(jinx, /Buffed \(\+1 Might\)/);
    assert.match(jinx, /Might: 4 \(printed 3\)/);
  });

  it('regenerate (701.19a): what the shield replaces, with its rules, then the step', async () => {
    const text = [...HEADER.slice(0, 3), 'card troll "Troll": creature — Troll, owner alice', 'regenerate troll'].join('\n') + '\n';
    const h = value(await hoverAt(text, { line: 4, character: 2 }));
    assert.match(h, /regeneration shield until the turn ends/);
    assert.match(h, /Rule 701\.19a/);
    assert.match(h, /Rule 704\.5f/);
  });

  it('MTG combat: the verbs `attack` and `block`, the assertion words, a restriction on combat, and a card\'s part in combat (508.1a, 509.1a, 506.4)', async () => {
    const text = [
      'game mtg', //                                                                                                                       0
      'player alice', //                                                                                                                   1
      'player bob', //                                                                                                                     2
      'card lion "Savannah Lion": creature — Cat, owner alice', //                                                                         3
      'card bears "Grizzly Bears": creature — Bear, owner bob', //                                                                         4
      'card wolf "Wolf": creature — Wolf, owner bob', //                                                                                   5
      "card pacifism \"Pacifism\": enchantment — Aura, enchant creature, enchanted creature can't attack or block, owner alice, attached to wolf", // 6
      'turn alice combat', //                                                                                                              7
      'attack with lion', //                                                                                                               8
      'block lion with bears', //                                                                                                          9
      'expect lion attacking', //                                                                                                          10
      'expect wolf not blocking', //                                                                                                       11
    ].join('\n') + '\n';
    assert.deepEqual(analyse(text).result.findings.map((f) => f.message), [], 'a clean scenario');
    const attack = value(await hoverAt(text, { line: 8, character: 2 }));
    assert.match(attack, /Declares a creature an attacker/);
    for (const n of ['508\\.1a', '508\\.1c', '508\\.1f', '302\\.6']) assert.match(attack, new RegExp(`Rule ${n}\\b`));
    assert.match(attack, /\*\*Step\*\*/, 'then the step, as on any verb');
    const block = value(await hoverAt(text, { line: 9, character: 2 }));
    assert.match(block, /Declares creatures blocking one attacking creature/);
    assert.match(block, /Rule 509\.1a/);
    assert.match(block, /Rule 509\.1b/);
    // The words of the assertion, `not` with them: what it asks, with the rules that end a part in combat.
    const attacking = await hoverAt(text, positionOf(text, 'attacking', 2));
    assert.match(value(attacking), /whether the creature is attacking now/);
    assert.match(value(attacking), /Rule 506\.4/);
    assert.match(value(attacking), /Rule 511\.3/);
    assert.deepEqual(attacking!.range, { start: { line: 10, character: 12 }, end: { line: 10, character: 21 } });
    const notBlocking = await hoverAt(text, positionOf(text, 'not blocking', 1));
    assert.match(value(notBlocking), /`not blocking`: whether the creature is blocking now/);
    assert.deepEqual(notBlocking!.range, { start: { line: 11, character: 12 }, end: { line: 11, character: 24 } });
    // The restriction Pacifism grants: what it forbids, with its rules.
    const restriction = value(await hoverAt(text, positionOf(text, "can't attack or block", 2)));
    assert.match(restriction, /a restriction on combat/);
    assert.match(restriction, /Rule 508\.1c/);
    assert.match(restriction, /Rule 509\.1b/);
    // A card's part in combat, on its name after the blocks.
    assert.match(value(await hoverAt(text, positionOf(text, 'expect lion', 8))), /Attacking \(blocked\)/);
    assert.match(value(await hoverAt(text, positionOf(text, 'with bears', 6))), /Blocking \*\*lion\*\*/);
  });

  it('Riftbound combat: `attack at battlefield`, `defending`, a Defender on its name, with the rules as the scenario numbers them (464.2.c)', async () => {
    const text = (rules: string) =>
      [
        'game riftbound', //                                                         0
        rules, //                                                                    1
        'player alice', //                                                           2
        'player bob', //                                                             3
        'card jinx "Jinx": unit, owner alice, might 3, at battlefield river', //     4
        'card garen "Garen": unit, owner bob, might 3, at battlefield river', //     5
        'turn alice combat', //                                                      6
        'attack at battlefield river', //                                            7
        'expect garen defending', //                                                 8
      ].join('\n') + '\n';
    const newest = text('rules 2026-07-16');
    const attack = value(await hoverAt(newest, { line: 7, character: 2 }));
    assert.match(attack, /Opens a combat at the battlefield named/);
    assert.match(attack, /Rule 464\.2\.c/);
    assert.match(attack, /Rule 466\.7\.a/);
    const defending = value(await hoverAt(newest, positionOf(newest, 'defending', 2)));
    assert.match(defending, /the Defender designation now/);
    assert.match(defending, /Rule 814\.1\.c/);
    assert.match(value(await hoverAt(newest, positionOf(newest, 'expect garen', 8))), /A Defender in the combat going on/);
    // Rules v1.3 numbered the designations 459.2.b: the hover cites that number, explained.
    const older = text('rules v1.3');
    const old = value(await hoverAt(older, { line: 7, character: 2 }));
    assert.match(old, /Rule 459\.2\.b/);
    assert.match(old, /Attacker and Defender/);
  });

  it('Riftbound `Assault 2` and `Shield 2`: the value, its sum over every source, with 807.1.b and 807.2 (814.1.b, 814.2); a unit shows the sum', async () => {
    const text =
      [
        'game riftbound', //                                                                                     0
        'player alice', //                                                                                       1
        'player bob', //                                                                                         2
        'card jinx "Jinx": unit, owner alice, might 3, Assault 2, at battlefield river', //                      3
        'card garen "Garen": unit, owner bob, might 3, Shield, at battlefield river', //                         4
        'card buckler "Buckler": gear — Equipment, equip, equipped unit has Shield 2, owner bob, at base', //     5
        'turn bob', //                                                                                           6
        'equip buckler to garen', //                                                                             7
        'gains jinx Assault 3 this turn', //                                                                     8
        'expect garen has Shield 3', //                                                                          9
      ].join('\n') + '\n';
    const own = value(await hoverAt(text, positionOf(text, 'Assault 2', 8)));
    assert.match(own, /Attacker, its Might goes up by the Assault value: 2 here/);
    assert.match(own, /Rule 807\.1\.b/);
    assert.match(own, /Rule 807\.2/);
    assert.match(value(await hoverAt(text, positionOf(text, 'Shield 2', 1))), /Defender, its Might goes up by the Shield value: 2 here/);
    assert.match(value(await hoverAt(text, positionOf(text, 'Assault 3', 2))), /Rule 807\.2/);
    const shield = value(await hoverAt(text, positionOf(text, 'Shield 3', 2)));
    assert.match(shield, /Rule 814\.2/);
    // The unit shows the sum of its own Shield and the Buckler's Shield 2.
    assert.match(value(await hoverAt(text, positionOf(text, 'expect garen', 8))), /Shield 3/);
  });

  it('the range of influence option (801): what it does to attachments, with its rules', async () => {
    const text = 'game mtg, range of influence 2\nplayer alice\nplayer bob\n';
    const h = value(await hoverAt(text, positionOf(text, 'range of', 2)));
    assert.match(h, /The limited range of influence option/);
    assert.match(h, /Rule 801\.8/);
    assert.match(h, /Rule 801\.9/);
  });

  it('shield counters: on `with a shield counter` and on `put a shield counter` (122.1c); a card shows them', async () => {
    const text = [
      ...HEADER.slice(0, 3),
      'card wall "Wall": creature — Wall, owner alice, toughness 4, with a shield counter', // 3
      'put a shield counter on wall', // 4
      'expect wall has 2 shield counters', // 5
    ].join('\n') + '\n';
    const declared = value(await hoverAt(text, positionOf(text, 'with a shield', 1)));
    assert.match(declared, /Each shield counter on a permanent stands in once for it/);
    assert.match(declared, /Rule 122\.1c/);
    const put = value(await hoverAt(text, { line: 4, character: 1 }));
    assert.match(put, /Puts shield counters on a permanent/);
    assert.match(put, /Rule 122\.1c/);
    const wall = value(await hoverAt(text, positionOf(text, 'expect wall', 8)));
    assert.match(wall, /Counters: 2 × shield/);
  });

  it('on `you control enchanted creature`: 613.1b explained; on the creature: its controller and the Aura that gives it', async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card magic "Control Magic": enchantment — Aura, owner bob, enchant creature, attached to lion, you control enchanted creature', // 4
      'expect lion controlled by bob', // 5
    ].join('\n') + '\n';
    const h = await hoverAt(text, positionOf(text, 'you control', 2));
    const v = value(h);
    assert.match(v, /`you control enchanted creature`: while this card is attached, its controller controls/);
    assert.match(v, /Rule 613\.1b/);
    assert.match(v, /Layer 2: control/);
    assert.match(value(await hoverAt(text, positionOf(text, 'expect lion', 8))), /controller \*\*bob\*\* \(from magic\)/);
  });

  it('on a type-changing grant: 613.1d and 205.1a (it sets the types) or 205.1b (in addition)', async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card song "Song of the Dryads": enchantment — Aura, owner bob, enchant permanent, attached to lion, enchanted permanent is a colorless Forest land', // 4
      'card ensoul "Ensoul Artifact": enchantment — Aura, owner bob, enchant artifact, in hand, enchanted artifact is a creature in addition to its other types', // 5
    ].join('\n') + '\n';
    const song = value(await hoverAt(text, positionOf(text, 'is a colorless', 3)));
    assert.match(song, /`enchanted permanent is a colorless Forest land`: while this card is attached .*the card types named replace its old ones/);
    assert.match(song, /Rule 613\.1d/);
    assert.match(song, /Rule 205\.1a/);
    assert.doesNotMatch(song, /613\.1f/);
    const ensoul = value(await hoverAt(text, positionOf(text, 'in addition to its other', 3)));
    assert.match(ensoul, /has these types as well as its own/);
    assert.match(ensoul, /Rule 205\.1b/);
  });

  it("on `can't be enchanted by other Auras` in a grant: 303.4 explained (a restriction, not an ability)", async () => {
    const text = [...HEADER.slice(0, 4), "card consecrate \"Consecrate Land\": enchantment — Aura, owner alice, enchant land, enchanted land can't be enchanted by other Auras"].join('\n') + '\n';
    const v = value(await hoverAt(text, positionOf(text, "can't be enchanted by", 2)));
    assert.match(v, /`can't be enchanted by other Auras`: while this card is attached, nothing of that kind may become attached/);
    assert.match(v, /Rule 303\.4\b/);
    assert.doesNotMatch(v, /613\.1f/);
  });

  it('on a Riftbound grant: 718.3 explained', async () => {
    const text = ['game riftbound', 'player alice', 'card blade "Blade": gear — Equipment, owner alice, equip, equipped unit has Shield'].join('\n') + '\n';
    const v = value(await hoverAt(text, positionOf(text, 'unit has', 2)));
    assert.match(v, /`equipped unit has`: while this card is attached, its text is part of the text of the unit/);
    assert.match(v, /Rule 718\.3/);
  });

  it('on a rule number in a comment: that rule explained, for the scenario\'s game', async () => {
    const pos = positionOf(CLEAN, '704.5m', 2);
    const h = await hoverAt(CLEAN, pos);
    const v = value(h);
    assert.match(v, /Rule 704\.5m/);
    assert.match(v, /Aura to the graveyard/);
    assert.equal(h!.range!.start.line, 9);
    assert.equal(h!.range!.end.character - h!.range!.start.character, '704.5m'.length);
  });

  it('on a rule number written in an older rules version: explained under its current number', async () => {
    // 310.9 of the 2024-06-07 rules is 310.10 since 2026-09-25.
    const text = CLEAN.replace('game mtg\n', 'game mtg\nrules 2024-06-07\n').replace('# 704.5m', '# 310.9');
    const h = await hoverAt(text, positionOf(text, '310.9', 1));
    const v = value(h);
    assert.match(v, /Rule 310\.9/);
    assert.match(v, /as numbered in Comprehensive Rules 2024-06-07/);
    assert.match(v, /310\.10 in the newest rules/);
  });

  it('on a rule number that does not exist (an MTG subrule lettered l or o): said so, not explained by its parent', async () => {
    const text = CLEAN.replace('# 704.5m', '# 702.16l');
    const v = value(await hoverAt(text, positionOf(text, '702.16l', 1)));
    assert.match(v, /Rule 702\.16l/);
    assert.match(v, /There is no rule 702\.16l: the Comprehensive Rules never letter a subrule l or o/);
    assert.doesNotMatch(v, /\(rule 702\.16\)/);
  });

  it('on a rule number a later version dropped: the version that last has it, or that these rules dropped it', async () => {
    const scenario = (version: string, written: string) => ['game riftbound', `rules ${version}`, 'player alice', 'card sword "Long Sword": gear — Equipment, equip, owner alice', `# ${written}`, ''].join('\n');
    const v12 = scenario('v1.2', '425.3');
    const old = value(await hoverAt(v12, positionOf(v12, '425.3', 1)));
    assert.match(old, /Only units move/);
    assert.match(old, /Numbered 442\.3 in Riftbound Core Rules v1\.3 \(2026-03-30\), the last rules that have it/);
    const now = scenario('2026-07-16', '442.3');
    const gone = value(await hoverAt(now, positionOf(now, '442.3', 1)));
    assert.match(gone, /442\.3 is a rule of Riftbound Core Rules v1\.3 \(2026-03-30\) and earlier versions, dropped since/);
  });

  it('on a card name: type line, owner and its state at that line (zone, attachments, timestamp)', async () => {
    // `lion` in `equip splitter to lion` (line 8): on the battlefield, with pacifism and splitter.
    const h = await hoverAt(CLEAN, { line: 8, character: 19 });
    const v = value(h);
    assert.match(v, /\*\*lion\*\* · card \*Silvercoat Lion\*/);
    assert.match(v, /`creature — Cat`/);
    assert.match(v, /Owner \*\*alice\*\*, controller \*\*alice\*\*/);
    assert.match(v, /After line 9 \(`equip splitter to lion`\)/);
    assert.match(v, /Zone: battlefield/);
    assert.match(v, /Attachments: .*\*\*pacifism\*\* \(t\d+\).*\*\*splitter\*\* \(t\d+\)|Attachments: .*\*\*splitter\*\* \(t\d+\).*\*\*pacifism\*\*/);
    assert.deepEqual(h!.range, { start: { line: 8, character: 18 }, end: { line: 8, character: 22 } });
  });

  it('on the attachment: what it is attached to, and later that it is not', async () => {
    let v = value(await hoverAt(CLEAN, { line: 8, character: 8 }));
    assert.match(v, /\*\*splitter\*\* · card \*Bonesplitter\*/);
    assert.match(v, /Attached to: \*\*lion\*\*/);
    // After `unattach splitter from lion` (line 11).
    v = value(await hoverAt(CLEAN, { line: 11, character: 11 }));
    assert.match(v, /Attached to: nothing/);
    assert.match(v, /Zone: battlefield/);
  });

  it('on a card with triggered abilities: its `when ...` phrases and how often they have triggered at that line (603.2e)', async () => {
    const text = [
      'game mtg',
      'player alice',
      'card lion "Silvercoat Lion": creature — Cat, owner alice',
      'card bears "Grizzly Bears": creature — Bear, owner alice',
      'card blade "Enormous Energy Blade": artifact — Equipment, owner alice, when attached, when unattached',
      'attach blade to lion',
      'attach blade to lion',
      'attach blade to bears',
    ].join('\n');
    assert.match(value(await hoverAt(text, { line: 4, character: 6 })), /Triggered abilities: when attached, when unattached; not triggered so far/);
    assert.match(value(await hoverAt(text, { line: 5, character: 8 })), /triggered once so far/);
    // The redundant attach (701.3b) sets off nothing; moving it sets off both.
    assert.match(value(await hoverAt(text, { line: 6, character: 8 })), /triggered once so far/);
    assert.match(value(await hoverAt(text, { line: 7, character: 8 })), /triggered 3 times so far/);
  });

  it('on a `when ...` phrase, in a declaration or an `expect X triggered when ...`: what makes it trigger, with its rules in the game of the scenario', async () => {
    const mtg = [
      'game mtg',
      'player alice',
      'card bramble "Bramble Elemental": creature — Elemental, owner alice, when an Aura becomes attached to it',
      'card outfitter "Stone Haven Outfitter": creature — Kor Artificer, owner alice, when an equipped creature you control dies',
      'expect outfitter triggered when an equipped creature you control dies',
    ].join('\n');
    let v = value(await hoverAt(mtg, { line: 2, character: 80 }));
    assert.match(v, /each time an Aura becomes attached to it/);
    assert.match(v, /\*\*Rule 603\.2e\*\*/);
    v = value(await hoverAt(mtg, { line: 3, character: 100 }));
    assert.match(v, /dies equipped/);
    assert.match(v, /\*\*Rule 700\.4\*\*/);
    assert.match(v, /\*\*Rule 603\.10a\*\*/);
    v = value(await hoverAt(mtg, { line: 4, character: 40 }));
    assert.match(v, /dies equipped/);
    const rift = ['game riftbound', 'player alice', 'card viktor "Viktor": unit, might 2, owner alice, when an equipped friendly unit dies'].join('\n');
    v = value(await hoverAt(rift, { line: 2, character: 70 }));
    assert.match(v, /checked once the event is done/);
    assert.match(v, /\*\*Rule 818\.3\*\*/);
    assert.match(v, /\*\*Rule 383\.2\.c\*\*/);
  });

  it('on a card with an ability the scenario names on the stack: the ability by its name, and on its target', async () => {
    const text = [
      'game mtg',
      'player alice',
      'card lion "Silvercoat Lion": creature — Cat, owner alice',
      'card bears "Grizzly Bears": creature — Bear, owner alice',
      'card spike "Quietus Spike": artifact — Equipment, owner alice, equipped creature has ability shoot, attached to lion',
      'activate lion ability shoot targeting bears',
    ].join('\n');
    assert.match(value(await hoverAt(text, { line: 5, character: 10 })), /On the stack: its ability shoot targeting \*\*bears\*\*/);
    assert.match(value(await hoverAt(text, { line: 5, character: 41 })), /Targeted on the stack by \*\*lion\*\*'s ability shoot/);
  });

  it('on a token that left the battlefield: it is in no zone, having ceased to exist (704.5d)', async () => {
    const text = 'game mtg\nplayer alice\ncard soldier "Soldier": creature — Soldier, token\ndestroy soldier\nexpect soldier ceased to exist\n';
    const v = value(await hoverAt(text, positionOf(text, 'soldier', 1, 2)));
    assert.match(v, /\*\*soldier\*\* · card \*Soldier\*/);
    assert.match(v, /Zone: none \(a token that ceased to exist\)/);
  });

  it('on a card name in its declaration: the initial state', async () => {
    const v = value(await hoverAt(CLEAN, { line: 5, character: 6 }));
    assert.match(v, /\*\*pacifism\*\* · card \*Pacifism\*/);
    assert.match(v, /Initial state/);
    assert.match(v, /Attached to: \*\*lion\*\*/);
  });

  it('on a player name: the player and what is attached to them', async () => {
    const v = value(await hoverAt(CLEAN, { line: 1, character: 9 }));
    assert.match(v, /\*\*alice\*\* · player/);
    assert.match(v, /Owns 3 cards/);
    assert.match(v, /In the game/);
  });

  it('on a card or player name: the targeting keywords it has at that line', async () => {
    const text = scenario('gains lion hexproof from black', 'gains alice shroud', 'expect lion unattached');
    // `lion` on line 10 (after both gains): its keywords; on line 8 (the initial state): none.
    let v = value(await hoverAt(text, { line: 10, character: 8 }));
    assert.match(v, /Keywords: hexproof from black \(its opponents' black spells/);
    v = value(await hoverAt(text, { line: 9, character: 7 }));
    assert.match(v, /Has shroud/);
    v = value(await hoverAt(text, { line: 3, character: 6 }));
    assert.doesNotMatch(v, /Keywords/);
  });

  it('quotes the official rule from the user\'s rules file when one is set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-rules-'));
    try {
      const file = join(dir, 'cr.txt');
      writeFileSync(file, '701.3. Attach\n\n701.3b Sample text standing in for the official rule.\n');
      const v = value(await hoverAt(REDUNDANT, { line: 9, character: 2 }, { rulesFile: { mtg: file } }));
      assert.match(v, /> Sample text standing in for the official rule\. \*\(from your rules file\)\*/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('links in scenario text are never made clickable', () => {
    // Link syntax, an image, raw HTML, a bare URL, a `www.` name, an e-mail address and a bare
    // domain, in a card's name, a ward cost, the title and strings that finding messages quote.
    const HOSTILE = '[x](http://evil.example/a) ![i](https://evil.example/i.png) <a href="http://evil.example/h">h</a> http://evil.example/raw www.evil.example me@evil.example evil.com';
    const quoted = HOSTILE.replace(/"/g, '\\"');
    const text = [
      'game mtg', // 0
      `title "${quoted}"`, // 1
      'player alice', // 2
      `card lion "Lion ${quoted}": creature — Cat, owner alice, ward "${quoted}"`, // 3
      'card splitter "Bonesplitter": artifact — Equipment, owner alice', // 4
      `card late "${quoted}"`, // 5: a syntax error whose message quotes the name
      `equip splitter "${quoted}"`, // 6: a syntax error whose message quotes the string
      'equip splitter to lion', // 7
      'equip splitter to lion', // 8: redundant-attach, whose message names the cards
    ].join('\n') + '\n';

    /** The hover at `pos` rendered: no link or image from the scenario, and the hostile text shown as written. */
    async function assertInert(pos: Position, shows: RegExp): Promise<string> {
      const v = value(await hoverAt(text, pos));
      const r = rendered(v);
      assert.doesNotMatch(r.html, /<img\b/, `an image in ${r.html}`);
      for (const target of r.targets) assert.ok(target.startsWith(codeDocUrl('')), `a link to ${target} in ${r.html}`);
      assert.match(r.text, shows, `not shown as written: ${r.text}`);
      return v;
    }

    const shownAsWritten = new RegExp(HOSTILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

    it("in a card's name and its ward cost (the card's hover)", async () => {
      const v = await assertInert({ line: 7, character: 19 }, shownAsWritten);
      assert.match(rendered(v).text, /Keywords: ward \[x\]\(http:\/\/evil\.example\/a\) !\[i\]/);
    });

    it('in a finding message that quotes a card name', async () => {
      const v = await assertInert({ line: 5, character: 6 }, shownAsWritten);
      assert.match(v, /Syntax error/);
    });

    it('in a finding message that quotes a string, with its code spans kept', async () => {
      const v = await assertInert({ line: 6, character: 'equip splitter "'.length + 1 }, shownAsWritten);
      assert.match(v, /Expected 'to', found/);
    });

    it('the finding documentation link is still the one link', async () => {
      const v = value(await hoverAt(text, { line: 8, character: 2 }));
      assert.deepEqual(rendered(v).targets, [codeDocUrl('redundant-attach')]);
    });
  });

  it("on a card whose reconfigure that unattaches waits on the stack: that ability, with no target (702.151a)", async () => {
    const text = [
      ...HEADER.slice(0, 4),
      'card boar "Lizard Blades": artifact creature — Equipment Dragon, reconfigure, owner alice, attached to lion', // 4
      'turn alice main', // 5
      'activate boar reconfigure', // 6
      'expect boar attached to lion', // 7
    ].join('\n') + '\n';
    const v = value(await hoverAt(text, { line: 7, character: 8 }));
    assert.match(v, /On the stack: its reconfigure ability that unattaches it/);
    assert.doesNotMatch(v, /targeting/);
  });

  it('answers null where there is nothing to say', async () => {
    const text = scenario('equip splitter to lion');
    const h = await hoverAt(text, positionOf(text, 'to lion', 0, 1));
    assert.equal(h, null);
  });
});
