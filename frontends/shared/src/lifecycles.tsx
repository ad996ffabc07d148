// single-spa-react lifecycles for a remote. The shell passes `domElement` (its slot for the
// remote) as a custom prop, so remotes do not need to know the shell's markup.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

export function createLifecycles(Root: React.FunctionComponent) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root as React.FunctionComponent<object>,
    errorBoundary: (err: Error) => (
      <div className="remote-error" role="alert">
        <p>Something went wrong: {String(err?.message ?? err)}</p>
      </div>
    ),
  });
}
