import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntryDto } from '@app/shared';
import { describeAuditEntry } from './describe-audit-entry';

const entry = (action: string, details: Record<string, unknown>): AuditEntryDto => ({
  id: 'a1',
  action,
  actor_id: 'u1',
  actor_name: 'Ada',
  target_user_id: null,
  target_name: null,
  details,
  created_at: '2026-11-26T10:00:00.000Z',
});

describe('the AI coach and WhatsApp in the history', () => {
  it('says what a coach changed in words', () => {
    expect(describeAuditEntry(entry('coach.mode', { from: 'automatic', to: 'off' }))).toBe(
      'Set the AI coach from automatic replies to off',
    );
    expect(describeAuditEntry(entry('coach.state', { from: 'crisis', to: 'on' }))).toBe(
      'Changed who answers the conversation from crisis to the AI coach',
    );
    expect(describeAuditEntry(entry('coach.draft_sent', { edited: true }))).toMatch(/Edited the AI coach’s draft/);
    expect(describeAuditEntry(entry('coach.draft_discarded', {}))).toBe('Discarded the AI coach’s draft');
    expect(describeAuditEntry(entry('whatsapp.link', { phone: '447700900123' }))).toBe(
      'Linked WhatsApp +447700900123 to the account',
    );
  });
});

describe('a deleted team note in the history', () => {
  it('says when the note was written, and nothing of what it said', () => {
    expect(
      describeAuditEntry(entry('member_note.delete', { note_id: 'n1', written_at: '2026-11-03T09:00:00.000Z' })),
    ).toBe('Deleted a team note written 3 Nov 2026');
    expect(describeAuditEntry(entry('member_note.delete', {}))).toBe('Deleted a team note');
  });
});

describe('every action the server records', () => {
  it('is described in words, never by its code', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(describeAuditEntry(entry(action, {}))).not.toBe(action);
    }
  });

  it('names the saved reply added, edited or deleted', () => {
    const reply = { title: 'Check in', body: 'How are you, {first_name}?' };
    expect(describeAuditEntry(entry('saved_reply.create', { after: reply }))).toBe('Added the saved reply “Check in”');
    expect(describeAuditEntry(entry('saved_reply.update', { before: { ...reply, title: 'Old' }, after: reply }))).toBe(
      'Edited the saved reply “Check in”',
    );
    expect(describeAuditEntry(entry('saved_reply.delete', { before: reply }))).toBe(
      'Deleted the saved reply “Check in”',
    );
  });
});
