export * from './local-mailbox';
export * from './local-payments';
