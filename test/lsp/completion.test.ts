// Completion: keywords at a statement start, names after verbs, legal hosts first, players, zones,
// properties.
import * as assert from 'node:assert/strict';
import { CompletionRequest, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-protocol/node';
import { endOfLine, freshUri, TestClient } from './client';
import { HEADER, scenario } from './scenarios';
import { MTG_KEYWORDS, RIFTBOUND_KEYWORDS } from '../../core';

/** The items as the client applies them: a list's default edit range made each item's own edit (LSP 3.17 itemDefaults). */
function effectiveItems(r: CompletionItem[] | CompletionList | null): CompletionItem[] {
  if (!r) return [];
  if (Array.isArray(r)) return r;
  const range = r.itemDefaults?.editRange;
  if (!range || !('start' in range)) return r.items;
  return r.items.map((i) => (i.textEdit ? i : { ...i, textEdit: { range, newText: i.textEditText ?? i.label } }));
}

describe('LSP completion', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  /** Completion at the end of `line` of `text` (each call opens its own document). */
  async function complete(text: string, at: Position | number): Promise<CompletionItem[]> {
    const uri = freshUri();
    await client.open(uri, text);
    const position = typeof at === 'number' ? endOfLine(text, at) : at;
    const r = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
    await client.close(uri);
    return effectiveItems(r);
  }
  const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);

  it('after `equip splitter to `: lion, the creature, first; and never splitter itself', async () => {
    const items = await complete(scenario('equip splitter to '), 8);
    const labels = sorted(items);
    assert.equal(labels[0], 'lion');
    assert.ok(!labels.includes('splitter'));
    assert.ok(labels.indexOf('plains') > labels.indexOf('lion'));
    const lion = items.find((i) => i.label === 'lion')!;
    assert.equal(lion.detail, '"Silvercoat Lion": creature — Cat');
    assert.deepEqual(lion.textEdit, { range: { start: { line: 8, character: 18 }, end: { line: 8, character: 18 } }, newText: 'lion' });
  });

  it('after `fortify X to`: the lands the rules core says are legal first; a partly typed name is replaced', async () => {
    const text = [...HEADER, 'card garrison "Darksteel Garrison": artifact — Fortification, owner alice', 'fortify garrison to pl'].join('\n');
    const items = await complete(text, HEADER.length + 1);
    assert.equal(sorted(items)[0], 'plains');
    const line = HEADER.length + 1;
    assert.deepEqual(items.find((i) => i.label === 'plains')!.textEdit, { range: { start: { line, character: 20 }, end: { line, character: 22 } }, newText: 'plains' });
  });

  it('after `fortify X to` with X not a Fortification: no card is ranked as legal', async () => {
    const items = await complete(scenario('fortify splitter to '), 8);
    assert.ok(items.length > 0);
    assert.ok(items.every((i) => !(i.sortText ?? '').startsWith('0')), JSON.stringify(items.map((i) => [i.label, i.sortText])));
  });

  it('after a verb: card names, with the attachments first for equip', async () => {
    const items = await complete(scenario('equip '), 8);
    assert.equal(sorted(items)[0], 'splitter');
    assert.deepEqual(new Set(items.map((i) => i.label)), new Set(['lion', 'splitter', 'pacifism', 'plains']));
  });

  it('at a statement start: declarations before the first event, verbs after it', async () => {
    const inDecls = await complete(HEADER.join('\n').replace('player bob', ''), 2);
    const declLabels = inDecls.map((i) => i.label);
    assert.ok(declLabels.includes('card') && declLabels.includes('player'));
    assert.ok(!declLabels.includes('equip'), 'no verbs between declarations');
    assert.ok(!declLabels.includes('game'), 'game is already declared');

    const afterEvent = await complete(scenario('equip splitter to lion', ''), 9);
    const labels = afterEvent.map((i) => i.label);
    assert.ok(labels.includes('equip') && labels.includes('destroy') && labels.includes('expect'));
    assert.ok(!labels.includes('card'));
  });

  it('players after `by`, zones after `move X to`, properties after a comma in a card line', async () => {
    const by = await complete(scenario('equip splitter to lion by '), 8);
    assert.deepEqual(by.map((i) => i.label).sort(), ['alice', 'bob']);

    const zones = await complete(scenario('move lion to '), 8);
    assert.ok(zones.map((i) => i.label).includes('graveyard'));
    assert.ok(zones.map((i) => i.label).includes('exile'));

    const text = HEADER.slice(0, 4).join('\n') + '\ncard bear "Bear": creature — Bear, ';
    const props = (await complete(text, 4)).map((i) => i.label);
    for (const p of ['owner', 'controller', 'attached to', 'enchant', 'protection from', 'tapped']) assert.ok(props.includes(p), p);

    const owner = await complete(HEADER.slice(0, 4).join('\n') + '\ncard bear "Bear": creature — Bear, owner ', 4);
    assert.deepEqual(owner.map((i) => i.label).sort(), ['alice', 'bob']);
  });

  it('triggered abilities: `when ...` in a card line, and `expect X triggered [once|twice|N times] [when ...] [for H]` word by word (603.2e)', async () => {
    const card = HEADER.slice(0, 4).join('\n') + '\ncard blade "Blade": artifact — Equipment, owner alice, when attached, ';
    const props = (await complete(card, 4)).map((i) => i.label);
    for (const p of ['when unattached', 'when equipped creature dies', 'when enchanted creature dies']) assert.ok(props.includes(p), p);
    // After `when`, the phrases the card doesn't declare yet.
    assert.deepEqual((await complete(card + 'when ', 4)).map((i) => i.label).sort(), ['an Aura becomes attached to it', 'an Equipment becomes attached to it', 'an enchanted creature dies', 'an equipped creature you control dies', 'enchanted creature dies', 'equipped creature dies', 'put into a graveyard from the battlefield', 'unattached']);
    assert.deepEqual((await complete(card + 'when equipped ', 4)).map((i) => i.label), ['creature']);
    // Phrases that begin alike: each next word they may have; a declared one is not offered again, the others that begin as it does are.
    assert.deepEqual((await complete(card + 'when an ', 4)).map((i) => i.label).sort(), ['Aura', 'Equipment', 'enchanted', 'equipped']);
    assert.deepEqual((await complete(card + 'when an equipped creature ', 4)).map((i) => i.label), ['you']);
    const host = HEADER.slice(0, 4).join('\n') + '\ncard bramble "Bramble": creature — Elemental, owner alice, when an Aura becomes attached to it, when ';
    assert.deepEqual((await complete(host, 4)).map((i) => i.label).sort(), ['an Equipment becomes attached to it', 'an enchanted creature dies', 'an equipped creature you control dies', 'attached', 'enchanted creature dies', 'equipped creature dies', 'put into a graveyard from the battlefield', 'unattached']);
    const rift = ['game riftbound', 'player alice', 'card sword "Sword": gear — Equipment, equip, owner alice, when '].join('\n');
    // A gear is offered no "me" phrase (a unit's, 053.1), a unit no `when I die` (a gear's Effect Text).
    assert.deepEqual((await complete(rift, 2)).map((i) => i.label).sort(), ['I die', 'an equipped friendly unit dies', 'attached', 'detached']);
    const unit = ['game riftbound', 'player alice', 'card jax "Jax": unit, might 3, owner alice, when '].join('\n');
    assert.deepEqual((await complete(unit, 2)).map((i) => i.label).sort(), ['a gear attaches to me', 'an equipped friendly unit dies', 'attached', 'detached']);

    const rel = (await complete(scenario('expect splitter '), 8)).map((i) => i.label);
    assert.ok(rel.includes('triggered') && rel.includes('not triggered'), rel.join());
    assert.deepEqual((await complete(scenario('expect splitter triggered '), 8)).map((i) => i.label).sort(), ['for', 'once', 'twice', 'when']);
    assert.deepEqual((await complete(scenario('expect splitter triggered 3 '), 8)).map((i) => i.label), ['times']);
    assert.deepEqual((await complete(scenario('expect splitter not '), 8)).map((i) => i.label), ['triggered']);
    assert.deepEqual((await complete(scenario('expect splitter not triggered '), 8)).map((i) => i.label).sort(), ['for', 'when']);
    assert.deepEqual((await complete(scenario('expect splitter triggered twice when '), 8)).map((i) => i.label).sort(), ['an Aura becomes attached to it', 'an Equipment becomes attached to it', 'an enchanted creature dies', 'an equipped creature you control dies', 'attached', 'enchanted creature dies', 'equipped creature dies', 'put into a graveyard from the battlefield', 'unattached']);
    assert.deepEqual((await complete(scenario('expect splitter triggered when an '), 8)).map((i) => i.label).sort(), ['Aura', 'Equipment', 'enchanted', 'equipped']);
    assert.deepEqual((await complete(scenario('expect splitter triggered when an Aura becomes attached to '), 8)).map((i) => i.label), ['it']);
    assert.deepEqual((await complete(scenario('expect splitter triggered when an Aura becomes attached to it '), 8)).map((i) => i.label), ['for']);
    assert.deepEqual((await complete(scenario('expect splitter triggered when equipped creature dies '), 8)).map((i) => i.label), ['for']);
    // A phrase of several words goes on word by word.
    assert.deepEqual((await complete(scenario('expect splitter triggered when equipped '), 8)).map((i) => i.label), ['creature']);
    assert.deepEqual((await complete(scenario('expect splitter triggered when equipped creature '), 8)).map((i) => i.label), ['dies']);
    // After a phrase, `for` and then the host, the card it is attached to first.
    const afterWhen = sorted(await complete(scenario('equip splitter to lion', 'expect splitter triggered when attached for '), 9));
    assert.equal(afterWhen[0], 'lion');
    // After `for`, the card it is attached to first, never itself.
    const hosts = sorted(await complete(scenario('equip splitter to lion', 'expect splitter triggered for '), 9));
    assert.equal(hosts[0], 'lion');
    assert.ok(!hosts.includes('splitter'));
  });

  it('`activate X ability NAME`: the named abilities the card has now, its own and granted (301.5d), then `targeting` and `by`', async () => {
    const text = [...HEADER.slice(0, 3), 'card lion "Silvercoat Lion": creature — Cat, owner bob', 'card spike "Quietus Spike": artifact — Equipment, owner alice, equipped creature has ability shoot, attached to lion', ''];
    const first = (await complete([...text, 'activate lion '].join('\n'), 6)).map((i) => i.label);
    assert.ok(first.includes('ability shoot'), first.join());
    assert.deepEqual((await complete([...text, 'activate lion ability '].join('\n'), 6)).map((i) => i.label), ['shoot']);
    assert.deepEqual((await complete([...text, 'activate lion ability shoot '].join('\n'), 6)).map((i) => i.label).sort(), ['by', 'targeting']);
    // Pending on the stack: `resolve lion ` offers it, and `resolve lion ability ` its name.
    const resolve = (await complete([...text, 'activate lion ability shoot', 'resolve lion '].join('\n'), 7)).map((i) => i.label);
    assert.deepEqual(resolve, ['ability shoot']);
    assert.deepEqual((await complete([...text, 'activate lion ability shoot', 'resolve lion ability '].join('\n'), 7)).map((i) => i.label), ['shoot']);
    // `ability` among the abilities a grant, `gains X` or `expect X has` may name.
    assert.ok((await complete([...text, 'expect lion has '].join('\n'), 6)).map((i) => i.label).includes('ability'));
  });

  it('`under P` after `move X to battlefield` of a card off it and after `enter X`, then the players (MTG 110.2a)', async () => {
    const grave = [...HEADER.slice(0, 4), 'card ghoul "Gravecrawler": creature — Zombie, owner bob, in graveyard'];
    const after = await complete([...grave, 'move ghoul to battlefield '].join('\n'), 5);
    assert.deepEqual(after.map((i) => i.label), ['under']);
    // A card on the battlefield already doesn't enter it; nor does one moved to another zone.
    assert.deepEqual(await complete(scenario('move lion to battlefield '), 8), []);
    assert.deepEqual(await complete([...grave, 'move ghoul to exile '].join('\n'), 5), []);
    const players = await complete([...grave, 'move ghoul to battlefield under '].join('\n'), 5);
    assert.deepEqual(players.map((i) => i.label).sort(), ['alice', 'bob']);
    const enter = (await complete([...grave, 'enter ghoul '].join('\n'), 5)).map((i) => i.label);
    assert.ok(enter.includes('under') && enter.includes('attached'), JSON.stringify(enter));
    const enterPlayers = await complete([...grave, 'enter ghoul attached to lion under '].join('\n'), 5);
    assert.deepEqual(enterPlayers.map((i) => i.label).sort(), ['alice', 'bob']);
  });

  it('in an enchant filter: `card in a graveyard` after its words, then the graveyard phrases (MTG 109.2a)', async () => {
    const decl = (filter: string) => HEADER.slice(0, 4).join('\n') + `\ncard dead "Animate Dead": enchantment — Aura, enchant ${filter}`;
    const afterWords = (await complete(decl('creature '), 4)).map((i) => i.label);
    assert.ok(afterWords.includes('card in a graveyard') && afterWords.includes('card in your graveyard') && afterWords.includes('or'), JSON.stringify(afterWords));
    const afterCard = (await complete(decl('creature card '), 4)).map((i) => i.label);
    assert.ok(afterCard.includes('in a graveyard') && afterCard.includes("in an opponent's graveyard"), JSON.stringify(afterCard));
    // Daybreak Coronet: offered after the words, not again once written.
    assert.ok(afterWords.includes('with another Aura attached to it'), JSON.stringify(afterWords));
    const afterWith = (await complete(decl('creature with another Aura attached to it '), 4)).map((i) => i.label);
    assert.ok(!afterWith.includes('with another Aura attached to it') && afterWith.includes('you control'), JSON.stringify(afterWith));
    // Gate Smasher's `with toughness N or greater` (`or less`): offered beside it, then its words.
    assert.ok(afterWords.includes('with toughness') && afterWith.includes('with toughness'), JSON.stringify(afterWords));
    assert.deepEqual((await complete(decl('creature with '), 4)).map((i) => i.label).sort(), ['another Aura attached to it', 'toughness']);
    assert.deepEqual((await complete(decl('creature with toughness 4 '), 4)).map((i) => i.label).sort(), ['or greater', 'or less']);
    assert.deepEqual((await complete(decl('creature with toughness 4 or '), 4)).map((i) => i.label).sort(), ['greater', 'less']);
    const afterToughness = (await complete(decl('creature with toughness 2 or less '), 4)).map((i) => i.label);
    assert.ok(!afterToughness.includes('with toughness') && afterToughness.includes('with another Aura attached to it') && afterToughness.includes('you control'), JSON.stringify(afterToughness));
    const afterIn = (await complete(decl('creature card in '), 4)).map((i) => i.label);
    assert.deepEqual(afterIn.sort(), ["a graveyard", "an opponent's graveyard", 'your graveyard']);
    // Casting it: a creature card in a graveyard is a legal target, ranked first.
    const text = [...HEADER.slice(0, 4), 'card bears "Grizzly Bears": creature — Bear, owner alice, in graveyard', 'card dead "Animate Dead": enchantment — Aura, enchant creature card in a graveyard, owner alice, in hand', 'cast dead targeting '].join('\n');
    assert.equal(sorted(await complete(text, 6))[0], 'bears');
  });

  it('targeting keywords: after a comma in a card line, after `gains X`, `from` after hexproof, `paying ward` after a cast target', async () => {
    const props = (await complete(HEADER.slice(0, 4).join('\n') + '\ncard bear "Bear": creature — Bear, ', 4)).map((i) => i.label);
    for (const p of ['hexproof', 'hexproof from', 'shroud', 'ward']) assert.ok(props.includes(p), p);
    const from = await complete(HEADER.slice(0, 4).join('\n') + '\ncard bear "Bear": creature — Bear, hexproof ', 4);
    assert.deepEqual(from.map((i) => i.label), ['from']);
    const gains = (await complete(scenario('gains lion '), 8)).map((i) => i.label);
    for (const k of ['protection', 'hexproof', 'shroud', 'ward']) assert.ok(gains.includes(k), k);
    const quality = (await complete(scenario('gains lion hexproof from '), 8)).map((i) => i.label);
    assert.ok(quality.includes('black'), JSON.stringify(quality));
    const players = (await complete(scenario('gains '), 8)).map((i) => i.label);
    assert.ok(players.includes('alice') && players.includes('lion'), JSON.stringify(players));
    const loses = (await complete(scenario('gains lion shroud', 'loses lion '), 9)).map((i) => i.label);
    assert.ok(loses.includes('shroud') && !loses.includes('ward'), JSON.stringify(loses));
    const cast = (await complete(scenario('move pacifism to hand', 'cast pacifism targeting lion '), 9)).map((i) => i.label);
    assert.deepEqual(cast.sort(), ['by', 'paying ward']);
    const after = (await complete(scenario('move pacifism to hand', 'cast pacifism targeting lion paying ward '), 9)).map((i) => i.label);
    assert.deepEqual(after, ['by']);
    // An effect that attaches and targets (Aura Finesse): `targeting`, then its source, its controller and `paying ward`.
    assert.deepEqual((await complete(scenario('attach pacifism to lion '), 8)).map((i) => i.label).sort(), ['by', 'targeting']);
    assert.deepEqual((await complete(scenario('attach pacifism to lion targeting '), 8)).map((i) => i.label).sort(), ['by', 'paying ward', 'with']);
    assert.ok((await complete(scenario('attach pacifism to lion targeting with '), 8)).map((i) => i.label).includes('splitter'));
    assert.deepEqual((await complete(scenario('attach pacifism to lion targeting with splitter by alice '), 8)).map((i) => i.label), ['paying ward']);
    assert.deepEqual((await complete(scenario('attach pacifism to lion targeting paying '), 8)).map((i) => i.label), ['ward']);
  });

  it("a cast with no target, and `players can't cast ... spells`, `you may cast ... spells from the top of your library` and `on top` in a card line", async () => {
    // An Aura spell needs a target (303.4a); an Equipment may be cast with none, then `by P`.
    assert.deepEqual((await complete(scenario('move pacifism to hand', 'cast pacifism '), 9)).map((i) => i.label), ['targeting']);
    assert.deepEqual((await complete(scenario('cast splitter '), 8)).map((i) => i.label), ['targeting', 'by']);
    assert.deepEqual(await complete(scenario('cast splitter by alice '), 8), []);
    const line = HEADER.slice(0, 4).join('\n') + '\ncard storm "Aether Storm": enchantment, ';
    assert.ok((await complete(line, 4)).map((i) => i.label).includes("players can't cast"));
    assert.deepEqual((await complete(line + 'players ', 4)).map((i) => i.label), ["can't"]);
    assert.deepEqual((await complete(line + "players can't ", 4)).map((i) => i.label), ['cast']);
    const types = (await complete(line + "players can't cast ", 4)).map((i) => i.label);
    for (const t of ['creature', 'noncreature', 'Aura', 'Equipment']) assert.ok(types.includes(t), t);
    assert.deepEqual((await complete(line + "players can't cast creature ", 4)).map((i) => i.label), ['spells', 'or']);
    assert.deepEqual(await complete(line + "players can't cast creature spells ", 4), []);
    // Garruk's Horde, and a library's top card.
    const props = (await complete(line, 4)).map((i) => i.label);
    assert.ok(props.includes('you may cast') && props.includes('on top'), JSON.stringify(props));
    assert.deepEqual((await complete(line + 'you ', 4)).map((i) => i.label), ['may', 'control']);
    // Control Magic: `you control enchanted creature` (613.1b).
    assert.ok(props.includes('you control enchanted'), JSON.stringify(props));
    assert.deepEqual((await complete(line + 'you control ', 4)).map((i) => i.label), ['enchanted']);
    assert.deepEqual((await complete(line + 'you control enchanted ', 4)).map((i) => i.label), ['creature', 'permanent', 'Equipment', 'artifact', 'land']);
    assert.deepEqual((await complete(line + 'on ', 4)).map((i) => i.label), ['top']);
    assert.deepEqual((await complete(line + 'you may cast Aura spells ', 4)).map((i) => i.label), ['from the top of your library', 'as though they had flash']);
    // `turn P [STEP]`: players, then the steps.
    assert.ok((await complete(scenario('turn '), 8)).map((i) => i.label).includes('bob'));
    assert.deepEqual((await complete(scenario('turn bob '), 8)).map((i) => i.label), ['upkeep', 'draw', 'main', 'combat', 'end']);
  });

  it('on a continuation line of a card declaration: properties', async () => {
    const text = HEADER.slice(0, 4).join('\n') + '\ncard bear "Bear": creature — Bear,\n    ';
    const props = (await complete(text, 5)).map((i) => i.label);
    assert.ok(props.includes('owner'), JSON.stringify(props));
  });

  it('nothing inside a comment or a string', async () => {
    assert.deepEqual(await complete(scenario('equip splitter to lion # equip '), 8), []);
    assert.deepEqual(await complete(HEADER.slice(0, 3).join('\n') + '\ncard x "equip ', 3), []);
  });
  it('sends one default edit range to a client that supports it, and an edit per item to one that does not; the edits are the same', async () => {
    const text = scenario('equip splitter to ');
    const position = endOfLine(text, 8);
    const plain = await TestClient.start({ capabilities: (c) => delete c.textDocument!.completion!.completionList });
    try {
      const ask = async (c: TestClient) => {
        const uri = freshUri();
        await c.open(uri, text);
        const r = await c.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
        await c.close(uri);
        return r;
      };
      const list = await ask(client);
      const items = await ask(plain);
      assert.ok(list && !Array.isArray(list) && list.itemDefaults?.editRange, 'a CompletionList with itemDefaults.editRange');
      assert.ok(list.items.every((i) => i.textEdit === undefined), 'no per-item edit when the default covers it');
      assert.ok(Array.isArray(items) && items.every((i) => i.textEdit), 'each item has its edit without the capability');
      assert.deepEqual(effectiveItems(list), items);
    } finally {
      await plain.disposeExpectingNoErrors();
    }
  });
  it('abilities after `loses X`, the "not removing" clause after a protection, `controlled by` in an expectation', async () => {
    const loses = (await complete(scenario('loses pacifism '), 8)).map((i) => i.label);
    for (const w of ['all abilities', 'enchant', 'equip', 'reconfigure', 'protection']) assert.ok(loses.includes(w), w);
    const gains = (await complete(scenario('gains lion '), 8)).map((i) => i.label);
    assert.deepEqual(gains, ['protection', 'enchant', 'hexproof', 'shroud', 'ward', ...MTG_KEYWORDS]);
    const keep = (await complete(scenario('gains lion protection from white, '), 8)).map((i) => i.label);
    assert.deepEqual(keep, ['not removing']);
    const kept = (await complete(scenario('gains lion protection from white, not removing '), 8)).map((i) => i.label);
    assert.deepEqual(kept, ['Auras', 'attached', 'pacifism']);
    const rel = (await complete(scenario('expect lion '), 8)).map((i) => i.label);
    assert.ok(rel.includes('controlled') && rel.includes('ceased'), rel.join(' '));
    // `not created` is asked of a token (MTG 111.1), not of a card.
    assert.ok(!rel.includes('not created'), rel.join(' '));
    const withToken = [...HEADER.slice(0, 7), 'card germ "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, in exile', '', 'expect germ '].join('\n');
    assert.ok((await complete(withToken, 9)).map((i) => i.label).includes('not created'));
    assert.deepEqual((await complete(scenario('expect lion ceased '), 8)).map((i) => i.label), ['to']);
    assert.deepEqual((await complete(scenario('expect lion ceased to '), 8)).map((i) => i.label), ['exist']);
    const who = (await complete(scenario('expect lion controlled by '), 8)).map((i) => i.label);
    assert.deepEqual(new Set(who), new Set(['alice', 'bob']));
  });

  it('in `together:`: the part verbs after the colon and after each `;`, then what each part wants', async () => {
    const verbs = sorted(await complete(scenario('together: '), 8));
    assert.ok(verbs.includes('attach') && verbs.includes('move') && verbs.includes('exchange'), verbs.join(' '));
    assert.ok(!verbs.includes('equip') && !verbs.includes('expect') && !verbs.includes('together'), verbs.join(' '));
    const afterSemi = sorted(await complete(scenario('together: destroy lion;', '  '), 9));
    assert.ok(afterSemi.includes('unattach'), afterSemi.join(' '));
    const host = sorted(await complete(scenario('together: destroy plains; attach splitter to '), 8));
    assert.equal(host[0], 'lion');
  });

  it("keyword abilities and grants in a card line: the game's keywords, the grant heads (its own kind first), then a grant's words (613.1f)", async () => {
    const decl = (rest: string) => HEADER.slice(0, 4).join('\n') + `\ncard sword "Sword": artifact — Equipment, ${rest}`;
    const props = (await complete(decl(''), 4)).map((i) => i.label);
    // Every keyword of the core's list (core/parser/keywords.ts), none of the other game's.
    for (const k of MTG_KEYWORDS) assert.ok(props.includes(k), k);
    assert.ok(!props.includes('Shield'), JSON.stringify(props));
    const heads = props.filter((p) => / (has)$/.test(p));
    assert.deepEqual(heads, ['equipped creature has', 'enchanted creature has', 'enchanted permanent has', 'fortified land has']);
    // An Aura's grants first on an Aura; a keyword already written is not offered again.
    const aura = HEADER.slice(0, 4).join('\n') + '\ncard wings "Wings": enchantment — Aura, enchant creature, flying, ';
    const auraProps = (await complete(aura, 4)).map((i) => i.label);
    assert.deepEqual(auraProps.filter((p) => / has$/.test(p)), ['enchanted creature has', 'enchanted permanent has', 'equipped creature has', 'fortified land has']);
    assert.ok(!auraProps.includes('flying') && auraProps.includes('first strike'), JSON.stringify(auraProps));
    assert.deepEqual((await complete(decl('first '), 4)).map((i) => i.label), ['strike']);
    // The head, word by word.
    assert.deepEqual((await complete(decl('equipped '), 4)).map((i) => i.label), ['creature']);
    const enchanted = (await complete(decl('enchanted '), 4)).map((i) => i.label);
    assert.ok(enchanted.includes('creature') && enchanted.includes('permanent') && enchanted.includes('Equipment'), JSON.stringify(enchanted));
    assert.deepEqual((await complete(decl('fortified '), 4)).map((i) => i.label), ['land']);
    assert.deepEqual((await complete(decl('equipped creature '), 4)).map((i) => i.label), ['has', 'loses', "can't be", "can't attack or block", "can't be blocked", "can't attack", "can't block", 'gets']);
    // `enchanted creature loses all abilities` (Frogify): offered first after `loses`, then alone.
    const loses = (await complete(decl('enchanted creature loses '), 4)).map((i) => i.label);
    assert.equal(loses[0], 'all abilities');
    assert.ok(loses.includes('flying'), JSON.stringify(loses));
    assert.deepEqual((await complete(decl('enchanted creature loses all '), 4)).map((i) => i.label), ['abilities']);
    assert.deepEqual(await complete(decl('enchanted creature loses all abilities '), 4), []);
    // `enchanted land can't be enchanted by other Auras` (Consecrate Land), word by word.
    assert.deepEqual((await complete(decl("enchanted land can't be "), 4)).map((i) => i.label), ['enchanted']);
    assert.deepEqual((await complete(decl("enchanted land can't be enchanted "), 4)).map((i) => i.label), ['by']);
    assert.deepEqual((await complete(decl("enchanted land can't be enchanted by other "), 4)).map((i) => i.label), ['Auras']);
    // A grant's protection may spare itself, Auras, or what was attached (702.16n, 702.16p).
    assert.deepEqual((await complete(decl('enchanted creature has protection from white, not removing '), 4)).map((i) => i.label), ['itself', 'Auras', 'attached']);
    // The abilities after `has` or `loses`, then their words, then `and`.
    const abilities = [...MTG_KEYWORDS, 'protection from', 'hexproof', 'hexproof from', 'shroud', 'ward', 'ability'];
    assert.deepEqual((await complete(decl('equipped creature has '), 4)).map((i) => i.label), abilities);
    assert.deepEqual((await complete(decl('enchanted creature loses '), 4)).map((i) => i.label), ['all abilities', ...abilities]);
    assert.deepEqual((await complete(decl('equipped creature has first '), 4)).map((i) => i.label), ['strike']);
    assert.deepEqual((await complete(decl('equipped creature has flying '), 4)).map((i) => i.label), ['and']);
    assert.deepEqual((await complete(decl('equipped creature has flying and '), 4)).map((i) => i.label), abilities);
    assert.deepEqual((await complete(decl('equipped creature has protection '), 4)).map((i) => i.label), ['from']);
    const quality = (await complete(decl('equipped creature has protection from '), 4)).map((i) => i.label);
    assert.ok(quality.includes('red') && quality.includes('artifacts') && quality.includes('alice'), JSON.stringify(quality));
    assert.deepEqual((await complete(decl('equipped creature has protection from red '), 4)).map((i) => i.label), ['and']);
    // `protection from red and from blue`: the second one may leave out `protection`.
    assert.deepEqual((await complete(decl('equipped creature has protection from red and '), 4)).map((i) => i.label), ['from', ...abilities]);
    assert.deepEqual((await complete(decl('equipped creature has shroud and first strike '), 4)).map((i) => i.label), ['and']);
  });

  it("keyword abilities and grants in a Riftbound card line: Riftbound's keywords and `equipped unit has`", async () => {
    const decl = (rest: string) => ['game riftbound', 'player alice', `card sword "Long Sword": gear — Equipment, equip, ${rest}`].join('\n');
    const props = (await complete(decl(''), 2)).map((i) => i.label);
    for (const k of RIFTBOUND_KEYWORDS) assert.ok(props.includes(k), k);
    assert.ok(props.includes('equipped unit has') && !props.includes('flying') && !props.includes('equipped creature has'), JSON.stringify(props));
    assert.deepEqual((await complete(decl('equipped '), 2)).map((i) => i.label), ['unit']);
    assert.deepEqual((await complete(decl('equipped unit has '), 2)).map((i) => i.label), [...RIFTBOUND_KEYWORDS, 'ability']);
    assert.deepEqual((await complete(decl('equipped unit has Shield '), 2)).map((i) => i.label), ['and']);
    const gains = (await complete(['game riftbound', 'player alice', 'card yasuo "Yasuo": unit, owner alice, at base', '', 'gains yasuo '].join('\n'), 4)).map((i) => i.label);
    // Riftbound's rules have no protection: `gains X protection` is not offered there.
    assert.deepEqual(gains, [...RIFTBOUND_KEYWORDS]);
  });

  it('`turn P [PHASE]` in a Riftbound scenario: players, then the phases (314-317)', async () => {
    const text = (line: string) => ['game riftbound', 'player alice', 'player bob', 'card yasuo "Yasuo": unit, owner alice, at base', '', line].join('\n');
    assert.ok((await complete(text('turn '), 5)).map((i) => i.label).includes('bob'));
    assert.deepEqual((await complete(text('turn bob '), 5)).map((i) => i.label), ['awaken', 'beginning', 'channel', 'draw', 'main', 'showdown', 'combat', 'end']);
    assert.deepEqual(await complete(text('turn bob main '), 5), []);
  });

  it('how long a control effect lasts after `control X P`: each game’s words (MTG 514.2, Riftbound 317.2.c)', async () => {
    const riftbound = (line: string) => ['game riftbound', 'player alice', 'player bob', 'card yasuo "Yasuo": unit, owner alice, at base', '', line].join('\n');
    assert.deepEqual((await complete(riftbound('control yasuo bob '), 5)).map((i) => i.label), ['this turn']);
    assert.deepEqual((await complete(riftbound('control yasuo to bob '), 5)).map((i) => i.label), ['this turn']);
    assert.deepEqual(await complete(riftbound('control yasuo bob this turn '), 5), []);
    assert.deepEqual((await complete(scenario('control lion bob '), 8)).map((i) => i.label), ['until end of turn', 'this turn', 'for as long as']);
  });

  it('how long a change lasts after `becomes`, `gains`, `loses`: each game’s words once the change is written (MTG 514.2, Riftbound 317.2.c)', async () => {
    const riftbound = (line: string) => ['game riftbound', 'player alice', 'player bob', 'card yasuo "Yasuo": unit, owner alice, at base', '', line].join('\n');
    assert.deepEqual((await complete(riftbound('gains yasuo Assault '), 5)).map((i) => i.label), ['this turn']);
    // After a value (807.2: `gains X Assault 3 this turn`).
    assert.deepEqual((await complete(riftbound('gains yasuo Assault 3 '), 5)).map((i) => i.label), ['this turn']);
    assert.ok((await complete(riftbound('becomes yasuo gear '), 5)).map((i) => i.label).includes('this turn'));
    assert.ok(!(await complete(riftbound('becomes yasuo '), 5)).map((i) => i.label).includes('this turn'));
    const mtg = async (line: string) => (await complete(scenario(line), 8)).map((i) => i.label);
    const mtgDurations = ['until end of turn', 'this turn', 'until your next turn'];
    assert.deepEqual(await mtg('gains lion protection from red '), mtgDurations);
    assert.deepEqual(await mtg('gains lion hexproof '), ['from', ...mtgDurations]);
    assert.deepEqual(await mtg('gains lion shroud '), mtgDurations);
    assert.deepEqual(await mtg('loses lion all abilities '), mtgDurations);
    assert.deepEqual(await mtg('gains alice shroud until your next turn '), []);
    const types = await mtg('becomes lion artifact ');
    assert.ok(types.includes('creature') && types.includes('until end of turn'), JSON.stringify(types));
    assert.deepEqual(await mtg('becomes lion artifact until end of turn '), []);
    assert.deepEqual(await mtg('gains lion protection from red this turn '), []);
  });

  it('keyword abilities in events and expectations: `gains X`, `loses X` (what it has, granted too), `expect X has` (cards and abilities)', async () => {
    // Bonesplitter here grants flying (613.1f) and is attached to lion.
    const text = (...events: string[]) =>
      [...HEADER.slice(0, 4), 'card splitter "Bonesplitter": artifact — Equipment, owner alice, equipped creature has flying and protection from red', ...HEADER.slice(5), 'equip splitter to lion', ...events].join('\n') + '\n';
    assert.deepEqual((await complete(text('gains lion first '), 9)).map((i) => i.label), ['strike']);
    // A keyword written: how long it lasts (514.2), then nothing.
    assert.deepEqual((await complete(text('gains lion first strike '), 9)).map((i) => i.label), ['until end of turn', 'this turn', 'until your next turn']);
    assert.deepEqual((await complete(text('gains lion haste '), 9)).map((i) => i.label), ['until end of turn', 'this turn', 'until your next turn']);
    assert.deepEqual(await complete(text('gains lion haste until end of turn '), 9), []);
    // What lion has now: flying from the Equipment, first strike from an event.
    const loses = (await complete(text('gains lion first strike', 'loses lion '), 10)).map((i) => i.label);
    assert.ok(loses.includes('flying') && loses.includes('first strike') && !loses.includes('first') && !loses.includes('haste'), JSON.stringify(loses));
    assert.deepEqual((await complete(text('loses lion double '), 9)).map((i) => i.label), ['strike']);
    // `expect lion has`: its attachments, the abilities it has, the other cards, the other abilities.
    const has = sorted(await complete(text('expect lion has '), 9));
    assert.deepEqual(has.slice(0, 4), ['pacifism', 'splitter', 'flying', 'protection from']);
    assert.ok(has.indexOf('plains') < has.indexOf('haste') && has.includes('shroud') && has.includes('first strike'), JSON.stringify(has));
    assert.ok(!has.includes('lion'), JSON.stringify(has));
    assert.deepEqual((await complete(text('expect lion has protection '), 9)).map((i) => i.label), ['from']);
    assert.ok((await complete(text('expect lion has protection from '), 9)).map((i) => i.label).includes('red'));
    assert.deepEqual((await complete(text('expect lion has first '), 9)).map((i) => i.label), ['strike']);
    assert.deepEqual(await complete(text('expect lion has flying '), 9), []);
    assert.deepEqual(await complete(text('expect lion has splitter '), 9), []);
  });

  it('toughness and damage: `deal N damage to X` word by word with the creatures first, `gets` after `equipped creature`, the properties and the assertions of each game', async () => {
    assert.deepEqual(sorted(await complete(scenario('deal 3 '), 8)), ['damage']);
    assert.deepEqual(sorted(await complete(scenario('deal 3 damage '), 8)), ['to']);
    const targets = sorted(await complete(scenario('deal 3 damage to '), 8));
    assert.equal(targets[0], 'lion');
    assert.ok(targets.includes('alice'), 'a player may be dealt damage (120.1)');
    const grant = sorted(await complete([...HEADER.slice(0, 3), 'card skull "Batterskull": artifact — Equipment, equipped creature '].join('\n') + '\n', 3));
    assert.ok(grant.includes('gets') && grant.includes('has'), grant.join(', '));
    const land = sorted(await complete([...HEADER.slice(0, 3), 'card bulwark "Bulwark": artifact — Fortification, fortified land '].join('\n') + '\n', 3));
    assert.ok(!land.includes('gets'), 'only a creature has toughness (208.1)');
    const props = sorted(await complete([...HEADER.slice(0, 3), 'card germ "Germ": creature — Germ, '].join('\n') + '\n', 3));
    assert.ok(props.includes('toughness') && props.includes('damage') && props.includes('equipped creature gets'), props.join(', '));
    const once = sorted(await complete([...HEADER.slice(0, 3), 'card germ "Germ": creature — Germ, toughness 0, '].join('\n') + '\n', 3));
    assert.ok(!once.includes('toughness'), 'one toughness a card');
    const gear = sorted(await complete([...HEADER.slice(0, 3), 'card skull "Batterskull": artifact — Equipment, '].join('\n') + '\n', 3));
    assert.ok(!gear.includes('toughness') && !gear.includes('damage'), 'only a creature has toughness and damage (208.1, 120.3e)');
    const expects = sorted(await complete(scenario('expect lion '), 8));
    assert.ok(expects.includes('toughness') && expects.includes('damage'), expects.join(', '));
    const rift = 'game riftbound\nplayer alice\ncard vi "Vi": unit, owner alice, might 2, at base\nexpect vi \n';
    const riftExpects = sorted(await complete(rift, 3));
    assert.ok(riftExpects.includes('damage') && riftExpects.includes('might') && !riftExpects.includes('toughness'), riftExpects.join(', '));
  });

  it('MTG `game mtg, range of influence N` (801): the option after the comma, not in Riftbound', async () => {
    const mtg = sorted(await complete('game mtg, \nplayer alice\n', 0));
    assert.deepEqual(mtg, ['range of influence']);
    assert.deepEqual(sorted(await complete('game riftbound, \nplayer alice\n', 0)), []);
    // The legal hosts respect the range (801.4): carol's creature, two seats from alice, is not first.
    const text = ['game mtg, range of influence 1', 'player alice', 'player bob', 'player carol', 'player dave', 'card cat "Cat": creature — Cat, owner carol', 'card bear "Bear": creature — Bear, owner bob', 'card aura "Aura": enchantment — Aura, enchant creature, owner alice, in hand', 'cast aura targeting '].join('\n') + '\n';
    assert.equal(sorted(await complete(text, 8))[0], 'bear');
  });

  it('MTG `deal N damage to X from S`: `from`, then the sources whose deathtouch, wither or infect decides what the damage does first (702.2b, 120.3d), the target itself left out', async () => {
    const text = (line: string) =>
      [
        'game mtg',
        'player alice',
        'card bears "Grizzly Bears": creature — Bear, owner alice, toughness 2',
        'card viper "Viper": creature — Snake, owner alice',
        'card collar "Basilisk Collar": artifact — Equipment, owner alice, equipped creature has deathtouch, attached to viper',
        'card rat "Rat": creature — Rat, owner alice, infect',
        line,
      ].join('\n') + '\n';
    assert.deepEqual(sorted(await complete(text('deal 2 damage to bears '), 6)), ['from']);
    const from = sorted(await complete(text('deal 2 damage to bears from '), 6));
    assert.deepEqual(from.slice(0, 2).sort(), ['rat', 'viper'], from.join(', '));
    assert.ok(!from.includes('bears') && from.includes('collar'), from.join(', '));
  });

  it('MTG counters: `put N +1/+1 counters on X` word by word with the creatures on the battlefield first, `remove ... from X` with the cards that have that counter first, `with ...` on a creature, `expect X has` its counters; no Riftbound buff verbs', async () => {
    const text = (line: string) =>
      [
        'game mtg', //                                                                                  0
        'player alice', //                                                                              1
        'card lion "Silvercoat Lion": creature — Cat, owner alice, toughness 2, with 2 +1/+1 counters', // 2
        'card bears "Grizzly Bears": creature — Bear, owner alice, toughness 2', //                      3
        'card splitter "Bonesplitter": artifact — Equipment, owner alice', //                           4
        'card dead "Dead Cat": creature — Cat, owner alice, in graveyard', //                           5
        'destroy splitter', //                                                                          6
        line, //                                                                                        7
      ].join('\n') + '\n';
    assert.deepEqual(sorted(await complete(text('put '), 7)), ['a', '1', '2', '3']);
    assert.deepEqual(sorted(await complete(text('put 2 '), 7)), ['+1/+1', '-1/-1', 'shield', 'hone']);
    assert.deepEqual(sorted(await complete(text('put 2 +1/+1 '), 7)), ['counters']);
    assert.deepEqual(sorted(await complete(text('put a -1/-1 '), 7)), ['counter']);
    assert.deepEqual(sorted(await complete(text('put 2 +1/+1 counters '), 7)), ['on']);
    const on = sorted(await complete(text('put 2 +1/+1 counters on '), 7));
    assert.deepEqual(on, ['bears', 'lion', 'dead', 'splitter'], 'the creatures on the battlefield first (122.6), no player');
    assert.deepEqual(sorted(await complete(text('remove a +1/+1 counter '), 7)), ['from']);
    assert.equal(sorted(await complete(text('remove a +1/+1 counter from '), 7))[0], 'lion');
    assert.equal(sorted(await complete(text('remove a -1/-1 counter from '), 7))[0], 'bears', 'none has -1/-1 counters: the battlefield first');
    // The verbs: MTG's, not Riftbound's buff and spend (426.1, 702.2.b); in a together: part too.
    const verbs = (await complete(text(''), 7)).map((i) => i.label);
    assert.ok(verbs.includes('put') && verbs.includes('remove') && verbs.includes('regenerate') && !verbs.includes('buff') && !verbs.includes('spend'), verbs.join(', '));
    const parts = (await complete(text('together: '), 7)).map((i) => i.label);
    assert.ok(parts.includes('put') && !parts.includes('spend'), parts.join(', '));
    // `with N +1/+1 counters` on a creature (122.1a), word by word; one `with` a card.
    const card = (rest: string) => ['game mtg', 'player alice', `card ox "Ox": ${rest}`].join('\n') + '\n';
    const props = sorted(await complete(card('creature — Ox, '), 2));
    assert.ok(props.includes('with a +1/+1 counter') && props.includes('with a -1/-1 counter'), props.join(', '));
    assert.ok(!sorted(await complete(card('creature — Ox, with a +1/+1 counter, '), 2)).includes('with a -1/-1 counter'));
    assert.ok(!sorted(await complete(card('artifact — Equipment, '), 2)).includes('with a +1/+1 counter'), 'counters count on a creature');
    // MTG power (208.1): a creature's property, asserted by `expect X power N`; an Equipment's bonus may grow with its hone counters (122.1).
    assert.ok(props.includes('power') && !sorted(await complete(card('artifact — Equipment, '), 2)).includes('power'), props.join(', '));
    assert.deepEqual(sorted(await complete(card('artifact — Equipment, equipped creature gets +2/+0 '), 2)), ['for each hone counter on it']);
    assert.ok(sorted(await complete(text('expect lion '), 7)).includes('power'));
    assert.deepEqual(sorted(await complete(card('creature — Ox, with '), 2)), ['a', '1', '2', '3']);
    assert.deepEqual(sorted(await complete(card('creature — Ox, with 2 '), 2)), ['+1/+1', '-1/-1', 'shield', 'hone']);
    assert.deepEqual(sorted(await complete(card('creature — Ox, with 2 +1/+1 '), 2)), ['counters']);
    // `expect X has`: its counters as they are, those it has first; word by word after a count.
    const has = sorted(await complete(text('expect lion has '), 7));
    assert.ok(has.indexOf('2 +1/+1 counters') >= 0 && has.indexOf('2 +1/+1 counters') < has.indexOf('flying'), has.join(', '));
    assert.ok(has.indexOf('no -1/-1 counters') > has.indexOf('flying'), has.join(', '));
    assert.deepEqual(sorted(await complete(text('expect lion has 2 '), 7)), ['+1/+1', '-1/-1', 'shield', 'hone']);
    assert.deepEqual(sorted(await complete(text('expect lion has 2 +1/+1 '), 7)), ['counters']);
    const no = sorted(await complete(text('expect lion has no '), 7));
    assert.ok(no[0] === '+1/+1' && no.includes('-1/-1') && no.includes('flying'), no.join(', '));
  });

  it('Riftbound buffs: `buff X` with the units on the board without a buff first, `spend buff from X` with those that have one first, `with a buff`, `expect X has a buff`; no MTG put or remove', async () => {
    const text = (line: string) =>
      [
        'game riftbound', //                                                            0
        'player alice', //                                                              1
        'card yasuo "Yasuo": unit, owner alice, might 4, at base, with a buff', //      2
        'card vi "Vi": unit, owner alice, might 2, at base', //                         3
        'card rock "Rock": gear, owner alice, at base', //                              4
        'card teemo "Teemo": unit, owner alice, might 1, in hand', //                   5
        'turn alice', //                                                                6
        line, //                                                                        7
      ].join('\n') + '\n';
    const buff = sorted(await complete(text('buff '), 7));
    assert.equal(buff[0], 'vi', buff.join(', '));
    assert.ok(buff.indexOf('yasuo') < buff.indexOf('rock') && buff.indexOf('yasuo') < buff.indexOf('teemo'), 'a buffed unit before what has no buff at all (426.1.b.1)');
    assert.deepEqual(sorted(await complete(text('spend '), 7)), ['buff']);
    assert.deepEqual(sorted(await complete(text('spend a '), 7)), ['buff']);
    assert.deepEqual(sorted(await complete(text('spend buff '), 7)), ['from']);
    assert.equal(sorted(await complete(text('spend buff from '), 7))[0], 'yasuo', 'the unit that has a buff (702.2.b.1)');
    const verbs = (await complete(text(''), 7)).map((i) => i.label);
    assert.ok(verbs.includes('buff') && verbs.includes('spend') && !verbs.includes('put') && !verbs.includes('remove') && !verbs.includes('regenerate'), verbs.join(', '));
    const card = (rest: string) => ['game riftbound', 'player alice', `card jinx "Jinx": ${rest}`].join('\n') + '\n';
    assert.ok(sorted(await complete(card('unit, '), 2)).includes('with a buff'));
    assert.ok(!sorted(await complete(card('gear, '), 2)).includes('with a buff'), 'only a unit has a buff (426.1)');
    assert.deepEqual(sorted(await complete(card('unit, with '), 2)), ['a']);
    assert.deepEqual(sorted(await complete(card('unit, with a '), 2)), ['buff']);
    const has = sorted(await complete(text('expect yasuo has '), 7));
    assert.ok(has.includes('a buff') && !has.includes('no buff') && has.indexOf('a buff') < has.indexOf('Shield'), has.join(', '));
    assert.ok(sorted(await complete(text('expect vi has '), 7)).includes('no buff'));
  });

  it("MTG combat: `attack with X` with the untapped creatures of the player whose turn it is first, `block X with Y and Z` with the attacking creatures and then the creatures that may block, the assertions and the restrictions (508.1a, 509.1a, 508.1c)", async () => {
    const text = (line: string) =>
      [
        'game mtg', //                                                              0
        'player alice', //                                                          1
        'player bob', //                                                            2
        'card lion "Savannah Lion": creature — Cat, owner alice', //                3
        'card ogre "Ogre": creature — Ogre, owner alice', //                        4
        'card bears "Grizzly Bears": creature — Bear, owner bob', //                5
        'card wolf "Wolf": creature — Wolf, owner bob, tapped', //                  6
        'card sword "Sword": artifact — Equipment, owner alice', //                 7
        'turn alice combat', //                                                     8
        'attack with lion', //                                                      9
        line, //                                                                    10
      ].join('\n') + '\n';
    const verbs = (await complete(text(''), 10)).map((i) => i.label);
    assert.ok(verbs.includes('attack') && verbs.includes('block'), verbs.join(', '));
    assert.deepEqual(sorted(await complete(text('attack '), 10)), ['with']);
    // Alice's untapped creature first; lion attacks already; bob's creatures next; the Equipment last.
    const attackers = sorted(await complete(text('attack with '), 10));
    assert.equal(attackers[0], 'ogre', attackers.join(', '));
    assert.ok(attackers.indexOf('bears') < attackers.indexOf('lion') && attackers.indexOf('bears') < attackers.indexOf('sword'), attackers.join(', '));
    // The attacking creature first, then `with`, then the creatures its controller doesn't control, untapped first.
    assert.equal(sorted(await complete(text('block '), 10))[0], 'lion');
    assert.deepEqual(sorted(await complete(text('block lion '), 10)), ['with']);
    const blockers = sorted(await complete(text('block lion with '), 10));
    assert.deepEqual(blockers.slice(0, 2), ['bears', 'wolf'], blockers.join(', '));
    assert.ok(!blockers.includes('lion') && blockers.indexOf('ogre') > blockers.indexOf('wolf'), blockers.join(', '));
    assert.deepEqual(sorted(await complete(text('block lion with bears '), 10)), ['and']);
    const more = sorted(await complete(text('block lion with bears and '), 10));
    assert.equal(more[0], 'wolf', more.join(', '));
    assert.ok(!more.includes('bears') && !more.includes('lion'), more.join(', '));
    // The assertions: MTG's words, with `not`; none for a card that can't fight.
    const rel = sorted(await complete(text('expect lion '), 10));
    for (const w of ['attacking', 'blocking', 'not attacking', 'not blocking']) assert.ok(rel.includes(w), w);
    assert.ok(!rel.includes('defending') && !rel.includes('not defending'), rel.join(', '));
    assert.deepEqual(sorted(await complete(text('expect lion not '), 10)), ['triggered', 'attacking', 'blocking']);
    assert.ok(!sorted(await complete(text('expect sword '), 10)).includes('attacking'), 'only a creature attacks (506.3)');
    // A creature's own restriction (Gravecrawler), word by word; not on an Equipment.
    const card = (rest: string) => ['game mtg', 'player alice', `card crawler "Gravecrawler": ${rest}`].join('\n') + '\n';
    const props = sorted(await complete(card('creature — Zombie, '), 2));
    for (const w of ["can't attack", "can't block", "can't attack or block"]) assert.ok(props.includes(w), w);
    assert.ok(!sorted(await complete(card('artifact — Equipment, '), 2)).includes("can't block"), 'only a creature attacks or blocks (506.3)');
    assert.deepEqual(sorted(await complete(card("creature — Zombie, can't "), 2)), ['be', 'attack', 'block']);
    assert.deepEqual(sorted(await complete(card("creature — Zombie, can't attack "), 2)), ['or']);
    assert.deepEqual(sorted(await complete(card("creature — Zombie, can't attack or "), 2)), ['block']);
    // An Aura's grant (Pacifism): the whole phrase among the grants, and word by word.
    const aura = (rest: string) => card(`enchantment — Aura, enchant creature, ${rest}`);
    assert.ok(sorted(await complete(aura(''), 2)).includes("enchanted creature can't attack or block"));
    assert.deepEqual(sorted(await complete(aura("enchanted creature can't "), 2)), ['be', 'attack', 'block']);
    assert.deepEqual(sorted(await complete(aura("enchanted creature can't attack "), 2)), ['or']);
    assert.deepEqual(sorted(await complete(aura("enchanted creature can't attack or "), 2)), ['block']);
    assert.deepEqual(sorted(await complete(aura("enchanted land can't "), 2)), ['be'], 'only a creature attacks or blocks (506.3)');
    // What a card is granted (Pacifism's restriction) is no ability `loses` takes.
    const pacified = [...HEADER.slice(0, 7), 'loses lion '].join('\n').replace('enchant creature,', "enchant creature, enchanted creature can't attack or block,") + '\n';
    assert.ok(!sorted(await complete(pacified, 7)).includes("can't attack or block"));
  });

  it('Riftbound combat: `attack at battlefield B by P` word by word, the battlefields where two players have units first (464.2.c, 323.9); `defending`, no `block`', async () => {
    const text = (line: string) =>
      [
        'game riftbound', //                                                        0
        'player alice', //                                                          1
        'player bob', //                                                            2
        'card vi "Vi": unit, owner alice, might 2, at battlefield summit', //       3
        'card jinx "Jinx": unit, owner alice, might 3, at battlefield river', //    4
        'card garen "Garen": unit, owner bob, might 3, at battlefield river', //    5
        'turn alice combat', //                                                     6
        line, //                                                                    7
      ].join('\n') + '\n';
    const verbs = (await complete(text(''), 7)).map((i) => i.label);
    assert.ok(verbs.includes('attack') && !verbs.includes('block'), verbs.join(', '));
    assert.deepEqual(sorted(await complete(text('attack '), 7)), ['at battlefield']);
    assert.deepEqual(sorted(await complete(text('attack at '), 7)), ['battlefield']);
    assert.deepEqual(sorted(await complete(text('attack at battlefield '), 7)), ['river', 'summit']);
    assert.deepEqual(sorted(await complete(text('attack at battlefield river '), 7)), ['by']);
    assert.deepEqual(sorted(await complete(text('attack at battlefield river by '), 7)), ['alice', 'bob']);
    const rel = sorted(await complete(text('expect garen '), 7));
    for (const w of ['attacking', 'defending', 'not attacking', 'not defending']) assert.ok(rel.includes(w), w);
    assert.ok(!rel.includes('blocking'), rel.join(', '));
    assert.deepEqual(sorted(await complete(text('expect garen not '), 7)), ['triggered', 'mighty', 'attacking', 'defending']);
    assert.ok(!sorted(await complete(['game riftbound', 'player alice', 'card axe "Axe": gear — Equipment, '].join('\n') + '\n', 2)).includes("can't attack"), "MTG's restrictions are not Riftbound's");
  });

  it('`for H` after a trigger phrase ranks what the ability is about: a host\'s attachments, a watcher\'s dead creatures, an attachment\'s host (603.2e, 603.10a)', async () => {
    const text = [
      'game mtg',
      'player alice',
      'card bramble "Bramble Elemental": creature — Elemental, owner alice, when an Aura becomes attached to it',
      'card armor "Blanchwood Armor": enchantment — Aura, enchant creature, owner alice, attached to bramble',
      'card outfitter "Stone Haven Outfitter": creature — Kor Artificer, owner alice, when an equipped creature you control dies',
      'card dead "Dead Lion": creature — Cat, owner alice, in graveyard',
      'card boots "Boots": artifact — Equipment, owner alice, when attached, attached to bramble',
      'expect bramble triggered when an Aura becomes attached to it for ',
      'expect outfitter triggered when an equipped creature you control dies for ',
      'expect boots triggered when attached for ',
    ].join('\n') + '\n';
    assert.equal(sorted(await complete(text, 7))[0], 'armor');
    assert.equal(sorted(await complete(text, 8))[0], 'dead');
    assert.equal(sorted(await complete(text, 9))[0], 'bramble');
  });

  it('`exchange control of X and Y` and `swap X with Y`: their words, then cards', async () => {
    assert.deepEqual(sorted(await complete(scenario('exchange '), 8)), ['control']);
    assert.deepEqual(sorted(await complete(scenario('exchange control of lion '), 8)), ['and']);
    assert.deepEqual(sorted(await complete(scenario('swap pacifism '), 8)), ['with']);
    assert.equal(sorted(await complete(scenario('swap '), 8))[0], 'pacifism');
  });
});
