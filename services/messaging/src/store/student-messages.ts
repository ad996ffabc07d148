/** Student–instructor messages: sent by a student about a course, answered by its instructor or an admin. */
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { messagingV1 } from '@taal/contracts';
import type { MessagingModels } from './documents';
import { iso } from './schema';
import { documentPage, mapPage, type PageAsk } from './pages';

export interface StudentMessageDoc {
  _id: string;
  fromUser: string;
  name: string;
  email: string;
  toInstructor: string;
  toName: string;
  courseId: string;
  message: string;
  status: boolean;
  reply: string;
  repliedAt: Date | null;
  createdAt: Date;
  /** Who replied (user id; decision 0076: a report's sender). */
  repliedBy?: string;
  /** Hidden by an admin after a report (decision 0076): the message, or only its reply. */
  hidden?: boolean;
  replyHidden?: boolean;
}

export const studentMessageSchema = new Schema<StudentMessageDoc>(
  {
    _id: String,
    fromUser: String,
    name: String,
    email: String,
    toInstructor: String,
    toName: String,
    courseId: String,
    message: String,
    status: Boolean,
    reply: String,
    repliedAt: Date,
    createdAt: Date,
    repliedBy: String,
    hidden: Boolean,
    replyHidden: Boolean,
  },
  { versionKey: false },
);
// A student's messages (answered or not) and an instructor's, newest first; the back office's list.
// A page at a time (decision 0085): a student's and an instructor's, pending or answered; the back office's list.
studentMessageSchema.index({ fromUser: 1, status: 1, createdAt: -1, _id: -1 });
studentMessageSchema.index({ toInstructor: 1, status: 1, createdAt: -1, _id: -1 });
studentMessageSchema.index({ createdAt: -1, _id: -1 });

export const toStudentMessageDoc = (d: StudentMessageDoc): messagingV1.StudentMessage => ({
  id: d._id,
  name: d.name,
  email: d.email,
  from: d.fromUser,
  to: d.toInstructor,
  toName: d.toName,
  message: d.message,
  status: d.status,
  reply: d.replyHidden ? '' : d.reply,
  createdAt: iso(d.createdAt),
  courseId: d.courseId,
});

/** Student messages' reads and writes (`student_messages`). */
export class StudentMessageDocuments {
  constructor(private readonly models: Pick<MessagingModels, 'studentMessages'>) {}

  async addStudentMessage(input: {
    from: string;
    name: string;
    email: string;
    to: string;
    toName: string;
    courseId: string;
    message: string;
  }): Promise<messagingV1.StudentMessage> {
    const doc: StudentMessageDoc = {
      _id: randomUUID(),
      fromUser: input.from,
      name: input.name,
      email: input.email,
      toInstructor: input.to,
      toName: input.toName,
      courseId: input.courseId,
      message: input.message,
      status: false,
      reply: '',
      repliedAt: null,
      createdAt: new Date(),
    };
    await this.models.studentMessages.create(doc);
    return toStudentMessageDoc(doc);
  }

  /** A page of a student's messages, pending or answered, newest first. */
  async studentMessagesOf(userId: string, answered: boolean, ask: PageAsk) {
    const filter = { fromUser: userId, status: answered, hidden: { $ne: true } };
    return mapPage(await documentPage<StudentMessageDoc>(this.models.studentMessages, answered ? 'student-messages:answered' : 'student-messages:pending', filter, ask), toStudentMessageDoc);
  }

  /** A page of the messages to an instructor, pending or answered, newest first. */
  async instructorMessages(instructorId: string, answered: boolean, ask: PageAsk) {
    const filter = { toInstructor: instructorId, status: answered, hidden: { $ne: true } };
    return mapPage(await documentPage<StudentMessageDoc>(this.models.studentMessages, answered ? 'instructor-messages:answered' : 'instructor-messages:pending', filter, ask), toStudentMessageDoc);
  }

  /** A page of every student message, newest first; the back office sees what was hidden too. */
  async allStudentMessages(ask: PageAsk) {
    const page = await documentPage<StudentMessageDoc>(this.models.studentMessages, 'student-messages', {}, ask);
    return mapPage(page, (d) => toStudentMessageDoc({ ...d, replyHidden: false }));
  }

  async studentMessage(id: string): Promise<messagingV1.StudentMessage | null> {
    const doc = await this.models.studentMessages.findById(id).lean<StudentMessageDoc>();
    return doc ? toStudentMessageDoc(doc) : null;
  }

  /**
   * The reply, kept on the message (one writer: the addressed instructor or an admin). Its notification
   * is a separate write keyed by the message (`reply:<id>`): a crash between the two leaves an answered
   * message without its notification until the reply is sent again (the same key: still one).
   */
  /** The stored message as it is, hidden parts included (reports, decision 0076). */
  async raw(id: string): Promise<StudentMessageDoc | null> {
    return this.models.studentMessages.findById(id).lean<StudentMessageDoc>();
  }

  /** Hides or shows again a message, or only its reply (decision 0076). */
  async setHidden(id: string, part: 'message' | 'reply', hidden: boolean): Promise<boolean> {
    const result = await this.models.studentMessages.updateOne({ _id: id }, { $set: { [part === 'message' ? 'hidden' : 'replyHidden']: hidden } });
    return result.matchedCount > 0;
  }

  async reply(id: string, reply: string, repliedBy = ''): Promise<messagingV1.StudentMessage | null> {
    const doc = await this.models.studentMessages
      .findOneAndUpdate({ _id: id }, { $set: { status: true, reply, repliedAt: new Date(), repliedBy, replyHidden: false } }, { returnDocument: 'after' })
      .lean<StudentMessageDoc>();
    return doc ? toStudentMessageDoc(doc) : null;
  }
}
