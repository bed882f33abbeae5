import type { MemberCoachDto } from './coach-contract';

/**
 * What a member is told about who answers them (issue 26, "every member
 * message gets an immediate acknowledgement that says who answers"). One copy
 * for the web chat and the server (which may send the same line on WhatsApp),
 * so the promise is worded the same everywhere and can be checked in one place.
 */
export const COACH_ACKNOWLEDGEMENT = {
  ai: 'Your AI coach will answer in a few seconds.',
  person: 'A person from the team will reply, usually within one working day.',
} as const satisfies Record<MemberCoachDto['answered_by'], string>;

/** The acknowledgement for who answers now. */
export function coachAcknowledgement(answeredBy: MemberCoachDto['answered_by']): string {
  return COACH_ACKNOWLEDGEMENT[answeredBy];
}

/** The label every AI coach message carries, wherever it is shown. */
export const AI_COACH_LABEL = 'AI coach';
