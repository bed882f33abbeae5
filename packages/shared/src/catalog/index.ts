export * from './catalog-contract';
export * from './strategic-prompt-schemas';
