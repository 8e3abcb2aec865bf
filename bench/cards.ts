// The user's card data at Scryfall's size: a generated "Oracle Cards"-shaped file of 35,000 cards
// (about 150 MB, in the temp folder, never the repository), read as the server reads it. Each
// figure is measured in a fresh process (cards-child.ts): the cold read (the worker's work: the
// file read, JSON.parse, our records and index), the cached restart (the server's readCache: the
// cache file read and the index made from it), the memory the index keeps, and name lookups.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LspClient } from './lsp';

export interface CardsBenchResult {
  cards: number;
  fileBytes: number;
  cacheBytes: number;
  coldMs: number;
  cachedMs: number;
  /** The language server with the cache in its storage folder: didOpen → the publish checked with the cards. */
  lspRestartMs?: number;
  /** The same without a cache (the first start): the card file parsed in the worker. */
  lspColdMs?: number;
  /** didOpen → the first publish, on the restart (made before the cards are in memory). */
  lspFirstPublishMs?: number;
  /** Heap kept by the index (records, name map) after full GCs, the file's text and JSON dropped. */
  indexHeap: number;
  /** The same with the edit-distance index of suggestions built too. */
  indexHeapWithSuggestions: number;
  suggestBuildMs: number;
  lookupUs: number;
  closestUs: number;
  completeUs: number;
}

const WORDS = ['Silver', 'coat', 'Lion', 'Storm', 'Ember', 'cleave', 'Grizzly', 'Bears', 'Pacifism', 'Bone', 'splitter', 'Sword', 'Fire', 'Ice', 'Angel', 'Serra', 'Knight', 'White', 'Dread', 'Mirran', 'Crusader', 'Utopia', 'Sprawl', 'Wild', 'Growth', 'Shield', 'Kaldra', 'Sliver', 'Crystal', 'Scout', 'Glade', 'cover', 'Eidolon', 'Hope', 'Rancor', 'Arcane', 'Wings', 'Dead', 'Animate', 'Volute'];
const TYPES = ['Creature — Human Knight', 'Enchantment — Aura', 'Artifact — Equipment', 'Legendary Creature — Elf Druid', 'Instant', 'Sorcery', 'Land', 'Artifact Creature — Golem', 'Enchantment Creature — Spirit', 'Legendary Artifact — Equipment', 'Basic Land — Forest', 'Planeswalker — Jace'];
const TEXTS = [
  'Enchant creature\nEnchanted creature gets +2/+2 and has trample.',
  'Equipped creature gets +2/+0.\nEquip {1}',
  'Flying, vigilance\nWhen this creature enters, draw a card.',
  'Hexproof\nThis creature can\'t be blocked by creatures with power 2 or less.',
  'Protection from black and from green\nDouble strike',
  'Ward {2}\nWhenever this creature attacks, create a 1/1 white Soldier creature token.',
  'Enchant creature you control\nEnchanted creature gets +1/+1 and has first strike.',
  'Equip legendary creature {3}\nEquip {7}\nEquipped creature gets +1/+1 for each land you control.',
];

/** A card name that is unique for i: words chosen by the digits of i in base 40, and a number for the few collisions. */
export function cardName(i: number): string {
  const parts: string[] = [];
  let n = i;
  do {
    parts.push(WORDS[n % WORDS.length]);
    n = Math.floor(n / WORDS.length);
  } while (n > 0);
  return parts.join(' ') + (i % 7 === 0 ? `, the ${WORDS[(i * 13) % WORDS.length]}` : '');
}

