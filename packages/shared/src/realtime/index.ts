export * from './constants';
export * from './channels';
export * from './events';
export * from './frames';
