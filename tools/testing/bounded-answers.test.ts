/**
 * Issue 51: no answer over 256 KB. The spec's "all" lists keep their shape up to a bound stated in their
 * summary ("at most N", decisions 0074 and 0089); this checks that the bound times the list's widest
 * realistic row, made from the OpenAPI document's own schema, stays under 200 KB (256 KB less a margin).
 *
 * The widest realistic row (decision 0089): names and titles at the 100-character limit in Bengali (3 bytes
 * a character in UTF-8), e-mail addresses at 254, an address 66 Bengali characters, free text (messages,
 * reviews, replies, questions, reasons) 333 Bengali characters (1 KB), a course's HTML description 3 KB, a
 * mass mail's HTML 10 KB, every array
 * three long (an order of three courses, a question with three answers), numbers 13 digits, ids UUIDs.
 */
import { openApiDocument } from '@taal/launcher';

type Schema = { $ref?: string; anyOf?: Schema[]; oneOf?: Schema[]; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: string[]; const?: unknown; format?: string; description?: string };
const doc = openApiDocument as unknown as { paths: Record<string, { get?: { summary?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> } }>; components: { schemas: Record<string, Schema> } };
const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);

const bengali = (chars: number) => 'ক'.repeat(chars);
function widestText(name: string, s: Schema): string {
  if (s.enum) return [...s.enum].sort((a, b) => b.length - a.length)[0]!;
  if (s.format === 'date-time' || /At$|^dob$|[dD]ate$|Day$/.test(name)) return '2026-12-31T23:59:59.999+06:00';
  if (/^_?id$|Id$|^(course|instructor|lesson|user|fromUser|toInstructor)$/.test(name)) return '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  if (/email/i.test(name)) return `${'x'.repeat(64)}@${'y'.repeat(185)}.com`;
  if (/HTML description/.test(s.description ?? '')) return 'h'.repeat(3_000);
  if (/HTML/.test(s.description ?? '')) return 'h'.repeat(10_000);
  if (/name|title|subject|catagory|category/i.test(name)) return bengali(100);
  if (/address/i.test(name)) return bengali(66);
  if (/message|text|reply|body|question|answer|reason|description|bio|comment|note|excerpt/i.test(name)) return bengali(333);
  return 'w'.repeat(40);
}
function widest(schema: Schema, name = ''): unknown {
  const s = resolve(schema);
  if (s.anyOf ?? s.oneOf) return widest((s.anyOf ?? s.oneOf)![0]!, name);
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties) return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, widest(v, k)]));
  if (type === 'array') return [0, 1, 2].map(() => widest(s.items!, name));
  if (type === 'integer' || type === 'number') return 1_234_567_890_123;
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  return widestText(name, s);
}

/** The lists decision 0089 bounds, and how many rows of the bound one answer holds (the categories: five of them). */
const LISTS: [path: string, rowsPerBound: number][] = [
  ['/api/v1/user/', 1], ['/api/v1/user/type/all', 1], ['/api/v1/user/type/student', 1], ['/api/v1/user/type/subscriber', 1], ['/api/v1/user/type/{type}', 1],
  ['/api/v1/oauthusers', 1], ['/api/v1/analytics/users/{startDate}/{endDate}', 1],
  ['/api/v1/order/list', 1], ['/api/v1/analytics/orders/{startDate}/{endDate}', 1], ['/api/v1/analytics/paid-orders/{startDate}/{endDate}', 1],
  ['/api/v1/course/catagory/', 5],
  ['/api/v1/contact/general/', 1], ['/api/v1/contact/student/', 1], ['/api/v1/contact/u/c/{userId}', 1], ['/api/v1/contact/u/p/{userId}', 1], ['/api/v1/contact/mystudent/{instructorId}', 1],
  ['/api/v1/notification', 1], ['/api/v1/notification/user/{userId}/all', 1],
  ['/api/v1/review/recent', 1], ['/api/v1/review/hidden', 1], ['/api/v1/questions/recent', 1], ['/api/v1/report/queue', 1], ['/api/v1/mass-mail/', 1],
  // Decision 0084's and 0087's lists, bounded under 256 KB too (decision 0089 "Finished").
  ['/api/v1/course/', 1], ['/api/v1/course/adminallcourse', 1],
  ['/api/v1/store/order/', 1], ['/api/v1/store/order/mine/{userId}', 1], ['/api/v1/store/gift-card/', 1],
];
const AIM = 200 * 1024;

describe('the spec’s bounded "all" lists', () => {
  it.each(LISTS)('%s: its bound of its widest rows stays under 200 KB', (path, rowsPerBound) => {
    const get = doc.paths[path]?.get;
    const bound = Number(/at most (\d+)/.exec(get?.summary ?? '')?.[1]);
    expect([path, bound > 0]).toEqual([path, true]);
    const data = resolve(get!.responses['200']!.content!['application/json']!.schema).properties!.data!;
    // A list in data, or (the user analytics) in data.data; the categories: each a list of courses.
    const list = resolve(data).items ? resolve(data) : resolve(resolve(data).properties!.data!);
    const row = path.endsWith('/catagory/') ? resolve(resolve(list.items!).properties!.courses!).items! : list.items!;
    const rowBytes = Buffer.byteLength(JSON.stringify(widest(row)));
    const answerBytes = bound * rowsPerBound * rowBytes;
    expect({ path, bound, rowBytes, under: answerBytes <= AIM }).toEqual({ path, bound, rowBytes, under: true });
  });
});
