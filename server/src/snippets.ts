// The scenario snippets (snippets/board-scenario.json, also the file a user can read), offered by
// completion only where a statement starts: headers before anything else, declarations before the
// first event, events anywhere. The client does not contribute them itself, so they never show in
// a list of hosts or card names.
// The file is bundled into the server (esbuild inlines the JSON; tsc copies it beside out/): the
// browser server has no disk to read it from, and the desktop one needs no read either.
import snippetFile from '../../snippets/board-scenario.json';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver';
import type { Game } from '../../core';

interface Snippet {
  name: string;
  prefix: string;
  body: string;
  description: string;
  /** Where it may start: a header (nothing before it), a declaration (before the first event) or an event. */
  place: 'header' | 'declaration' | 'event';
  game: Game | undefined;
}

let loaded: Snippet[] | undefined;

/** The snippets file, parsed once; none if it is malformed. */
function snippets(): Snippet[] {
  if (loaded) return loaded;
  loaded = [];
  try {
    const raw = snippetFile as unknown as Record<string, { prefix: string | string[]; body: string | string[]; description?: string }>;
    for (const [name, s] of Object.entries(raw)) {
      const prefix = Array.isArray(s.prefix) ? s.prefix[0] : s.prefix;
      const body = Array.isArray(s.body) ? s.body.join('\n') : s.body;
      const header = body.startsWith('game ');
      const declaration = /^card /.test(body);
      const game: Game | undefined = header ? (body.startsWith('game riftbound') ? 'riftbound' : 'mtg') : /\b(unit|gear)\b/.test(body.split('\n')[0]) && declaration ? 'riftbound' : declaration ? 'mtg' : undefined;
      loaded.push({ name, prefix, body, description: s.description ?? name, place: header ? 'header' : declaration ? 'declaration' : 'event', game });
    }
  } catch {
    // No snippets: completion offers words only.
  }
  return loaded;
}

/**
 * The snippets that fit a statement start: those whose first word is one of the words completion
 * offers there (`game` before anything else, `card` before the first event, the verbs where events
 * may be written), and of the scenario's game.
 */
export function snippetItems(range: Range, offered: ReadonlySet<string>, game: Game | undefined): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const s of snippets()) {
    if (!offered.has(s.body.split(/[\s:]/, 1)[0])) continue;
    if (s.game && game && s.place !== 'header' && s.game !== game) continue;
    out.push({
      label: s.prefix,
      kind: CompletionItemKind.Snippet,
      detail: s.name,
      documentation: s.description,
      insertTextFormat: InsertTextFormat.Snippet,
      // After the words of the position (they sort by number).
      sortText: `~${s.prefix}`,
      textEdit: { range, newText: s.body },
    });
  }
  return out;
}
