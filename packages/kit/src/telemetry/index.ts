export { currentTraceParent, withEventSpan, traceIdsForLog } from './context';
export { onProcessExit, flushBeforeExit } from './flush';
