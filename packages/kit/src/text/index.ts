export * from './plain-text';
