// The spec's words that read as typos are kept exactly (issue 55, decision 0067; refusals/refusal.ts):
// the refusal catalogue, the success messages and the English screens say what the spec quotes,
// and the spec (../shared/spec beside the repository) does quote each of them.
import fs from 'node:fs';
import path from 'node:path';
import { CourseAdminMessages, IdentityMessages, Refusals } from './web';

const SPEC = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'spec');
const EN = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'frontends', 'shell', 'public', 'assets', 'locales', 'en', 'translation.json'), 'utf8'));

/** Each kept text, where we say it, and the spec file quoting it. */
const KEPT = [
  { text: 'any of the field is missing', ours: [Refusals.ANY_FIELD_MISSING.en, Refusals.VOUCHER_FIELDS_MISSING.en], spec: 'admin-back-office.md' },
  { text: 'check your email to verification', ours: [IdentityMessages.signUpSuccess, EN.auth.signup.success], spec: 'storefront-and-panels.md' },
  { text: 'Course Update Successfully!!!', ours: [CourseAdminMessages.courseUpdated, EN.adminCourses.msg.courseUpdated], spec: 'admin-back-office.md' },
];

describe("the spec's exact words, kept", () => {
  it.each(KEPT)('"$text" is what we say', ({ text, ours }) => {
    for (const said of ours) expect(said).toBe(text);
  });

  it.each(KEPT)('"$text" is quoted by the spec ($spec)', ({ text, spec }) => {
    const file = path.join(SPEC, spec);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(`'${text}'`);
  });

  it('says so in the refusal catalogue', () => {
    const comment = fs.readFileSync(path.join(__dirname, 'refusals', 'refusal.ts'), 'utf8');
    for (const { text } of KEPT) expect(comment).toContain(`"${text}"`);
  });
});
