/** The chat feature's public surface: starting a conversation with the coach. */
export { ConnectCard } from './components/connect-card';
