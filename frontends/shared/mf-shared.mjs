// The one Module Federation `shared` configuration used by the shell and every remote.
// React, ReactDOM and React Router (and the i18next instance, so every remote sees the
// language the shell picked) are singletons: whichever copy the shell loads first is the
// one every remote uses.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const versionOf = (name) => require(`${name}/package.json`).version;

const singleton = (name) => ({ singleton: true, requiredVersion: `^${versionOf(name)}` });

export const sharedDependencies = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  i18next: singleton('i18next'),
};

/** Names of the remotes the shell composes at run time (each one is a folder under frontends/). */
export const remoteNames = ['storefront', 'panel', 'admin'];
