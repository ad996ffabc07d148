export * from './plain-text';
export * from './conduct';
