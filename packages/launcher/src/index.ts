export { startAllInOne, type AllInOneOptions } from './all-in-one';
export { runCluster } from './cluster';
export { services } from './registry';
export { runClusterTarget } from './run';
export { parseLaunchArgs } from './main';
export { declaredRoutes, openApiDocument } from './api-document';
