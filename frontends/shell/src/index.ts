// Async boundary: Module Federation negotiates the shared singletons before bootstrap runs.
// The chunk is named so that the page preloads it (rsbuild-base.mjs): it is on every first screen.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
