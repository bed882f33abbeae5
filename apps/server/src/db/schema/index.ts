export * from './auth';
export * from './catalog';
export * from './profiles';
export * from './content';
export * from './chat';
export * from './feedback';
export * from './billing';
export * from './system';
