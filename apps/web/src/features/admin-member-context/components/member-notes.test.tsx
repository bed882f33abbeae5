import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberNoteDto, MemberNotesDto } from '@app/shared';
import { MemberNotes } from './member-notes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const mine: MemberNoteDto = {
  id: 'n-mine',
  text: 'Prefers mornings; mentioned a new manager.',
  author_id: 'coach-1',
  author_name: 'Cora Coach',
  created_at: '2026-11-20T09:00:00.000Z',
  edited_at: null,
  editable: true,
};
const colleagues: MemberNoteDto = {
  id: 'n-theirs',
  text: 'Works at Acme.',
  author_id: 'coach-2',
  author_name: 'Colin Colleague',
  created_at: '2026-11-19T09:00:00.000Z',
  edited_at: null,
  editable: false,
};

/**
 * The notes against the server's routes, answered here as the server does. `refuseNextEdit`
 * and `refuseNextDelete` answer the next PATCH or DELETE with a refusal, as a busy server does.
 */
function renderNotes(options: { refuseNextEdit?: boolean; refuseNextDelete?: boolean } = {}) {
  let notes = [mine, colleagues];
  let refuse = options.refuseNextEdit ?? false;
  let refuseDelete = options.refuseNextDelete ?? false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const noteId = decodeURIComponent(url.split('/notes/')[1] ?? '');
    if (init?.method === 'PATCH') {
      if (refuse) {
        refuse = false;
        return json({ error: 'The server is busy. Try again.' }, 503);
      }
      const { text } = JSON.parse(String(init.body)) as { text: string };
      notes = notes.map((n) => (n.id === noteId ? { ...n, text, edited_at: '2026-11-27T09:00:00.000Z' } : n));
      return json(notes.find((n) => n.id === noteId));
    }
    if (init?.method === 'DELETE') {
      if (refuseDelete) {
        refuseDelete = false;
        return json({ error: 'The server is busy. Try again.' }, 503);
      }
      notes = notes.filter((n) => n.id !== noteId);
      return new Response(null, { status: 204 });
    }
    return json({ notes, total: notes.length } satisfies MemberNotesDto);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberNotes memberId="member-1" memberName="Mira" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof renderNotes>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

describe('correcting and deleting team notes', () => {
  it('offers Edit only on the viewer’s own note, and Delete on every note, named by the note', async () => {
    renderNotes();
    await screen.findByText(mine.text);
    expect(screen.getByRole('button', { name: 'Edit note “Prefers mornings; mentioned a new manag…”' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete note “Prefers mornings; mentioned a new manag…”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit note “Works at Acme.”' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete note “Works at Acme.”' })).toBeTruthy();
  });

  it('edits in place from the keyboard, keeps the words on a refusal, and then shows the note as edited', async () => {
    const fetchMock = renderNotes({ refuseNextEdit: true });
    const user = userEvent.setup();
    await screen.findByText(mine.text);
    screen.getByRole('button', { name: /^Edit note “Prefers mornings/ }).focus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: /^Edit note “Prefers mornings/ });
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'Prefers evenings; mentioned a new manager.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The server is busy. Try again.');
    expect((box as HTMLTextAreaElement).value).toBe('Prefers evenings; mentioned a new manager.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Prefers evenings; mentioned a new manager.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Edit note/ })).toBeNull();
    expect(screen.getByText(/edited/)).toBeTruthy();
    const patches = calls(fetchMock, 'PATCH');
    expect(patches).toHaveLength(2);
    expect(String(patches[1]![0])).toBe('/api/admin/members/member-1/notes/n-mine');
    expect(JSON.parse(String(patches[1]![1]!.body))).toEqual({ text: 'Prefers evenings; mentioned a new manager.' });
    // Focus is back on the note's Edit button, named by the corrected words.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit note “Prefers evenings/ })),
    );
  });

  it('checks an edit as the server does, and Cancel leaves the note as it was', async () => {
    const fetchMock = renderNotes();
    const user = userEvent.setup();
    await screen.findByText(mine.text);
    await user.click(screen.getByRole('button', { name: /^Edit note “Prefers mornings/ }));
    const box = screen.getByRole('textbox', { name: /^Edit note/ });
    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a note');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(mine.text)).toBeTruthy();
    expect(calls(fetchMock, 'PATCH')).toHaveLength(0);
  });

  it('deletes a colleague’s note only once confirmed, saying what happens', async () => {
    const fetchMock = renderNotes({ refuseNextDelete: true });
    const user = userEvent.setup();
    await screen.findByText(colleagues.text);
    await user.click(screen.getByRole('button', { name: 'Delete note “Works at Acme.”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'It is removed for the whole team and from the member’s data export.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
    expect(screen.getByText(colleagues.text)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete note “Works at Acme.”' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    await user.click(within(again).getByRole('button', { name: 'Delete note' }));
    // A refusal is said in the dialog, which stays open, and the note stays.
    expect((await within(again).findByRole('alert')).textContent).toBe('The server is busy. Try again.');
    // (The rest of the page is hidden from assistive technology while the dialog is open.)
    const list = screen.getByRole('list', { name: 'Notes on Mira', hidden: true });
    expect(within(list).getByText(colleagues.text)).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(screen.queryByText(colleagues.text)).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls(fetchMock, 'DELETE').map(([url]) => String(url))).toEqual([
      '/api/admin/members/member-1/notes/n-theirs',
      '/api/admin/members/member-1/notes/n-theirs',
    ]);
    expect(screen.getByText(mine.text)).toBeTruthy();
    // The deleted note's controls are gone: focus is on the notes' heading, not lost to the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Team notes/ })));
  });
});
