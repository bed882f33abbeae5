import type { AuditEntryDto } from '@app/shared';

const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

/** A saved reply by the title in its recorded snapshot. */
function savedReply(snapshot: unknown): string {
  const title = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { title?: unknown }).title : undefined;
  return typeof title === 'string' ? `the saved reply “${title}”` : 'a saved reply';
}

const COACH_MODE_NAMES: Record<string, string> = { off: 'off', drafts: 'drafts', automatic: 'automatic replies' };
const COACH_STATE_NAMES: Record<string, string> = {
  on: 'the AI coach',
  paused: 'paused',
  handed_to_human: 'a person',
  crisis: 'crisis',
};

/** One audit row as a sentence: what changed, with the before and after it records. */
export function describeAuditEntry(entry: AuditEntryDto): string {
  const d = entry.details;
  switch (entry.action) {
    case 'role.add':
      return `Added the ${text(d.role)} role`;
    case 'role.remove':
      return `Removed the ${text(d.role)} role`;
    case 'account.activate':
      return 'Activated the account';
    case 'account.deactivate':
      return 'Deactivated the account and ended its sessions';
    case 'account.email_change_undone':
      return `The owner of ${text(d.after)} undid the change to ${text(d.before)}: sessions ended, a new password to be chosen`;
    case 'account.email_changed':
      return `Changed the email address from ${text(d.before)} to ${text(d.after)}`;
    case 'account.password_changed':
      return 'Changed the password and ended the other sessions';
    case 'account.password_reset':
      return 'Set a new password from a mailed reset link; every session ended';
    case 'prompt.create':
      return 'Added a strategic prompt';
    case 'prompt.update':
      return 'Edited a strategic prompt';
    case 'prompt.delete':
      return 'Deleted a strategic prompt';
    case 'saved_reply.create':
      return `Added ${savedReply(d.after)}`;
    case 'saved_reply.update':
      return `Edited ${savedReply(d.after)}`;
    case 'saved_reply.delete':
      return `Deleted ${savedReply(d.before)}`;
    case 'step_template.create':
      return 'Added a library step';
    case 'step_template.update':
      return 'Edited a library step';
    case 'step_template.delete':
      return 'Deleted a library step';
    case 'plan.change':
      // A grant says what was given and until when (decision 065); older entries have neither.
      return `Changed the plan from ${text(d.before)} to ${text(d.after)}${
        typeof d.granted === 'string' && d.granted !== 'nothing' ? ` (${d.granted})` : ''
      }`;
    case 'credits.change': {
      const delta = Number(d.delta);
      return `${delta > 0 ? 'Added' : 'Removed'} ${Math.abs(delta)} credits (${text(d.before)} → ${text(d.after)})`;
    }
    case 'two_factor.reset':
      return 'Removed two-step sign-in and ended every session';
    case 'whatsapp.link':
      return d.phone ? `Linked WhatsApp +${text(d.phone)} to the account` : 'Linked a WhatsApp contact to the account';
    case 'coach.mode':
      return `Set the AI coach from ${COACH_MODE_NAMES[text(d.from)] ?? text(d.from)} to ${COACH_MODE_NAMES[text(d.to)] ?? text(d.to)}`;
    case 'coach.state':
      return `Changed who answers the conversation from ${COACH_STATE_NAMES[text(d.from)] ?? text(d.from)} to ${COACH_STATE_NAMES[text(d.to)] ?? text(d.to)}`;
    case 'coach.draft_sent':
      return d.edited
        ? 'Edited the AI coach’s draft and sent it as their reply'
        : 'Sent the AI coach’s draft as written';
    case 'coach.draft_discarded':
      return 'Discarded the AI coach’s draft';
    case 'member_note.delete':
      return typeof d.written_at === 'string'
        ? `Deleted a team note written ${new Date(d.written_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`
        : 'Deleted a team note';
    default:
      return entry.action;
  }
}

/** Who made the change: an admin by name, or the configuration that granted a role. */
export function describeActor(entry: AuditEntryDto): string {
  if (entry.actor_name) return entry.actor_name;
  if (typeof entry.details.source === 'string') return entry.details.source;
  return entry.actor_id ? 'A deleted account' : 'The system';
}
