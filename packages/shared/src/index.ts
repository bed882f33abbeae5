export * from './constants';
export * from './roles';
export * from './passwords';
export * from './auth-schemas';
export * from './plans';
export * from './profile-schemas';
export * from './local-mail';
