import type { AutomationState, RiskCategory, RiskLevel } from '@app/shared';

/** Who answers the conversation now, as the pane's header says it (decision 057). */
export const WHO_ANSWERS: Record<AutomationState, string> = {
  on: 'AI coach answers',
  paused: 'Paused — you answer',
  handed_to_human: 'Handed to a person',
  crisis: 'Crisis — a person must answer',
};

/**
 * The list's small chip for a state that needs a coach's eye; the AI answering
 * is the default and has none, and a crisis has its own "Urgent" badge.
 */
export const LIST_CHIP: Partial<Record<AutomationState, string>> = {
  paused: 'AI paused',
  handed_to_human: 'Person needed',
};

const RISK_CATEGORY_LABELS: Record<RiskCategory, string> = {
  suicide: 'Suicide',
  self_harm: 'Self-harm',
  harm_to_others: 'Harm to others',
  abuse: 'Abuse',
  under_18: 'Under 18',
};

const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  none: 'None',
  concern: 'Concern',
  high: 'High',
  imminent: 'Imminent',
};

export const riskCategoryLabel = (category: RiskCategory): string => RISK_CATEGORY_LABELS[category];
export const riskLevelLabel = (level: RiskLevel): string => RISK_LEVEL_LABELS[level];