/** One card with the fields Scryfall's bulk data has (ids, URIs, images, legalities, prices...). */
function card(i: number): string {
  const name = cardName(i);
  const id = `${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}-1b2c-4d5e-8f90-${i.toString(16).padStart(12, '0')}`;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const img = (k: string) => `"${k}":"https://cards.scryfall.io/${k}/front/${id[0]}/${id[1]}/${id}.jpg?1562901234"`;
  const legal = ['standard', 'future', 'historic', 'timeless', 'gladiator', 'pioneer', 'explorer', 'modern', 'legacy', 'pauper', 'vintage', 'penny', 'commander', 'oathbreaker', 'standardbrawl', 'brawl', 'alchemy', 'paupercommander', 'duel', 'oldschool', 'premodern', 'predh'].map((f, j) => `"${f}":"${(i + j) % 3 ? 'legal' : 'not_legal'}"`).join(',');
  // About 200 characters of rules text, as a real card averages, different for each card.
  const text = `${TEXTS[i % TEXTS.length]}\nWhenever another ${WORDS[(i * 3) % WORDS.length]} you control dies, you may pay {${i % 4}}. If you do, return it to the battlefield tapped under its owner's control (${i}).`;
  const colors = [['W'], ['U'], ['B'], ['R'], ['G'], [], ['W', 'U']][i % 7];
  return (
    `{"object":"card","id":"${id}","oracle_id":"${id.split('').reverse().join('')}","multiverse_ids":[${100000 + i}],"mtgo_id":${50000 + i},"tcgplayer_id":${200000 + i},"cardmarket_id":${300000 + i},` +
    `"name":${JSON.stringify(name)},"lang":"en","released_at":"2019-10-04","uri":"https://api.scryfall.com/cards/${id}","scryfall_uri":"https://scryfall.com/card/tst/${i}/${slug}?utm_source=api",` +
    `"layout":"normal","highres_image":true,"image_status":"highres_scan","image_uris":{${['small', 'normal', 'large', 'png', 'art_crop', 'border_crop'].map(img).join(',')}},` +
    `"mana_cost":"{${i % 5}}{W}","cmc":${(i % 5) + 1}.0,"type_line":${JSON.stringify(TYPES[i % TYPES.length])},"oracle_text":${JSON.stringify(text)},` +
    `"power":"${i % 6}","toughness":"${(i % 5) + 1}","colors":${JSON.stringify(colors)},"color_identity":${JSON.stringify(colors)},"keywords":["Enchant","Equip"],` +
    `"legalities":{${legal}},"games":["paper","mtgo","arena"],"reserved":false,"game_changer":false,"foil":true,"nonfoil":true,"finishes":["nonfoil","foil"],"oversized":false,"promo":false,"reprint":true,"variation":false,` +
    `"set_id":"a4a0db50-8826-4e73-833c-3fd934375f96","set":"tst","set_name":"Test Set","set_type":"expansion","set_uri":"https://api.scryfall.com/sets/a4a0db50-8826-4e73-833c-3fd934375f96",` +
    `"set_search_uri":"https://api.scryfall.com/cards/search?order=set&q=e%3Atst&unique=prints","scryfall_set_uri":"https://scryfall.com/sets/tst?utm_source=api","rulings_uri":"https://api.scryfall.com/cards/${id}/rulings",` +
    `"prints_search_uri":"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A${id}&unique=prints","collector_number":"${i}","digital":false,"rarity":"${['common', 'uncommon', 'rare', 'mythic'][i % 4]}",` +
    `"flavor_text":"The ${WORDS[i % WORDS.length]} remembers what the ${WORDS[(i * 7) % WORDS.length]} forgot.","card_back_id":"0aeebaf5-8c7d-4636-9e82-8c27447861f7","artist":"Some Artist","artist_ids":["${id}"],"illustration_id":"${id}",` +
    `"border_color":"black","frame":"2015","full_art":false,"textless":false,"booster":true,"story_spotlight":false,"edhrec_rank":${i},"penny_rank":${i + 1},` +
    `"prices":{"usd":"0.${(i % 90) + 10}","usd_foil":"1.${i % 90}","usd_etched":null,"eur":"0.${(i % 80) + 10}","eur_foil":"0.99","tix":"0.03"},` +
    `"related_uris":{"gatherer":"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=${100000 + i}","tcgplayer_infinite_articles":"https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com%2Fsearch%3FcontentMode%3Darticle%26game%3Dmagic%26partner%3Dscryfall%26q%3D${slug}",` +
    `"tcgplayer_infinite_decks":"https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com%2Fsearch%3FcontentMode%3Ddeck%26game%3Dmagic%26partner%3Dscryfall%26q%3D${slug}","edhrec":"https://edhrec.com/route/?cc=${slug}"},` +
    `"purchase_uris":{"tcgplayer":"https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&u=https%3A%2F%2Fwww.tcgplayer.com%2Fproduct%2F${200000 + i}%3Fpage%3D1","cardmarket":"https://www.cardmarket.com/en/Magic/Products/Search?referrer=scryfall&searchString=${slug}&utm_campaign=card_prices&utm_medium=text&utm_source=scryfall","cardhoarder":"https://www.cardhoarder.com/cards/${50000 + i}?affiliate_id=scryfall&ref=card-profile&utm_campaign=affiliate&utm_medium=card&utm_source=scryfall"}}`
  );
}

