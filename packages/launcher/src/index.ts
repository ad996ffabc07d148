export { startAllInOne } from './all-in-one';
export { runCluster, readInfraEnv } from './cluster';
