import { act } from '@testing-library/react';
import type { RealtimeChannel, RealtimeClientFrame, RealtimeServerFrame } from '@app/shared';

/**
 * For component tests: the browser's WebSocket as the tab's realtime client
 * opens it (stub it with `vi.stubGlobal('WebSocket', BrowserSocketStandIn)`),
 * recording what the client sends and letting the test play the server.
 */
export class BrowserSocketStandIn {
  static sockets: BrowserSocketStandIn[] = [];
  readyState = 0;
  sent: RealtimeClientFrame[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    BrowserSocketStandIn.sockets.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as RealtimeClientFrame);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: RealtimeServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  private answered = new Set<string>();
  /** Opens (unless an earlier test left it open), and answers every join not answered yet. */
  openAndJoin() {
    if (this.readyState !== 1) {
      act(() => {
        this.readyState = 1;
        this.onopen?.({});
      });
    }
    this.answer('join');
  }
  /** Answers the joins or leaves not answered yet, as the server would. */
  answer(kind: 'join' | 'leave') {
    for (const frame of this.sent) {
      if (frame.type !== kind || this.answered.has(frame.ref)) continue;
      this.answered.add(frame.ref);
      // The client only joins the channels it was given.
      const channel = frame.channel as RealtimeChannel;
      this.receive({ type: kind === 'join' ? 'joined' : 'left', channel, ref: frame.ref });
    }
  }
}
