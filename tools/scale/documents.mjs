/**
 * The scale seed's documents (decision 0082): messaging's reviews, lesson questions and answers,
 * student–instructor messages, contact messages and notifications, written with the driver messaging
 * uses (insertMany, unordered, in batches). Each document derives from an order or a user number with
 * the same rules as the SQL (shape.mjs's jsOf), so a review is a paid student's of their course, and the
 * catalogue's rating figures (seeded by SQL) equal these reviews' recount.
 */
import { createRequire } from 'node:module';
import { ADMINS, CONTENT, LESSONS, jsOf, uidJs } from './shape.mjs';

const require = createRequire(import.meta.url);
const BATCH = 5000;

async function insertAll(collection, count, make) {
  let batch = [];
  let written = 0;
  for (let n = 1; n <= count; n++) {
    const doc = make(n);
    if (doc) batch.push(doc);
    if (batch.length === BATCH || n === count) {
      if (batch.length) await collection.insertMany(batch, { ordered: false });
      written += batch.length;
      batch = [];
    }
  }
  return written;
}

/** Writes every document kind; answers the count per collection. */
export async function seedDocuments(url, s) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db();
  const j = jsOf(s);
  const firstStudent = ADMINS + CONTENT + s.instructors;
  const at = (o, days = 0) => new Date(j.orderAt(o).getTime() + days * 864e5);
  const student = (o) => ({ id: uidJs('a', j.studentUser(o)), name: `Student ${j.studentUser(o)}` });
  const counts = {};
  try {
    counts.course_reviews = await insertAll(db.collection('course_reviews'), s.orders, (o) => {
      if (!(o % 10 === 0 && j.paid(o))) return null;
      const c = j.course1(o);
      const u = student(o);
      return {
        _id: uidJs('1', o), courseId: uidJs('c', c), userId: u.id, userName: u.name, userPhoto: '', rating: j.rating(o),
        text: `Lesson by lesson this course helped me (${o}).`, reply: o % 30 === 0 ? 'Thank you!' : '', repliedAt: o % 30 === 0 ? at(o, 12) : null,
        replierId: '', hidden: false, hiddenReason: '', hiddenAt: null, hiddenBy: '', createdAt: at(o, 10), updatedAt: at(o, 10),
      };
    });
    const asked = (o) => o % 50 === 0 && j.paid(o);
    counts.lesson_questions = await insertAll(db.collection('lesson_questions'), s.orders, (o) => {
      if (!asked(o)) return null;
      const c = j.course1(o);
      return {
        _id: uidJs('2', o), courseId: uidJs('c', c), lessonId: uidJs('e', (c - 1) * LESSONS + 1), instructorId: uidJs('b', j.instructorOf(c)),
        courseTitle: `Course ${c}`, lessonTitle: `Lesson 1 of course ${c}`, askedBy: student(o).id, askerName: student(o).name,
        body: `How do I practise the exercise of lesson one? (${o})`, answered: o % 100 === 0, hidden: false, createdAt: at(o, 3),
        answeredAt: o % 100 === 0 ? at(o, 4) : null,
      };
    });
    counts.lesson_question_answers = await insertAll(db.collection('lesson_question_answers'), s.orders, (o) => {
      if (!(asked(o) && o % 100 === 0)) return null;
      const i = j.instructorOf(j.course1(o));
      return { _id: uidJs('3', o), questionId: uidJs('2', o), authorId: uidJs('a', ADMINS + CONTENT + i), authorName: `Instructor ${i}`, authorRole: 3, body: 'Slowly, with a metronome.', createdAt: at(o, 4) };
    });
    counts.student_messages = await insertAll(db.collection('student_messages'), s.orders, (o) => {
      if (!(o % 50 === 25 && j.paid(o))) return null;
      const c = j.course1(o);
      const i = j.instructorOf(c);
      const u = student(o);
      const replied = o % 100 === 25;
      return {
        _id: uidJs('4', o), fromUser: u.id, name: u.name, email: `student${j.studentUser(o)}@scale.taal.local`, toInstructor: uidJs('b', i),
        toName: `Instructor ${i}`, courseId: uidJs('c', c), message: `A question about course ${c}.`, status: replied, reply: replied ? 'Answered in class.' : '',
        repliedAt: replied ? at(o, 2) : null, createdAt: at(o, 1),
      };
    });
    counts.contact_messages = await insertAll(db.collection('contact_messages'), Math.ceil(s.users / 100), (n) => ({
      _id: uidJs('0', n), name: `Visitor ${n}`, email: `visitor${n}@scale.taal.local`, message: 'Do you teach tabla as well?', status: n % 2 === 0,
      reply: n % 2 === 0 ? 'Not yet.' : '', createdAt: new Date(Date.now() - (Math.ceil(s.users / 100) - n) * 3600e3),
    }));
    const last = await db.collection('notifications').find({}, { projection: { seq: 1 } }).sort({ seq: -1 }).limit(1).toArray();
    const seq0 = last[0]?.seq ?? 0;
    const notifications = Math.ceil(s.students / 5);
    counts.notifications = await insertAll(db.collection('notifications'), notifications + 20, (n) => ({
      _id: uidJs('5', n), seq: seq0 + n, userId: n <= 20 ? null : uidJs('a', firstStudent + (n - 20) * 5), msg: n <= 20 ? `News ${n}` : 'Your course has a new lesson',
      sourceKey: `scale:${n}`, textKey: null, params: null, createdAt: new Date(Date.now() - (notifications + 20 - n) * 60e3),
    }));
  } finally {
    await client.close();
  }
  return counts;
}
