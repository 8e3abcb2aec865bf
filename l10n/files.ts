// The bundles as the node programs read them: the file of the language asked for, from the
// package's l10n/ folder (the one VS Code reads the client's strings from too), beside the folder of
// the scripts (dist/), once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle, BundleSource, Language } from './language';

/** The package's l10n/ folder, for a script in dist/ (its `__dirname`). */
export function bundleFolder(scriptDir: string): string {
  return join(scriptDir, '..', 'l10n');
}

/** Where a language's bundle is read from, for a script in dist/. */
export function bundlePath(scriptDir: string, language: Exclude<Language, 'en'>): string {
  return join(bundleFolder(scriptDir), `bundle.l10n.${language}.json`);
}

/** The bundles of the package, for a script in dist/; undefined for one that cannot be read or is not a JSON object. */
export function packageBundles(scriptDir: string): BundleSource {
  return (language) => {
    try {
      const bundle: unknown = JSON.parse(readFileSync(bundlePath(scriptDir, language), 'utf8'));
      return typeof bundle === 'object' && bundle !== null && !Array.isArray(bundle) ? (bundle as Bundle) : undefined;
    } catch {
      return undefined;
    }
  };
}
