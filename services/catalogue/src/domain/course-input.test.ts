import type { catalogueV1 } from '@taal/contracts';
import { checkCourseInput, checkInstructorInput, freeLessonProblems, upcomingProblems } from './course-input';

const img = '/api/v1/media/images/0b9c2b0e-4c1f-4b4a-9d8e-6f1f2b3c4d5e.jpg';
const full: catalogueV1.CourseInput = {
  title: ' Slide guitar ',
  subtitle: 'Open tunings',
  description: '<p>x</p>',
  courseHours: 6,
  category: 'Guitar',
  level: 'Advance',
  instructorId: 'i-1',
  silverPrice: 150000,
  silverOldPrice: 200000,
  silverValidity: 30,
  goldPrice: 250000,
  goldOldPrice: 300000,
  goldValidity: 90,
  diamondPrice: 400000,
  diamondOldPrice: 500000,
  diamondValidity: 365,
  thumbnail: img,
  banner: img,
  topics: { items: [' a ', '', 'b'] },
  requirements: { items: ['r'] },
  whoFor: { items: ['w'] },
  addDocuments: [],
};

describe('course input', () => {
  it('accepts a full new course: trimmed, level normalised, price and validity from the silver tier', () => {
    const { values, problems } = checkCourseInput(full, null);
    expect(problems).toEqual({});
    expect(values).toMatchObject({ title: 'Slide guitar', level: 'advanced', price: 150000, oldPrice: 200000, validityDays: 30, topics: ['a', 'b'], bundle: false });
  });

  it('names every missing or bad field of a new course by its API name', () => {
    const { problems } = checkCourseInput({ ...full, title: ' ', goldValidity: 0, category: 'Banjo', thumbnail: 'https://evil.example/x.jpg', banner: undefined, topics: undefined }, null);
    expect(Object.keys(problems).sort()).toEqual(['banner', 'catagory', 'priceGoldValidity', 'thumbnail', 'title', 'topic']);
  });

  it('changes only the fields present on update, and adds documents to the list', () => {
    const current = checkCourseInput(full, null).values;
    current.documents = [{ name: 'a.pdf', url: '/api/v1/course/00000000-0000-4000-8000-000000000001/documents/0b9c2b0e-4c1f-4b4a-9d8e-6f1f2b3c4d5e.pdf' }];
    const { values, problems } = checkCourseInput(
      { goldValidity: 120, addDocuments: [{ name: 'b.pdf', url: '/api/v1/course/00000000-0000-4000-8000-000000000001/documents/1b9c2b0e-4c1f-4b4a-9d8e-6f1f2b3c4d5e.pdf' }] },
      current,
    );
    expect(problems).toEqual({});
    expect(values).toEqual({ ...current, gold: { ...current.gold, validityDays: 120 }, documents: [...current.documents, { name: 'b.pdf', url: expect.any(String) }] });
    expect(checkCourseInput({ addDocuments: [{ name: 'x.pdf', url: '/etc/passwd' }] }, current).problems).toHaveProperty('documents');
  });

  it('needs a title and a YouTube link for a free lesson', () => {
    expect(freeLessonProblems('', '')).toEqual({ title: 'ENTRY_REQUIRED', path: 'ENTRY_REQUIRED' });
    expect(freeLessonProblems('Intro', 'https://vimeo.com/1234567')).toHaveProperty('path');
    expect(freeLessonProblems('Intro', 'https://youtu.be/dQw4w9WgXcQ')).toEqual({});
  });

  it('needs every instructor field on create, none on update; an upcoming course needs a name and an uploaded photo', () => {
    expect(Object.keys(checkInstructorInput({ name: 'N' }, null).problems).sort()).toEqual(['band', 'banner', 'bio', 'percentage', 'photo']);
    const current = { name: 'N', bio: 'b', band: 'B', photo: img, banner: img, percentage: 40, featured: false };
    expect(checkInstructorInput({ band: 'New' }, current)).toEqual({ values: { ...current, band: 'New' }, problems: {} });
    expect(checkInstructorInput({ percentage: 101 }, current).problems).toHaveProperty('percentage');
    expect(upcomingProblems('Tabla', img)).toEqual({});
    expect(Object.keys(upcomingProblems(' ', 'data:image/png;base64,xx'))).toEqual(['name', 'photo']);
  });

  it("an instructor's name follows the one name rule (decision 0039): no invisible or formatting characters, Bengali joiners inside a word", () => {
    const current = { name: 'N', bio: 'b', band: 'B', photo: img, banner: img, percentage: 40, featured: false };
    for (const name of ['Rafi\u200bAhmed', '\u3164', '\u200f', 'Ra\u200dfi', '\u2800\u2800']) {
      expect({ name, problems: checkInstructorInput({ name }, current).problems }).toEqual({ name, problems: { name: 'NAME_INVALID' } });
    }
    for (const name of ['রাফি আহমেদ', 'ক্\u200cষমা রায়', 'Rafi Ahmed']) expect(checkInstructorInput({ name }, current)).toEqual({ values: { ...current, name }, problems: {} });
    // Instructors keep their own length limit (200).
    expect(checkInstructorInput({ name: 'n'.repeat(150) }, current).problems).toEqual({});
  });
});
