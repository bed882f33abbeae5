import type {
  ParsedChannel,
  RealtimeChannel,
  RealtimeChannelKind,
  RealtimeEvent,
  RealtimeEventKind,
  RealtimeServerFrame,
} from '@app/shared';

/** Event kinds a domain may own; the hub keeps `session_ended` (it closes sockets whose session ended). */
export type DomainEventKind = Exclude<RealtimeEventKind, 'session_ended'>;

/** Who asks to join: the account of the socket, as checked at the upgrade. */
export interface RealtimeViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/** What a handler may do with this instance's sockets. */
export interface RealtimeOutlet {
  /**
   * Sends a frame to every socket here that joined the channel; a function makes
   * it per viewer (a member is shown less of the team than an admin, decision 061).
   */
  toChannel(
    channel: RealtimeChannel,
    frame: RealtimeServerFrame | ((viewer: RealtimeViewer) => RealtimeServerFrame),
  ): void;
  /** Whether some socket here joined one of these channels: an instance with none does no work. */
  watches(...channels: RealtimeChannel[]): boolean;
  /** The channels of one kind that some socket here joined. */
  watched<K extends RealtimeChannelKind>(kind: K): Extract<ParsedChannel, { kind: K }>[];
}

/**
 * One domain's part of the realtime hub (decision 053): the channel kinds it
 * owns and who may join them, the bus events it owns and what they mean for
 * the sockets here, and what to read again after the bus was cut off. The hub
 * holds sockets, limits and sessions; it knows no domain's tables.
 */
export interface RealtimeHandler<K extends DomainEventKind = DomainEventKind> {
  /** For logs. */
  readonly name: string;
  readonly channels: readonly RealtimeChannelKind[];
  readonly events: readonly K[];
  /**
   * Whether this account may join this channel (of a kind this handler owns).
   * May read the database: a socket's answers still go out in the order it asked.
   */
  mayJoin(viewer: RealtimeViewer, channel: ParsedChannel): boolean | Promise<boolean>;
  onEvent(event: Extract<RealtimeEvent, { kind: K }>, out: RealtimeOutlet): void | Promise<void>;
  /** After a bus outage that began at `since`: deliver what was written meanwhile to the channels watched here. */
  catchUp?(since: Date, out: RealtimeOutlet): Promise<void>;
}
