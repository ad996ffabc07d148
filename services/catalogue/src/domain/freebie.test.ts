import { filesOf, freebieProblems, popupProblems, youtubeVideoId, type FreebieFields } from './freebie';

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (link, id) => expect(youtubeVideoId(link)).toBe(id));

  it.each([
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    '',
  ])('refuses %s', (link) => expect(youtubeVideoId(link)).toBeNull());
});

describe('freebieProblems', () => {
  const valid: FreebieFields = {
    title: 'Open chords',
    subtitle: 'The first five',
    category: 'Guitar',
    description: '<p>Learn them</p>',
    thumbnail: '',
    youtube: 'https://youtu.be/dQw4w9WgXcQ',
    documents: [],
    carouselImages: [],
  };

  it('accepts a YouTube link alone, or carousel images alone; documents are optional', () => {
    expect(freebieProblems(valid)).toEqual({});
    expect(freebieProblems({ ...valid, youtube: '', carouselImages: ['/api/v1/files/images/a.jpg'] })).toEqual({});
    expect(freebieProblems({ ...valid, documents: [{ path: '/api/v1/files/documents/a.pdf', name: 'chords.pdf' }] })).toEqual({});
  });

  it('needs a YouTube link or carousel images', () => {
    expect(freebieProblems({ ...valid, youtube: '' })).toHaveProperty('youtube');
    expect(freebieProblems({ ...valid, youtube: 'https://vimeo.com/1' })).toHaveProperty('youtube');
  });

  it('needs title, subtitle, a known category and a description with text', () => {
    const problems = freebieProblems({ ...valid, title: ' ', subtitle: '', category: 'Banjo', description: '<p><br></p>' });
    expect(Object.keys(problems).sort()).toEqual(['category', 'description', 'subtitle', 'title']);
    expect(freebieProblems({ ...valid, category: 'FAQ' })).toEqual({});
  });

  it('accepts only stored file paths', () => {
    expect(freebieProblems({ ...valid, thumbnail: 'https://evil.example/x.jpg' })).toHaveProperty('files');
    expect(freebieProblems({ ...valid, carouselImages: ['/api/v1/files/../../etc/passwd'] })).toHaveProperty('files');
    expect(filesOf({ thumbnail: '/t.jpg', documents: [{ path: '/d.pdf', name: 'd' }], carouselImages: ['/c.jpg'] })).toEqual(['/t.jpg', '/d.pdf', '/c.jpg']);
  });

  it('popups need a title and a body', () => {
    expect(popupProblems({ title: 'Sale', body: 'Half price', thumbnail: '' })).toEqual({});
    expect(Object.keys(popupProblems({ title: '', body: ' ', thumbnail: '' })).sort()).toEqual(['body', 'title']);
    expect(popupProblems({ title: '', body: 'x', thumbnail: 'https://evil.example/x.png' })).toEqual({ title: 'ENTRY_REQUIRED', thumbnail: 'FILE_NOT_STORED' });
  });
});
