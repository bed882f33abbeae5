/** The chat feature's public surface: starting a conversation with the coach. */
export { ConnectCard } from './components/connect-card';
export { useConversationAccess } from './api/get-conversation-access';
