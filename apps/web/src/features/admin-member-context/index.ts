/** A member's context for their coach (decision 060): their details and plan, and the team's private notes. */
export { MemberContextPanel } from './components/member-context-panel';
export { MemberNotes } from './components/member-notes';
