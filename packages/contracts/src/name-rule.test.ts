import { AccountFieldLimits, nameProblem, nameRefusal } from './account-rules';
import { cleanName, isCleanName, NAME_OR_BLANK_PATTERN, NAME_PATTERN, withoutRefusedCharacters } from './name-rule';

const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const at = (c: number) => String.fromCodePoint(c);
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the name rule (decision 0039)', () => {
  it('accepts names in English, Bengali and other scripts, with their accents and marks', () => {
    for (const name of [
      'Rafi Ahmed',
      'রাফি আহমেদ',
      'মোঃ সাকিব আল হাসান',
      "Seán O'Brien-Smith",
      'José Zoë',
      'e\u0301lodie', // a combining accent
      'राहुल शर्मा',
      'محمد علی',
      '王小明',
      'Nguyễn Thị Minh Khai',
      '  Rafi  ', // trimmed when stored
    ]) {
      expect({ name, problem: nameProblem(name) }).toEqual({ name, problem: null });
    }
  });

  it('accepts a zero-width non-joiner or joiner between two letters of Bengali, Devanagari and Arabic script', () => {
    for (const name of [
      `ক্${ZWNJ}ষ`, // the non-joiner after a hasanta: a visible hasanta instead of a conjunct
      `র${ZWJ}্যাব`, // the joiner before a hasanta: the ya-phala form
      `রাফি${ZWNJ}আহমেদ`,
      `क्${ZWJ}ष`,
      `می${ZWNJ}خواهم`, // Persian's non-joiner inside a word
    ]) {
      expect({ name, clean: isCleanName(name), refusal: nameRefusal(name) }).toEqual({ name, clean: true, refusal: null });
    }
  });

  it('refuses the invisible characters the attack run used, inside a name and as the whole name', () => {
    for (const c of [0x200b, 0x200f, 0xfeff, 0x3164, 0x202e, 0x115f, 0x1160, 0xffa0, 0x2800, 0x00ad, 0x2060, 0x2066, 0x034f, 0xfe0f, 0xe0041, 0xe0001]) {
      const invisible = at(c);
      for (const name of [`Rafi${invisible}Ahmed`, `${invisible}Rafi`, `Rafi${invisible}`, invisible, invisible.repeat(5), ` ${invisible} `, `${invisible}${ZWJ}${invisible}`]) {
        const shown = [...name].map((x) => hex(x.codePointAt(0)!)).join(' ');
        // U+FEFF is white space to trim(): a name of nothing else is blank.
        const expected = name.trim() === '' ? 'NAME_REQUIRED' : 'NAME_INVALID';
        expect({ c: hex(c), shown, refusal: nameRefusal(name) }).toEqual({ c: hex(c), shown, refusal: expected });
      }
    }
  });

  it('refuses a joiner anywhere but between two joining letters', () => {
    for (const name of [
      ZWNJ,
      ZWJ.repeat(3),
      `${ZWNJ}রাফি`,
      `রাফি${ZWJ}`,
      `রাফি${ZWNJ} আহমেদ`,
      `রাফি ${ZWNJ}আহমেদ`,
      `রা${ZWNJ}${ZWNJ}ফি`, // one at a time
      `Ra${ZWJ}fi`, // Latin letters do not join
      `রা${ZWJ}1`,
      `🎸${ZWJ}Rafi`, // a joiner outside an emoji sequence (decision 0071)
    ]) {
      expect({ name, refusal: nameRefusal(name) }).toEqual({ name, refusal: 'NAME_INVALID' });
    }
  });

  describe('emoji with a presentation selector, keycaps and joined emoji sequences (issue 55, decision 0071)', () => {
    const VS16 = '\ufe0f';
    const VS15 = '\ufe0e';
    it.each([
      ['a heart with its emoji selector', `Rafi ❤${VS16}`],
      ['a guitar with its selector inside Bengali', `রাফি 🎸${VS16} আহমেদ`],
      ['a text-presentation selector', `☺${VS15} Mina`],
      ['a family (joined pictographs)', `👨${ZWJ}👩${ZWJ}👧 Rahman`],
      ['a singer with a skin tone', `🧑🏽${ZWJ}🎤`],
      ['a skin tone alone after a pictograph', 'Rafi 👍🏽'],
      ['the rainbow flag (selector, joiner)', `🏳${VS16}${ZWJ}🌈`],
      ['an eye in a speech bubble (selectors on both)', `👁${VS16}${ZWJ}🗨${VS16}`],
      ['a heart on fire', `❤${VS16}${ZWJ}🔥`],
      ['a woman running to the right, skin tone (four parts)', `🏃🏽${ZWJ}♀${VS16}${ZWJ}➡${VS16}`],
      ['a keycap', `Room 1${VS16}\u20e3`],
      ['two sequences in a row', `👨${ZWJ}👩${ZWJ}👧❤${VS16}👍🏽`],
      ['the Bengali ya-phala beside an emoji', `র${ZWJ}্যাব ❤${VS16}`],
    ])('accepts %s', (_what, name) => {
      expect({ name, clean: isCleanName(name), refusal: nameRefusal(name), matched: new RegExp(NAME_PATTERN, 'u').test(name) }).toEqual({ name, clean: true, refusal: null, matched: true });
      // Nothing in it is taken out when cleaned: the sanitiser keeps what the rule takes.
      expect(withoutRefusedCharacters(name)).toBe(name);
    });
    it.each([
      ['a selector after a letter', `Rafi${VS16}`],
      ['a selector alone', VS16],
      ['a selector after a space', `🎸 ${VS16}`],
      ['two selectors', `🎸${VS16}${VS16}`],
      ['a selector after a skin tone', `👍🏽${VS16}`],
      ['a joiner between Latin letters', `Ra${ZWJ}fi`],
      ['a joiner after an emoji at the end', `🎸${ZWJ}`],
      ['a joiner before an emoji at the start', `${ZWJ}🎸`],
      ['a joiner between an emoji and a letter', `🎸${ZWJ}a`],
      ['a joiner between a letter and an emoji', `a${ZWJ}🎸`],
      ['two joiners between emoji', `🎸${ZWJ}${ZWJ}🎹`],
      ['a joiner after a selected emoji at the end', `❤${VS16}${ZWJ}`],
      ['a non-joiner between emoji', `🎸${ZWNJ}🎹`],
      ['a zero-width space between emoji', '🎸\u200b🎹'],
      ['a direction override inside an emoji sequence', `👨${ZWJ}\u202e👩`],
      ['a keycap with its selector after the mark', `1\u20e3${VS16}`],
      ['the tags of a subdivision flag (invisible)', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
      ['only selectors and joiners', `${VS16}${ZWJ}${VS16}`],
    ])('refuses %s', (_what, name) => {
      expect({ name, refusal: nameRefusal(name) }).toEqual({ name, refusal: 'NAME_INVALID' });
      // The sanitiser takes out exactly what the rule refuses: what is left is a name (or nothing).
      const left = withoutRefusedCharacters(name);
      expect(left === '' || isCleanName(left)).toBe(true);
    });
    it('cleans a profile name: the stray selectors and joiners out, the emoji kept', () => {
      expect(cleanName(`${VS16}Rafi${ZWJ} ❤${VS16}${ZWJ} 👨${ZWJ}👩${ZWJ}👧${ZWJ}`, 100)).toBe(`Rafi ❤${VS16} 👨${ZWJ}👩${ZWJ}👧`);
    });
    it('matches long emoji names that fail at the end in linear time', () => {
      const pattern = new RegExp(NAME_PATTERN, 'u');
      const started = performance.now();
      for (const emoji of [`👨${ZWJ}👩${ZWJ}👧`, `❤${VS16}`, '👍🏽', `1${VS16}\u20e3`, `🏳${VS16}${ZWJ}🌈`, `🎸${ZWJ}`]) expect(pattern.test(`${emoji.repeat(20_000)}\u200b`)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  it('refuses every control, format, line and paragraph separator character the engine knows (Cc, Cf, Zl, Zp)', () => {
    const category = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u;
    const allowed: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = at(c);
      if (!category.test(ch)) continue;
      // Between two Bengali letters, where the joiners are allowed.
      if (isCleanName(`রা${ch}ফি`) && c !== 0x200c && c !== 0x200d) allowed.push(hex(c));
      if (isCleanName(`Rafi${ch}Ahmed`) || isCleanName(ch)) allowed.push(hex(c));
    }
    expect(allowed).toEqual([]);
  });

  it('keeps characters above the BMP (an emoji, a rare CJK name) but refuses the tags among them', () => {
    expect(nameRefusal('Rafi 😀')).toBeNull();
    expect(nameRefusal('𠮷田')).toBeNull();
    expect(nameRefusal('Rafi\u{E0041}')).toBe('NAME_INVALID');
  });

  it('keeps the sign-up rule: required, at most 100 characters', () => {
    expect(nameRefusal('')).toBe('NAME_REQUIRED');
    expect(nameRefusal(' \t ')).toBe('NAME_REQUIRED');
    expect(nameRefusal('\u3000')).toBe('NAME_REQUIRED'); // white space only
    expect(nameRefusal(undefined)).toBe('NAME_REQUIRED');
    expect(nameRefusal('a'.repeat(AccountFieldLimits.name))).toBeNull();
    expect(nameRefusal('a'.repeat(AccountFieldLimits.name + 1))).toBe('NAME_TOO_LONG');
    expect(nameProblem('a'.repeat(150), 200)).toBeNull();
  });

  it('is one pattern that JavaScript, JSON Schema and Python read alike, matched in linear time', () => {
    // Only \uXXXX escapes, classes, groups and a lookahead: no \p{…}, \u{…}, lookbehind or surrogates (jsonschema-rs compiles none).
    expect(NAME_PATTERN).not.toMatch(/\\p\{|\\u\{|\(\?<[=!]|\\ud[89a-f]/i);
    const pattern = new RegExp(NAME_PATTERN, 'u');
    expect(pattern.test('রাফি আহমেদ')).toBe(true);
    expect(pattern.test('Rafi\u200bAhmed')).toBe(false);
    // A long name that fails at its last character: no backtracking blow-up.
    const started = performance.now();
    for (const tail of ['\u200b', `${ZWNJ}`, ' \u0000']) {
      expect(pattern.test(`${'ক্ষ'.repeat(30_000)}${tail}`)).toBe(false);
      expect(pattern.test(`${`ক${ZWNJ}`.repeat(30_000)}${tail}`)).toBe(false);
      expect(pattern.test(`${' '.repeat(60_000)}${tail}`)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('has a blank-or-name pattern for update forms, whose blank is exactly what trim() takes away', () => {
    const blankOrName = new RegExp(NAME_OR_BLANK_PATTERN, 'u');
    for (const value of ['', '   ', '\t\n', '\ufeff', '\u3000 ', 'Rafi Ahmed', 'রাফি আহমেদ', `ক্${ZWNJ}ষ`]) expect({ value, ok: blankOrName.test(value) }).toEqual({ value, ok: true });
    for (const value of ['\u200b', 'Rafi\u200bAhmed', '\u3164', ` ${ZWJ} `]) expect({ value, ok: blankOrName.test(value) }).toEqual({ value, ok: false });
    // Every BMP character: the pattern takes it (twice) exactly when trim() leaves nothing or the name rule takes it.
    const differ: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const twice = at(c).repeat(2);
      if (blankOrName.test(twice) !== (twice.trim() === '' || isCleanName(twice))) differ.push(hex(c));
    }
    expect(differ).toEqual([]);
  });

  it('cleans a name from elsewhere (a social profile): refused characters and stray joiners out, spaces collapsed, cut to length', () => {
    expect(cleanName('\u200bRafi\u3164  \u202eAhmed\ufeff', 100)).toBe('Rafi Ahmed');
    expect(cleanName(`ক্${ZWNJ}ষ ${ZWNJ}রাফি${ZWJ}`, 100)).toBe(`ক্${ZWNJ}ষ রাফি`);
    expect(cleanName('\u3164\u200b\u2800', 100)).toBe('');
    expect(cleanName('Rafi Ahmed', 4)).toBe('Rafi');
    expect(cleanName('ab😀cd', 3)).toBe('ab');
    expect(nameRefusal(cleanName(`\u202eRafi${ZWJ}\u0000 Ahmed`, 100))).toBeNull();
  });

  it('withoutRefusedCharacters: the same list for any text (the plain-text sanitiser, decision 0064), with characters to keep', () => {
    expect(withoutRefusedCharacters('a\u202eb\u2066c\u200bd\u0000e\nf\tg')).toBe('abcdefg');
    expect(withoutRefusedCharacters('a\nb\tc\rd', new Set(['\n', '\t']))).toBe('a\nb\tcd');
    expect(withoutRefusedCharacters(`র${ZWJ}্যাব ${ZWNJ}x`)).toBe(`র${ZWJ}্যাব x`);
  });
});
