import { createLifecycles } from '@taal/web-shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = createLifecycles(App);