/** Writes the file (once per size: it is kept in the temp folder between runs). */
export async function generateScryfall(path: string, cards: number): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(join(path, '..'), { recursive: true });
  const out = createWriteStream(path);
  const write = (s: string) => new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once('drain', resolve)));
  await write('[\n');
  for (let i = 0; i < cards; i++) await write(card(i) + (i + 1 < cards ? ',\n' : '\n'));
  await write(']\n');
  await new Promise<void>((resolve) => out.end(resolve));
}

export async function measureCards(tmp: string, cards = 35_000, serverJs?: string): Promise<CardsBenchResult> {
  const file = join(tmp, `scryfall-oracle-v2-${cards}.json`);
  await generateScryfall(file, cards);
  const cache = join(tmp, `scryfall-oracle-${cards}.index.json`);
  const child = join(__dirname, 'cards-child.js');
  const run = (mode: string) => {
    const r = spawnSync(process.execPath, ['--expose-gc', child, mode, file, cache], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`cards child (${mode}) failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!);
  };
  const cold = run('cold');
  const cached = run('cached');
  const result: CardsBenchResult = { cards: cold.cards, fileBytes: statSync(file).size, cacheBytes: statSync(cache).size, coldMs: cold.ms, ...cached };
  if (serverJs) Object.assign(result, await measureServer(serverJs, file, join(tmp, 'card-storage')));
  return result;
}

/** The server started twice with the same storage folder: the first start parses, the second takes the cache. */
async function measureServer(serverJs: string, file: string, storage: string): Promise<Partial<CardsBenchResult>> {
  rmSync(storage, { recursive: true, force: true });
  const text = `game mtg\nplayer alice\ncard a "${cardName(1234)}"\ncard b "${cardName(20000)}"\nexpect a in battlefield\n`;
  const times: { ready: number; first: number }[] = [];
  for (let round = 0; round < 2; round++) {
    const client = LspClient.start(serverJs, { cards: { mtg: [file] } });
    try {
      await client.initialize({ storagePath: storage });
      const uri = `file:///bench/cards-${round}.board`;
      const opened = performance.now();
      await client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'board-scenario', version: 1, text } });
      const first = await client.waitForDiagnostics(uri, 1, opened, 60_000);
      // Checked with the cards: nothing is reported (without them, both cards need a type line).
      let ready = first;
      while (ready.params.diagnostics.length > 0) ready = await client.waitForDiagnostics(uri, 1, ready.at + 0.001, 60_000);
      times.push({ ready: ready.at - opened, first: first.at - opened });
    } finally {
      await client.stop();
    }
  }
  return { lspColdMs: times[0].ready, lspRestartMs: times[1].ready, lspFirstPublishMs: times[1].first };
}
