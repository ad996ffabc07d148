export { startAllInOne } from './all-in-one';
export { runCluster } from './cluster';
