// package.json as VS Code reads it: its `%key%` strings replaced by package.nls.json's English (or
// a translation's), for the tests that read what the manifest says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export function localizedManifest(language: 'en' | 'fr' | 'it' = 'en'): any {
  const strings: Record<string, string> = JSON.parse(readFileSync(join(root, language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`), 'utf8'));
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'), (_k, v) => {
    const m = typeof v === 'string' ? /^%([\w.-]+)%$/.exec(v) : null;
    return m && strings[m[1]] !== undefined ? strings[m[1]] : v;
  });
}
