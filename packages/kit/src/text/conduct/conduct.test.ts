import { conductProblem, contactDetailIn, hasProfanity } from '.';

describe('profanity (decision 0075)', () => {
  it.each([
    'you are a fuck',
    'FUCK this',
    'what the f.u.c.k',
    'f u c k you',
    'f*ck you',
    'fuuuuck',
    'sh1t lesson',
    'you a$$hole',
    'fück',
    'f\u200buck',
    'shit!',
    'fu.ck',
    'son of a bitch',
    'ｆｕｃｋ',
    'তুই একটা খানকি',
    'হারামজাদা শিক্ষক',
    'কুত্তার বাচ্চা',
    'বোকা\u200cচোদা',
    'tui ekta khanki',
    'haramjada',
    'kuttar bacha',
    'KHANKIR pola',
    'bokachoda',
  ])('refuses %p', (text) => {
    expect(hasProfanity(text)).toBe(true);
    expect(conductProblem(text)).toBe('profanity');
  });

  it.each([
    'I love this class',
    'Scunthorpe',
    'assessment of the bass pass',
    'Dickens wrote novels',
    'a cocktail of chords',
    'shitake mushrooms',
    'bassist',
    'the grasshopper',
    'I have a cumulative score',
    'hello!',
    'well-known song',
    'A B C D chords',
    'বালিশে মাথা রেখে গান শুনি',
    'আমার ধন্যবাদ নিন',
    'শালা বাবু এসেছেন',
    'কুত্তা ঘেউ ঘেউ করে',
    'খুব ভালো কোর্স',
    'dhonnobad',
    'amar bhalo legeche',
  ])('accepts %p', (text) => {
    expect(hasProfanity(text)).toBe(false);
    expect(conductProblem(text)).toBeNull();
  });
});

describe('contact details (decision 0075)', () => {
  it.each([
    ['call 01712345678', 'phone'],
    ['call 017-1234-5678', 'phone'],
    ['call 017 12 34 56 78', 'phone'],
    ['+8801712345678', 'phone'],
    ['+880 1712 345678', 'phone'],
    ['০১৭১২৩৪৫৬৭৮ এ ফোন দিন', 'phone'],
    ['০১৭১২-৩৪৫ ৬৭৮', 'phone'],
    ['+44 20 7946 0958', 'phone'],
    ['mail me: rahim@gmail.com', 'email'],
    ['rahim at gmail dot com', 'email'],
    ['rahim (at) gmail (dot) com', 'email'],
    ['rahim @ gmail . com', 'email'],
    ['rahim এট gmail ডট com', 'email'],
    ['write to rahim@gmail', 'email'],
    ['wa.me/8801712', 'chatApp'],
    ['https://t.me/rahim_guitar', 'chatApp'],
    ['m.me/rahim', 'chatApp'],
    ['add me on imo.im', 'chatApp'],
    ['whatsapp me', 'chatApp'],
    ['Whats App please', 'chatApp'],
    ['Telegram e asho', 'chatApp'],
    ['হোয়াটসঅ্যাপে মেসেজ দিন', 'chatApp'],
    ['ইমোতে কথা বলি', 'chatApp'],
    ['wa . me / 12', 'chatApp'],
  ])('finds %p', (text, kind) => {
    expect(contactDetailIn(text)).toBe(kind);
    expect(conductProblem(text)).toBe('contactDetails');
  });

  it.each([
    'lesson 3 at 10 am, then practise at home',
    'I practised 2 hours at 120 bpm',
    'imo the second lesson is best',
    'the messenger of the gods',
    'price 1500 taka, 12 lessons',
    'chapter 01 to 12',
    'লেসন ৩ থেকে ১২ পর্যন্ত',
    'a 4/4 time signature at 90 bpm',
    'look at the dot above the note',
  ])('leaves %p', (text) => {
    expect(contactDetailIn(text)).toBeNull();
  });

  it('lets a message to staff carry contact details when the rule says so', () => {
    expect(conductProblem('call me at 01712345678', { contactDetails: false })).toBeNull();
    expect(conductProblem('fuck, call me at 01712345678', { contactDetails: false })).toBe('profanity');
  });
});
