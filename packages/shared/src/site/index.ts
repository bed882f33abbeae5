export * from './deployment-contract';
export * from './site-pages';
