// The `boardScenario` settings. With `workspace/configuration` they are asked per document (scoped
// to its URI) and cached until the next didChangeConfiguration; otherwise the settings pushed by
// didChangeConfiguration apply to every document.
import type { Connection } from 'vscode-languageserver';

export interface Settings {
  validate: 'onSave' | 'onType';
  inlayHints: { enabled: boolean };
  rulesFile: { mtg: string; riftbound: string };
  /** The user's card files (`boardScenario.cards.*`): a path or a list of paths per game (server/src/cards.ts). */
  cards: { mtg: string[]; riftbound: string[] };
  /** Apply the project config file (`board-scenario.json`, projectConfig.ts)? The VS Code client answers false in an untrusted workspace. */
  projectConfig: boolean;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  // As you type (package.json's default, issue 17 item 1): squiggles agree with the rest of the editor.
  validate: 'onType',
  inlayHints: Object.freeze({ enabled: true }),
  rulesFile: Object.freeze({ mtg: '', riftbound: '' }),
  cards: Object.freeze({ mtg: [], riftbound: [] }),
  projectConfig: true,
}) as Settings;

function obj(x: unknown): Record<string, unknown> {
  return x !== null && typeof x === 'object' ? (x as Record<string, unknown>) : {};
}

/**
 * Reads whatever the client sent, tolerating missing keys, wrong types and both the nested
 * (`{inlayHints: {enabled}}`) and the dotted (`{'inlayHints.enabled': ...}`) shapes.
 */
export function normaliseSettings(raw: unknown): Settings {
  const r = obj(raw);
  const nested = (a: string, b: string): unknown => (obj(r[a])[b] !== undefined ? obj(r[a])[b] : r[`${a}.${b}`]);
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    validate: r.validate === 'onSave' ? 'onSave' : 'onType',
    inlayHints: { enabled: nested('inlayHints', 'enabled') !== false },
    rulesFile: { mtg: str(nested('rulesFile', 'mtg')), riftbound: str(nested('rulesFile', 'riftbound')) },
    cards: { mtg: paths(nested('cards', 'mtg')), riftbound: paths(nested('cards', 'riftbound')) },
    // Only an explicit false turns it off (trust.ts sends false in an untrusted workspace).
    projectConfig: r.projectConfig !== false,
  };
}

/** A path or a list of paths; anything else is none. */
function paths(x: unknown): string[] {
  if (typeof x === 'string') return x ? [x] : [];
  return Array.isArray(x) ? x.filter((p): p is string => typeof p === 'string' && p !== '') : [];
}

export class SettingsStore {
  private global: Settings = DEFAULT_SETTINGS;
  private readonly perDocument = new Map<string, Promise<Settings>>();
  /** The last settings received per document; kept across didChangeConfiguration until the new ones arrive. */
  private readonly resolved = new Map<string, Settings>();

  constructor(
    private readonly connection: Connection,
    private readonly useConfigurationRequest: () => boolean,
  ) {}

  get(uri: string): Promise<Settings> {
    if (!this.useConfigurationRequest()) return Promise.resolve(this.global);
    let p = this.perDocument.get(uri);
    if (!p) {
      const asked: Promise<Settings> = this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'boardScenario' }).then(
        (raw) => normaliseSettings(raw),
        (e) => {
          this.connection.console.error(`Could not read the boardScenario settings: ${String(e)}`);
          return DEFAULT_SETTINGS;
        },
      );
      p = asked.then((s) => {
        // A newer request (after a didChangeConfiguration) decides, even if this one answered last.
        if (this.perDocument.get(uri) === p) this.resolved.set(uri, s);
        return s;
      });
      this.perDocument.set(uri, p);
    }
    return p;
  }

  /**
   * The settings of a document as last received, without asking: undefined until they first
   * arrived. Features on the path of a publish use this, so they never wait for the client.
   */
  peek(uri: string): Settings | undefined {
    if (!this.useConfigurationRequest()) return this.global;
    return this.resolved.get(uri);
  }

  /** didChangeConfiguration: push-only clients send the values; the others are asked again. */
  changed(settings: unknown): void {
    this.perDocument.clear();
    if (!this.useConfigurationRequest()) this.global = normaliseSettings(obj(settings).boardScenario);
  }

  forget(uri: string): void {
    this.perDocument.delete(uri);
    this.resolved.delete(uri);
  }

  /** What is held per document (for the debug request): both are empty once every document is closed. */
  sizes(): { settingsAsked: number; settingsReceived: number } {
    return { settingsAsked: this.perDocument.size, settingsReceived: this.resolved.size };
  }
}
