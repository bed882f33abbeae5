/** The chat feature's public surface: starting a conversation with the coach. */
export { ConnectCard } from './components/connect-card';
export { conversationAccessQueryKey, useConversationAccess } from './api/get-conversation-access';
export { useStartConversation } from './hooks/use-start-conversation';
