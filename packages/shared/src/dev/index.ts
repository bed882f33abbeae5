export * from './local-mailbox';
export * from './local-payments';
export * from './local-whatsapp';
