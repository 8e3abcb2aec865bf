// Riftbound Core Rules the checker cites, explained in our own words. Keys are canonical numbers
// (the 2026-07-16 numbering; ../versions.ts maps them to v1.2 and v1.3). Each rule is explained beside
// its code, in the module of its rule family (that module's EXPLAINED); this file assembles them.
import type { RuleExplanation } from '../mtg/explanations';
import { EXPLAINED as text } from './text';
import { EXPLAINED as equip } from './equip';
import { EXPLAINED as detach } from './detach';
import { EXPLAINED as attach } from './attach';
import { EXPLAINED as location } from './location';
import { EXPLAINED as timing } from './timing';
import { EXPLAINED as damage } from './damage';
import { EXPLAINED as buffs } from './buffs';
import { EXPLAINED as combat } from './combat';
import { EXPLAINED as weaponmaster } from './weaponmaster';
import { EXPLAINED as chain } from './chain';
import { EXPLAINED as quickDraw } from './quickDraw';
import { EXPLAINED as removal } from './removal';
import { EXPLAINED as copies } from './copies';
import { EXPLAINED as targeting } from './targeting';
import { EXPLAINED as chainAttach } from './chainAttach';
import { EXPLAINED as temporary } from './temporary';
import { EXPLAINED as stun } from './stun';
import { EXPLAINED as staticMight } from './staticMight';
import { EXPLAINED as replacement } from './replacement';

/** The explained rules of each module (each rule in exactly one: test/unit/ruleModules.test.ts). */
export const RIFTBOUND_RULE_MODULES: Readonly<Record<string, Readonly<Record<string, RuleExplanation>>>> = { text, equip, detach, attach, location, timing, damage, buffs, combat, weaponmaster, chain, quickDraw, removal, copies, targeting, chainAttach, temporary, stun, staticMight, replacement };

export const RIFTBOUND_RULES: Record<string, RuleExplanation> = Object.assign({}, ...Object.values(RIFTBOUND_RULE_MODULES));
