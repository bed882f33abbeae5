export * from './api-error';
export * from './paging';
