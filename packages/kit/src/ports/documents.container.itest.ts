import { startFerretDbContainer, type FerretDbContainer } from '../../../../tools/testing/ferretdb-container';
import { createDocumentStore } from '../documents';
import { describeDocumentStoreContract } from './documents.contract';

/** The same contract against a FerretDB started through testcontainers (decision 0041). */
let container: FerretDbContainer | undefined;
afterAll(async () => {
  await container?.stop();
}, 60_000);

describeDocumentStoreContract('FerretDB (SQLite) in a container started by testcontainers', async () => {
  container = await startFerretDbContainer();
  return createDocumentStore(container.url('taal'));
});
