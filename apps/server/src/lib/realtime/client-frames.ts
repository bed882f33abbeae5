import { MAX_CLIENT_FRAME_LENGTH } from '@app/shared';

/**
 * The WebSocket server's maxPayload (server.ts): a frame of MAX_CLIENT_FRAME_LENGTH
 * UTF-16 units (packages/shared/src/realtime/constants.ts) takes at most 3 bytes a
 * unit in UTF-8, so nothing the parser would accept is longer. A longer frame ends
 * the socket (1009) before it is buffered whole.
 */
export const MAX_CLIENT_FRAME_BYTES = 4 * MAX_CLIENT_FRAME_LENGTH;
