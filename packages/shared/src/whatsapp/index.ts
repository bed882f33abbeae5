export * from './whatsapp-contract';
export * from './whatsapp-schemas';
