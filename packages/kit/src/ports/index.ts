export * from './sql';
export * from './events';
export * from './files';
export * from './cache';
export * from './mail';
export * from './documents';
