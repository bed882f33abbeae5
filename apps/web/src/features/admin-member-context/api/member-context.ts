import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberContextDto, MemberNoteDto, MemberNotesDto } from '@app/shared';
import { api, read } from '@/lib/api';

const byMember = (memberId: string) => ({ param: { memberId: encodeURIComponent(memberId) } });

/** Every key of one member's context starts here (decision 060). */
const memberKey = (memberId: string) => ['admin', 'members', memberId] as const;

const memberContextQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: [...memberKey(memberId), 'context'],
    queryFn: (): Promise<MemberContextDto> => read(api.admin.members[':memberId'].context.$get(byMember(memberId))),
  });

/** GET /api/admin/members/:memberId/context: focus, tone, plan, WhatsApp, recent reflections and ratings. */
export function useMemberContext(memberId: string) {
  return useQuery(memberContextQueryOptions(memberId));
}

const notesKey = (memberId: string) => [...memberKey(memberId), 'notes'] as const;

/** GET /api/admin/members/:memberId/notes: the team's private notes, newest first. */
export function useMemberNotes(memberId: string) {
  return useQuery({
    queryKey: notesKey(memberId),
    queryFn: (): Promise<MemberNotesDto> => read(api.admin.members[':memberId'].notes.$get(byMember(memberId))),
  });
}

/** POST a note; the saved note goes on top of the list at once, and the list is read again behind it. */
export function useAddMemberNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<MemberNoteDto> =>
      read(api.admin.members[':memberId'].notes.$post({ ...byMember(memberId), json: { text } })),
    onSuccess: (note) => {
      queryClient.setQueryData<MemberNotesDto>(notesKey(memberId), (current) =>
        current ? { notes: [note, ...current.notes], total: current.total + 1 } : current,
      );
      void queryClient.invalidateQueries({ queryKey: notesKey(memberId) });
    },
  });
}

const byNote = (memberId: string, noteId: string) => ({
  param: { memberId: encodeURIComponent(memberId), noteId: encodeURIComponent(noteId) },
});

/** PATCH a note's text (its author only, decision 067); the list shows the corrected note at once. */
export function useEditMemberNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, text }: { noteId: string; text: string }): Promise<MemberNoteDto> =>
      read(api.admin.members[':memberId'].notes[':noteId'].$patch({ ...byNote(memberId, noteId), json: { text } })),
    onSuccess: (note) => {
      queryClient.setQueryData<MemberNotesDto>(notesKey(memberId), (current) =>
        current ? { ...current, notes: current.notes.map((n) => (n.id === note.id ? note : n)) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: notesKey(memberId) });
    },
  });
}

/** DELETE a note (its author or any admin, decision 067); it leaves the list at once. */
export function useDeleteMemberNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string): Promise<unknown> =>
      read(api.admin.members[':memberId'].notes[':noteId'].$delete(byNote(memberId, noteId))),
    onSuccess: (_, noteId) => {
      queryClient.setQueryData<MemberNotesDto>(notesKey(memberId), (current) =>
        current
          ? { notes: current.notes.filter((n) => n.id !== noteId), total: Math.max(0, current.total - 1) }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: notesKey(memberId) });
    },
  });
}
