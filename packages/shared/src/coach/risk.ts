/**
 * How worried a member's message makes us (decision 057). Every member message
 * is screened before any AI reply; the screenings (the deterministic rules and,
 * when a model is configured, a separate classification call) each give a
 * level, and the highest wins. `high` and `imminent` put the conversation in
 * crisis mode; `concern` keeps the AI answering with care and asks a coach to
 * look.
 */
export const RISK_LEVELS = ['none', 'concern', 'high', 'imminent'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What the risk is about: the screening names every category it saw. */
export const RISK_CATEGORIES = ['suicide', 'self_harm', 'harm_to_others', 'abuse', 'under_18'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** The highest of the levels given (`none` for none). */
export function highestRisk(...levels: readonly RiskLevel[]): RiskLevel {
  let highest = 0;
  for (const level of levels) highest = Math.max(highest, RISK_LEVELS.indexOf(level));
  return RISK_LEVELS[highest]!;
}

/** Whether a level puts the conversation in crisis mode (fixed help, AI stopped, a human alerted). */
export function isCrisisLevel(level: RiskLevel): boolean {
  return level === 'high' || level === 'imminent';
}
