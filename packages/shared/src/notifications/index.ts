export * from './notifications-contract';
export * from './notification-schemas';
export * from './notification-texts';
