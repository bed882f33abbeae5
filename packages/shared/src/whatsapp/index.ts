export * from './whatsapp-contract';
