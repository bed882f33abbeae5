export * from './admin-contract';
export * from './admin-schemas';
export * from './member-context-contract';
export * from './member-notes-schemas';
