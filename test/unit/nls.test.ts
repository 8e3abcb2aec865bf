// The manifest in three languages: every `%key%` of package.json has its English in
// package.nls.json and its French and Italian in package.nls.fr.json / .it.json (what VS Code shows
// for commands, settings and the extension's name when its display language is French or Italian),
// no key is unused, and each translation keeps the numbers, backticked spans and codes of the
// English and leaves no English prose.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { englishLeft, unfaithful } from './l10nChecks';

const root = join(__dirname, '..', '..', '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
/** Strings that are names, the same in every language. */
const NAMES = new Set(['Board Scenario']);

/** Every `%key%` placeholder in the manifest, with where it is. */
export function placeholders(value: unknown, at = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') {
    const m = /^%([\w.-]+)%$/.exec(value);
    if (m) into.set(m[1], at);
  } else if (Array.isArray(value)) value.forEach((v, i) => placeholders(v, `${at}[${i}]`, into));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) placeholders(v, `${at}.${k}`, into);
  return into;
}

describe('the manifest in English, French and Italian (package.nls*.json)', () => {
  const manifest = read('package.json');
  const keys = placeholders(manifest);
  const english: Record<string, string> = read('package.nls.json');

  it('names every user-visible manifest string by a key: the commands, settings, task, problem matcher, name and description', () => {
    for (const at of ['.displayName', '.description', '.contributes.configuration.title', '.capabilities.untrustedWorkspaces.description']) {
      assert.ok([...keys.values()].includes(at), `${at} is a %key%`);
    }
    for (const [i, c] of (manifest.contributes.commands as { title: string; category: string }[]).entries()) {
      assert.match(c.title, /^%.+%$/, `command ${i} title`);
      assert.match(c.category, /^%.+%$/, `command ${i} category`);
    }
    for (const [name, p] of Object.entries(manifest.contributes.configuration.properties as Record<string, Record<string, unknown>>)) {
      const text = p.markdownDescription ?? p.description;
      assert.match(String(text), /^%.+%$/, `${name}'s description`);
      for (const d of (p.enumDescriptions as string[] | undefined) ?? []) assert.match(d, /^%.+%$/, `${name}'s enum descriptions`);
    }
    assert.deepEqual([...keys.keys()].filter((k) => english[k] === undefined), [], 'keys without English');
    assert.deepEqual(Object.keys(english).filter((k) => !keys.has(k)), [], 'English entries no manifest string uses');
  });

  for (const language of ['fr', 'it']) {
    it(`${language}: every key translated, faithful, with no English left`, () => {
      const bundle: Record<string, string> = read(`package.nls.${language}.json`);
      const problems: string[] = [];
      for (const [key, text] of Object.entries(english)) {
        const tr = bundle[key];
        if (tr === undefined || tr.trim() === '') { problems.push(`${key}: no translation`); continue; }
        if (tr === text && !NAMES.has(text)) problems.push(`${key}: left in English`);
        for (const p of unfaithful(text, tr)) problems.push(`${key}: ${p}`);
      }
      for (const key of Object.keys(bundle)) if (english[key] === undefined) problems.push(`${key}: stale (no English)`);
      assert.deepEqual(problems, []);
    });
  }

  it('the checks catch English left in a translation and a dropped backticked span', () => {
    assert.deepEqual(englishLeft('Afficher the plateau'), ['the']);
    assert.deepEqual(unfaithful('When `onType` is set', 'Quand onType est défini'), ['backticked spans [] instead of ["`onType`"]']);
  });
});
