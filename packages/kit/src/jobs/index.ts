export * from './queue';
export * from './worker';
export * from './sql-queue';
export * from './document-queue';
