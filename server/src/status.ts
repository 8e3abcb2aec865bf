// Two requests of the VS Code client (any client may use them):
// `boardScenario/status` { uri } → what the language status item shows for a scenario: its game,
// the rules version it is checked against and the state of the user's rules file; and
// `boardScenario/explain` { uri, position } → the long explanation of the findings there, as
// Markdown (what a hover's "Explain the rules" link opens).
import type { Finding, RulesDocument } from '../../core';
import type { Position } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { t } from './l10n';

export const STATUS_REQUEST = 'boardScenario/status';
export const EXPLAIN_REQUEST = 'boardScenario/explain';

export interface ExplainParams {
  uri: string;
  position: Position;
}

export interface ScenarioStatus {
  uri: string;
  version: number;
  game: 'mtg' | 'riftbound';
  /** `Magic: The Gathering` or `Riftbound`; `declared` is false when the file has no `game` line (it is checked as MTG). */
  gameLabel: string;
  declared: boolean;
  /** The rules version the scenario is checked against (its `rules` line), or undefined (the newest rules). */
  rulesVersion: string | undefined;
  rulesLabel: string;
  /** The user's rules file for this game: not set, read (with its effective date), not read (yet, or it can't be), or another version than the scenario's. */
  rulesFile: { state: 'unset' | 'read' | 'unread' | 'mismatch'; path?: string; effective?: string; detail: string };
}

const LABEL = { mtg: 'Magic: The Gathering', riftbound: 'Riftbound' } as const;

export function scenarioStatus(state: DocumentState, path: string, doc: RulesDocument | undefined, rulesFileFindings: readonly Finding[]): ScenarioStatus {
  const declaredVersion = state.header.version;
  const rulesLabel = declaredVersion ? state.rulesVersion?.label ?? t('rules {0} (unknown version)', declaredVersion) : t('the newest rules (no rules line)');
  let rulesFile: ScenarioStatus['rulesFile'];
  if (!path) rulesFile = { state: 'unset', detail: t('No rules file set: hovers explain rules in our words only.') };
  else if (!doc) rulesFile = { state: 'unread', path, detail: t("Rules file {0} is not read (yet, or it can't be: the output says why).", path) };
  else if (rulesFileFindings.length > 0) rulesFile = { state: 'mismatch', path, effective: doc.effective, detail: doc.effective ? t("Rules file {0} (effective {1}) is another version than the scenario's rules.", path, doc.effective) : t("Rules file {0} is another version than the scenario's rules.", path) };
  else rulesFile = { state: 'read', path, effective: doc.effective, detail: doc.effective ? t('Rules file {0} (effective {1}): hovers quote its text.', path, doc.effective) : t('Rules file {0}: hovers quote its text.', path) };
  return {
    uri: state.uri,
    version: state.version,
    game: state.game,
    gameLabel: LABEL[state.game],
    declared: state.header.game !== undefined,
    rulesVersion: declaredVersion,
    rulesLabel,
    rulesFile,
  };
}
