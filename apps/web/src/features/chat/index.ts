/** The chat feature's public surface: starting a conversation with the coach, and writing to them. */
export { ConnectCard } from './components/connect-card';
export { CoachChat } from './components/coach-chat';
export { useConversationAccess } from './api/get-conversation-access';
