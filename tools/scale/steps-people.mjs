/**
 * The scale seed's SQL for people and the catalogue (decision 0082): identity's accounts, the
 * catalogue's instructors and courses, learning's lessons. Each step is one INSERT … SELECT over
 * generate_series, in the service's own schema.
 */
import { ADMINS, CONTENT, LESSONS, exprs, uid } from './shape.mjs';

const CATEGORIES = `(ARRAY['Guitar','Bass Guitar','Drums','Piano & Keyboard','Sound Engineering'])`;
const LEVELS = `(ARRAY['beginner','intermediate','advanced'])`;
const WORDS = `(ARRAY['Rhythm','Chords','Scales','Groove','Harmony','Technique','Improvisation','Theory','Mixing','Fingerstyle'])`;

/** `passwordHash`: the demo student's (or `student123` hashed): every seeded account signs in with it. */
export function peopleSteps(s, passwordHash) {
  const e = exprs(s);
  const staff = ADMINS + CONTENT;
  const role = (g) => `(CASE WHEN ${g} <= ${ADMINS} THEN 'admin' WHEN ${g} <= ${staff} THEN 'content' WHEN ${g} <= ${staff + s.instructors} THEN 'instructor' ELSE 'student' END)`;
  return [
    {
      service: 'identity',
      name: 'users',
      rows: s.users,
      // Every seeded account signs in with the demo student's password (its hash is copied).
      sql: `INSERT INTO identity.users (id, student_id, name, email, password_hash, phone, referral_code, type, instructor, subscriber,
              email_verify, first_purchase, login_from, google_sub, language, dob, created_at)
            SELECT ${uid('a', 'g')}, 'TS-' || (700000000 + g), initcap(${role('g')}) || ' ' || g, ${role('g')} || g || '@scale.taal.local',
                   $1::text, '01' || lpad((700000000 + g)::text, 9, '0'), 'SC' || lpad(g::text, 8, '0'),
                   CASE WHEN g <= ${ADMINS} THEN 1 WHEN g <= ${staff} THEN 2 WHEN g <= ${staff + s.instructors} THEN 3 ELSE 4 END,
                   CASE WHEN g > ${staff} AND g <= ${staff + s.instructors} THEN ${uid('b', `g - ${staff}`)} ELSE '' END,
                   g % 7 = 0, true, g > ${e.firstStudent}, CASE WHEN g % 25 = 0 THEN 'Google' ELSE '' END,
                   CASE WHEN g % 25 = 0 THEN 'scale-' || g END, CASE WHEN g % 3 = 0 THEN 'bn' ELSE 'en' END,
                   date '1990-01-01' + (g % 7000), ${e.userAt('g')}
              FROM generate_series(1, ${s.users}) AS g`,
      params: [passwordHash],
    },
    {
      service: 'catalogue',
      name: 'instructors',
      rows: s.instructors,
      sql: `INSERT INTO catalogue.instructor (id, name, bio, band, featured, published, percentage, created_at)
            SELECT ${uid('b', 'i')}, 'Instructor ' || i, 'Teaches ' || lower(${CATEGORIES}[1 + i % 5]) || ' for ' || (3 + i % 20) || ' years.',
                   'Band ' || (i % 997), i <= 8, true, 60, ${e.userAt(`${staff} + i`)}
              FROM generate_series(1, ${s.instructors}) AS i`,
    },
    {
      service: 'catalogue',
      name: 'courses',
      rows: s.courses,
      // Every twentieth course is a draft; the catalogue's rating and sold figures are set after the orders.
      sql: `INSERT INTO catalogue.course (id, title, subtitle, description, course_hours, category, level, instructor_id, price, old_price,
              validity_days, silver_price, silver_old_price, silver_validity, gold_price, gold_old_price, gold_validity,
              diamond_price, diamond_old_price, diamond_validity, published, featured, topics, created_at)
            SELECT ${uid('c', 'c')}, ${CATEGORIES}[1 + c % 5] || ' ' || ${WORDS}[1 + (c / 5) % 10] || ' ' || c,
                   ${LEVELS}[1 + c % 3] || ' ' || lower(${WORDS}[1 + c % 10]), 'A course of ' || ${LESSONS} || ' lessons on ' || lower(${WORDS}[1 + (c / 5) % 10]) || '.',
                   2 + c % 30, ${CATEGORIES}[1 + c % 5], ${LEVELS}[1 + c % 3], ${uid('b', e.instructorOf('c'))},
                   ${e.price('c')}, ${e.price('c')} + 50000, 180, ${e.price('c')}, ${e.price('c')} + 50000, 180,
                   ${e.price('c')} * 2, ${e.price('c')} * 2 + 50000, 365, ${e.price('c')} * 3, ${e.price('c')} * 3 + 50000, 730,
                   c % 20 <> 0, c % 500 = 1, '["Basics","Practice"]'::jsonb, ${e.courseAt('c')}
              FROM generate_series(1, ${s.courses}) AS c`,
    },
    {
      service: 'learning',
      name: 'lessons',
      rows: s.courses * LESSONS,
      sql: `INSERT INTO learning.lesson (id, course_id, position, title, status, size, duration_seconds, created_at)
            SELECT ${uid('e', `(c - 1) * ${LESSONS} + p`)}, ${uid('c', 'c')}, p, 'Lesson ' || p || ' of course ' || c,
                   CASE p WHEN 1 THEN 'open' WHEN 2 THEN 'login' ELSE 'paid' END, 0, 300 + p * 60, ${e.courseAt('c')}
              FROM generate_series(1, ${s.courses}) AS c, generate_series(1, ${LESSONS}) AS p`,
    },
    {
      service: 'learning',
      name: 'contacts',
      rows: s.students,
      sql: `INSERT INTO learning.contact (user_id, name, email, language)
            SELECT ${uid('a', 'g')}, 'Student ' || g, 'student' || g || '@scale.taal.local', CASE WHEN g % 3 = 0 THEN 'bn' ELSE 'en' END
              FROM generate_series(${e.firstStudent + 1}, ${s.users}) AS g`,
    },
  ];
}
