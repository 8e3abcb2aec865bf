// Workspace trust for the settings that name a file the server reads (today the rules files).
// A workspace's `.vscode/settings.json` comes with the files it was cloned with: in an untrusted
// workspace it must not point the server at a file of its choosing (a huge one, a device, a file
// outside the workspace whose text would show in hovers). package.json lists these settings in
// `capabilities.untrustedWorkspaces.restrictedConfigurations`, so VS Code ignores their workspace
// values in Restricted Mode; the client enforces the same when it answers the server's
// `workspace/configuration` (extension.ts), in case an editor does not apply the manifest.
// Pure (no `vscode`), so the unit tests run it.

/** The settings (under `boardScenario.`) that name a file. A new one must be listed here and in package.json. */
export const FILE_SETTINGS = ['rulesFile.mtg', 'rulesFile.riftbound'] as const;

/** What `WorkspaceConfiguration.inspect` says about one setting (the fields used here). */
export interface Inspection {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * The `boardScenario` section as the server may see it. Trusted: as it is. Untrusted: each file
 * setting is the user's own value (or the default, or ''), whatever the workspace or its folders
 * set; both the nested (`rulesFile: {mtg}`) and the dotted (`'rulesFile.mtg'`) shapes are replaced.
 */
export function restrictFileSettings(section: unknown, trusted: boolean, inspect: (key: string) => Inspection | undefined): unknown {
  if (trusted) return section;
  const out: Record<string, unknown> = isObject(section) ? JSON.parse(JSON.stringify(section)) : {};
  // The project config file (board-scenario.json) names files too: not read until the workspace is trusted.
  out.projectConfig = false;
  for (const key of FILE_SETTINGS) {
    const i = inspect(key);
    const user = i?.globalValue !== undefined ? i.globalValue : i?.defaultValue;
    const value = typeof user === 'string' ? user : '';
    const [group, name] = key.split('.');
    const nested = isObject(out[group]) ? (out[group] as Record<string, unknown>) : (out[group] = {});
    (nested as Record<string, unknown>)[name] = value;
    if (key in out) out[key] = value;
  }
  return out;
}
