export * from './chat-contract';
export * from './chat-link';
export * from './chat-schemas';
