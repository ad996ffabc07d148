// single-spa-react lifecycles for a remote. The shell passes `domElement` (its slot for the
// remote) as a custom prop, so remotes do not need to know the shell's markup.
// The error boundary is made with React.createElement, not JSX: this module is the remotes' own
// copy (the shell does not provide it), loaded in a chunk of its own, and JSX would compile React's
// JSX runtime into that chunk as well as into the remote's exposed module beside it (0.4 KB gzipped
// twice on every first visit; /allcourses' budget).
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

export function createLifecycles(Root: React.FunctionComponent) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root as React.FunctionComponent<object>,
    errorBoundary: (err: Error) => React.createElement('div', { className: 'remote-error', role: 'alert' }, React.createElement('p', null, `Something went wrong: ${String(err?.message ?? err)}`)),
  });
}
