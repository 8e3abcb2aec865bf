// Magic: The Gathering rules the checker cites, each explained in our own words (never the official
// text). Keys are canonical numbers: the numbering of the newest Comprehensive Rules we know
// (see ../versions.ts for older numberings). Each rule is explained beside its code, in the module of
// its rule family (that module's EXPLAINED); this file assembles them.
import { EXPLAINED as characteristics } from './characteristics';
import { EXPLAINED as legality } from './legality';
import { EXPLAINED as targeting } from './targeting';
import { EXPLAINED as phasing } from './phasing';
import { EXPLAINED as attach } from './attach';
import { EXPLAINED as zones } from './zones';
import { EXPLAINED as spells } from './spells';
import { EXPLAINED as effects } from './effects';
import { EXPLAINED as sba } from './sba';
import { EXPLAINED as exchange } from './exchange';
import { EXPLAINED as stack } from './stack';
import { EXPLAINED as timing } from './timing';
import { EXPLAINED as targetingKeywords } from './targetingKeywords';
import { EXPLAINED as grants } from './grants';
import { EXPLAINED as destruction } from './destruction';
import { EXPLAINED as timestamps } from './timestamps';
import { EXPLAINED as damage } from './damage';
import { EXPLAINED as counters } from './counters';
import { EXPLAINED as regeneration } from './regeneration';
import { EXPLAINED as influence } from './influence';
import { EXPLAINED as combat } from './combat';
import { EXPLAINED as livingWeapon } from './livingWeapon';
import { EXPLAINED as transform } from './transform';
import { EXPLAINED as mutate } from './mutate';
import { EXPLAINED as copies } from './copies';
import { EXPLAINED as faceDown } from './faceDown';
import { EXPLAINED as anthems } from './anthems';
import { EXPLAINED as graveyardTrigger } from './graveyardTrigger';
import { EXPLAINED as entersTapped } from './entersTapped';

export interface RuleExplanation {
  title: string;
  /** What the rule says in the newest version we know. */
  text: string;
  /**
   * What it said before a version changed its substance (the same number, or an older number the
   * renumberings in ../versions.ts map to it): the first entry whose `before` date is later than a
   * version's date is that version's explanation.
   */
  earlier?: { before: string; title?: string; text: string }[];
}

/** The explained rules of each module (each rule in exactly one: test/unit/ruleModules.test.ts). */
export const MTG_RULE_MODULES: Readonly<Record<string, Readonly<Record<string, RuleExplanation>>>> = {
  characteristics, legality, targeting, phasing, attach, zones, spells, effects, sba, exchange, stack, timing,
  targetingKeywords,
  grants,
  destruction,
  timestamps,
  damage,
  counters,
  regeneration,
  influence,
  combat,
  livingWeapon,
  transform,
  mutate,
  copies,
  faceDown,
  anthems,
  graveyardTrigger,
  entersTapped,
};

export const MTG_RULES: Record<string, RuleExplanation> = Object.assign({}, ...Object.values(MTG_RULE_MODULES));
