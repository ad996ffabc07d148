// Whom the first screens' reads count for (decision 0070): the server draws a page by reading its
// own API, as the server (a key only its process knows), and counts the visitor one public read for
// the page. Otherwise every visitor's picture would be read from one address, the server's, and
// under load every page would go out with an empty picture. Here the visitor and the server share
// 127.0.0.1, so a read of the server's own counted would show at once.
import { useE2E } from './support';

const LIMIT = 6;
const e2e = useE2E({ env: { PUBLIC_READS_MAX_PER_ADDRESS: String(LIMIT), PUBLIC_READS_WINDOW_MS: '600000' } });

const landing = async () => (await fetch(`${e2e.baseUrl}/`, { headers: { Cookie: 'i18next=en' } })).text();

test('a visitor is counted one read per drawn page, and the server’s own reads not at all', async () => {
  const featured = (await (await fetch(`${e2e.baseUrl}/api/v1/course/featured/`)).json()) as { data: { title: string }[] };
  // The call above was a read of this address too.
  for (let page = 1; page < LIMIT; page++) {
    const html = await landing();
    expect(html).toContain('<div id="first-screen"');
    expect(html).toContain(featured.data[0]!.title);
  }
  // Past the limit the page still comes, without its picture (the app draws it, and is refused as anyone).
  const over = await landing();
  expect(over).not.toContain('<div id="first-screen"');
  expect(over).toContain('<div id="root"></div>');
});
