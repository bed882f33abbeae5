export * from './chat-contract';
export * from './chat-link';
export * from './chat-schemas';
export * from './message-search';
export * from './saved-replies';
