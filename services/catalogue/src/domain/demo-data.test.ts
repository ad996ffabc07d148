import { DEMO_COURSE_IDS } from '@taal/contracts';
import { demoCourses } from './demo-data';

describe('the demo catalogue', () => {
  it('seeds exactly the course ids learning gives demo lessons to (DEMO_COURSE_IDS)', () => {
    expect(demoCourses.map((c) => c.id)).toEqual(DEMO_COURSE_IDS);
  });
});
