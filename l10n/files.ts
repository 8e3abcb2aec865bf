// The bundles as the node programs read them: the file of the language asked for, from the
// package's l10n/ folder (the one VS Code reads the client's strings from too), once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle, BundleSource } from './language';

/** The bundles of `folder` (`bundle.l10n.fr.json`, `bundle.l10n.it.json`); undefined for one that cannot be read or is not a JSON object. */
export function bundlesIn(folder: string): BundleSource {
  return (language) => {
    try {
      const bundle: unknown = JSON.parse(readFileSync(join(folder, `bundle.l10n.${language}.json`), 'utf8'));
      return typeof bundle === 'object' && bundle !== null && !Array.isArray(bundle) ? (bundle as Bundle) : undefined;
    } catch {
      return undefined;
    }
  };
}
