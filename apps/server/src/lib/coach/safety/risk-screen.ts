import { highestRisk, type RiskCategory, type RiskLevel } from '@app/shared';
import { normalise, stretchedVariants } from './normalise';
import {
  FIRST_PERSON,
  HARMLESS_PHRASES,
  NEGATION,
  NEGATION_REACH,
  PAST_SELF_HARM,
  RISK_RULES,
  SELF_HARM_NOW,
  THIRD_PERSON,
  TIMEFRAME,
  UNDERCUT,
  type RiskRule,
} from './risk-rules';
import { under18Rule } from './under-18';

/**
 * The deterministic risk screening (decision 057; issue 26, "Safety" 1): runs
 * on every member message, with no network, before any AI reply. A model's
 * classification may raise the level (classifier.ts); it can never lower it.
 */
export interface RiskScreening {
  level: RiskLevel;
  categories: RiskCategory[];
  /** The names of the rules that fired, for the audit ("want_to_die", "want_to_die:third_party", "timeframe"). */
  matched: string[];
}

interface Hit {
  name: string;
  level: RiskLevel;
  category: RiskCategory;
  aboutMember: boolean;
}

/** Clauses: negation and the person spoken about do not reach past these. */
const CLAUSE_BREAK = /[.!?;:\n,]+| but | though | although /;

export function screenMessage(text: string): RiskScreening {
  const hits = new Map<string, Hit>();
  for (const variant of stretchedVariants(normalise(text))) {
    // Self-harm told as past and over, with nothing in the message bringing it back to now.
    const pastSelfHarm = PAST_SELF_HARM.test(variant) && !SELF_HARM_NOW.test(variant);
    for (const clause of variant.split(CLAUSE_BREAK)) {
      for (const hit of screenClause(withoutHarmlessPhrases(clause.trim()))) {
        const past = pastSelfHarm && hit.aboutMember && hit.category === 'self_harm' && hit.level === 'high';
        const kept = past ? { ...hit, name: `${hit.name}:past`, level: 'concern' as const } : hit;
        hits.set(kept.name, kept);
      }
    }
    const under18 = under18Rule(variant);
    if (under18) hits.set(under18, { name: under18, level: 'concern', category: 'under_18', aboutMember: true });
    // A plan in time turns a plain statement of intent into an imminent one ("I'm going to kill myself tonight").
    const intent = [...hits.values()].some((h) => h.aboutMember && h.level === 'high' && h.category !== 'abuse');
    if (intent && TIMEFRAME.test(variant)) {
      const category = [...hits.values()].find((h) => h.aboutMember && h.level === 'high')!.category;
      hits.set('timeframe', { name: 'timeframe', level: 'imminent', category, aboutMember: true });
    }
  }
  const all = [...hits.values()];
  return {
    level: highestRisk(...all.map((h) => h.level)),
    categories: [...new Set(all.map((h) => h.category))],
    matched: all.map((h) => h.name),
  };
}

function withoutHarmlessPhrases(clause: string): string {
  let result = clause;
  for (const phrase of HARMLESS_PHRASES) result = result.replace(phrase, ' ~ ');
  return result;
}

function screenClause(clause: string): Hit[] {
  const hits: Hit[] = [];
  for (const rule of RISK_RULES) {
    for (const match of clause.matchAll(globalPattern(rule))) {
      const before = clause.slice(0, match.index);
      if (isNegated(before)) continue;
      const aboutMember = rule.about === 'member' || (rule.about === 'subject' && nearestPerson(before) !== 'other');
      hits.push(
        aboutMember
          ? { name: rule.name, level: rule.level, category: rule.category, aboutMember }
          : // Someone else at risk: a coach should know, but the member is not in crisis.
            { name: `${rule.name}:third_party`, level: 'concern', category: rule.category, aboutMember },
      );
      break;
    }
  }
  return hits;
}

const globalPatterns = new Map<RiskRule, RegExp>();
function globalPattern(rule: RiskRule): RegExp {
  let pattern = globalPatterns.get(rule);
  if (!pattern) {
    pattern = new RegExp(rule.pattern.source, 'g');
    globalPatterns.set(rule, pattern);
  }
  return pattern;
}

/** Whether the words just before a match rule it out ("I would never …"), unless something undoes that ("I can't promise I won't …"). */
function isNegated(before: string): boolean {
  const reach = before.trim().split(' ').slice(-NEGATION_REACH).join(' ');
  return NEGATION.test(reach) && !UNDERCUT.test(reach);
}

/** The nearest person named before a match: the member ("I", "me") or someone else ("she", "my colleague"). */
function nearestPerson(before: string): 'member' | 'other' | 'unknown' {
  const words = before.trim().split(' ').reverse();
  for (const word of words) {
    if (FIRST_PERSON.has(word)) return 'member';
    if (THIRD_PERSON.has(word)) return 'other';
  }
  return 'unknown';
}
