// The attach rules core: a pure library. It never imports the protocol or `vscode`.
export * from './types';
export type * from './parser/ast';
export { parse, parseSteps, movedLines, isIdentifier, ZONES } from './parser/parser';
export { lex, type Token, type LogicalLine } from './parser/lexer';
export { reparse, statementsKept, type LineIndex, type StatementsKept } from './parser/reparse';
export { declarationsOf } from './parser/declarations';
export { zoneWord } from './engine/words';
export { commonPrefix, commonSuffix } from './parser/reparse';
export { check, analyse, testScenario, header, replayCheckpoints, checkpointsBefore, analysisSteps, RESUME_EVERY, type Analysis, type AnalyseOptions, type ScenarioHeader, type Includes, type IncludedFile, type IncludeLink } from './check';
export { Timeline, boardAt, legalHosts, CHECKPOINT_EVERY } from './timeline';
export type { HostVerb, IncludedDeclarations } from './engine/replay';
export { sameValue } from './engine/board';
export { countersText } from './engine/counters';
export { applyEdits, safeFixEdits, applySafeFixes, demoteHidingFixes } from './fixes';
export { lineStartsOf, lineIndexOf } from './text';
export { msg, isMessage, asMessage, said, titled, renderMessage, templatesOf, localizeFinding, messagePieces, type Message, type MessageArg, type MessagePiece, type Translate, type LocalizedFinding } from './message';
export { REGISTRY, codeInfo, codeDocUrl, titleFor, type CodeInfo } from './diagnostics/registry';
export { explainRule } from './rules/explain';
export { triggerRules } from './engine/triggers';
export { existsIn, citeAs, canonicalOf, canonicalIn, lastVersionWith, resolveVersion, knownVersions, type RulesVersion } from './rules/versions';
export { EVENT_VERBS, PART_VERBS, DECLARATION_KEYWORDS, TURN_UP_COSTS, filterText, isEvent, makesToken, zoneText } from './parser/ast';
export { parseRulesFile, officialRule, ruleExists, rulesFileFindings, type RulesDocument, type RulesFileHeader, type RulesLanguage } from './rules/rulesFile';
export { renderBoardSvg, drawBoard, drawMemo, escapeXml, type RenderOptions, type BoardTheme, type BoardDrawing, type DrawMemo, type DrawOptions } from './render/svg';
export { boardCaption, eventLines, type BoardCaption } from './render/caption';
export { MTG_ZONES, COLORS } from './rules/mtg/characteristics';
export { MTG_CARD_TYPES, MTG_SUPERTYPES } from './parser/keywords';
export { MTG_COMBAT_RESTRICTIONS, MTG_KEYWORDS, RIFTBOUND_KEYWORDS, VALUED_KEYWORDS, keywordSecondWord, ENTER_STATUS_WORDS } from './parser/keywords';
export { STEPS as MTG_STEPS } from './rules/mtg/timing';
export { PHASES as RIFTBOUND_PHASES } from './rules/riftbound/timing';
export { RIFTBOUND_CARD_TYPES, RIFTBOUND_ZONES } from './rules/riftbound/cards';
export {
  expectationMarkers,
  judgeExpectations,
  markExpectedFix,
  scenarioTest,
  isFailure,
  commentsOf,
  EXPECTATION_CODES,
  HARNESS_DIRECTIVES,
  type ExpectationMarker,
  type ExpectOptions,
  type ExpectationOutcome,
  type TestCase,
  type ScenarioTest,
} from './analysis/expected';
export { parseConfig, applySeverities, globMatch, isExcluded, emptyConfig, CONFIG_FILE_NAME, CONFIG_SEVERITIES, type ProjectConfig, type ConfigProblem, type ConfiguredSeverity } from './config';
export { parseCardFile, readCardData, type CardRecord, type CardFileData } from './cards/records';
export { CardCatalog, CARD_CACHE_VERSION, type CardCatalogs, type CardCatalogCache } from './cards/catalog';
export { factsOf, typeLineOf, type CardFacts } from './cards/facts';
export { withDefaultVersion } from './analysis/common';
export { IncludeParses } from './analysis/includes';
export { LastUsed } from './lastUsed';
