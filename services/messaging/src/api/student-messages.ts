/** Student ↔ instructor messages: sent from the course view, the student's current and previous ones, the instructor's and the admin's lists, the reply. */
import { z } from 'zod';
import { status } from '@grpc/grpc-js';
import { isGrpcStatusError } from '@taal/kit';
import { type messagingV1 } from '@taal/contracts';
import { answer, collectPages, dateTime, done, fail, linkHeader, listOf, callerOf, refusal, ok, defineRoute, tooMany, type RouteSpec } from '@taal/edge';
import { type MessagingRouteDeps, forCaller, uuid, text, idOf, notAnId, userIdParam, noSuchUser, guards } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';

const StudentMessageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    from: z.string().meta({ description: "The student's user id" }),
    to: z.string().meta({ description: 'The instructor id' }),
    toName: z.string(),
    course: z.string().meta({ description: 'The course it was sent from; empty when none' }),
    message: z.string(),
    status: z.boolean().meta({ description: 'true once answered' }),
    reply: z.string().meta({ description: 'Empty while pending' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'StudentMessage' });
const toStudentMessage = (m: messagingV1.StudentMessage) => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  from: m.from,
  to: m.to,
  toName: m.toName,
  course: m.courseId,
  message: m.message,
  status: m.status,
  reply: m.reply,
  createdAt: m.createdAt,
});

const instructorMessageBody = z.object({
  to: uuid().meta({ description: 'The instructor id' }),
  message: text(5000, 'MESSAGE_REQUIRED'),
  name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  from: z.string().max(64).optional().meta({ description: "The student's user id (when given, must be the caller's)" }),
  course: z.string().max(64).optional(),
});
const replyBody = z.object({ reply: text(5000, 'REPLY_REQUIRED') });
const instructorIdParam = { instructorId: { schema: uuid(), description: 'The instructor id (UUID)', invalid: notAnId('INSTRUCTOR_NOT_FOUND') } };
const notTheirs = { 403: fail("Another instructor's messages"), 404: fail('Not an instructor id') };

export function studentMessageRoutes(deps: MessagingRouteDeps): RouteSpec[] {
  const { messaging, identity, tokens, catalogue, writes } = deps;
  const { admin, student, instructorOrAdmin, signedIn } = guards(tokens);

  return [
    defineRoute({
      method: 'post',
      path: '/contact/instructor/',
      summary: "A student's message to an instructor (from the course view): 'Message Sent Successfully!!'",
      auth: student,
      body: { schema: instructorMessageBody },
      responses: {
        201: answer(done(StudentMessageSchema), "'Message Sent Successfully!!'"),
        400: fail('A blank or too long message'),
        403: fail('`from` names another user, or the caller is not a student'),
        404: fail('Instructor not found'),
        429: tooMany('Too many messages to instructors from this student within the hour, or to this instructor (TOO_MANY_INSTRUCTOR_MESSAGES)'),
      },
      handler: async ({ res, body }) => {
        const caller = callerOf(res);
        if (body.from && body.from !== caller.userId) throw refusal('SEND_AS_YOURSELF');
        // Per student, and per student and instructor (decision 0063).
        const message = await writes.instructorMessage.run(caller.userId, body.to, async () => {
          const found = await catalogue.getInstructor({ id: body.to }).catch((err: unknown) => {
            if (isGrpcStatusError(err) && err.code === status.NOT_FOUND) return null;
            throw err;
          });
          if (!found?.instructor) throw refusal('INSTRUCTOR_NOT_FOUND');
          // The sender's name and e-mail as the account has them when the form does not say.
          let { name = '', email = '' } = body;
          if (!name.trim() || !email.trim()) {
            const { user } = await identity.getUser({ id: caller.userId }, caller);
            name = name.trim() || (user?.name ?? '');
            email = email.trim() || (user?.email ?? '');
          }
          return messaging.sendStudentMessage(forCaller(caller), { name, email, to: body.to, toName: found.instructor.name, message: body.message, courseId: body.course ?? '' });
        });
        res.status(201).json({ success: true, message: 'Message Sent Successfully!!', data: toStudentMessage(message) });
      },
    }),
    ...[false, true].flatMap((answered) =>
      listRoutes({
        path: `/contact/u/${answered ? 'p' : 'c'}/{userId}`,
        pagePath: `/contact/u/${answered ? 'p' : 'c'}/{userId}/page`,
        summary: answered ? "A student's previous messages (answered, with the reply), newest first; their own only" : "A student's current messages (pending: not answered yet), newest first; their own only",
        auth: signedIn,
        params: userIdParam,
        responses: { 403: fail("Another user's messages"), ...noSuchUser },
        bound: LIST_BOUNDS.studentMessages,
        item: StudentMessageSchema,
        toApi: toStudentMessage,
        read: async (_req, res, param, page) => {
          return messaging.studentMessages(forCaller(callerOf(res)), param('userId'), answered, page);
        },
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/contact/mystudent/{instructorId}',
      summary: `Students' messages to an instructor, pending first, each part newest first; the instructor's own (their linked profile) only: at most ${LIST_BOUNDS.studentMessages} (the rest through GET contact/mystudent/{instructorId}/page?answered=…, named by the Link header)`,
      auth: instructorOrAdmin,
      params: instructorIdParam,
      responses: { 200: { ...answer(listOf(StudentMessageSchema)), headers: linkHeader }, ...notTheirs },
      handler: async ({ res, param }) => {
        const read = (answered: boolean) => (cursor: string, limit: number) =>
          messaging.instructorMessages(forCaller(callerOf(res)), param('instructorId'), answered, { cursor, limit });
        // Pending first, then answered, up to the bound; the Link names where the rest starts.
        const pending = await collectPages(LIST_BOUNDS.studentMessages, read(false));
        const room = LIST_BOUNDS.studentMessages - pending.items.length;
        const answered = pending.next ? null : room > 0 ? await collectPages(room, read(true)) : await read(true)('', 1).then((p) => ({ items: [], next: p.items.length ? ' ' : '' }));
        const rest = pending.next ? { answered: 'false', cursor: pending.next } : answered?.next ? { answered: 'true', cursor: answered.next.trim() } : null;
        const path = `/api/v1/contact/mystudent/${encodeURIComponent(param('instructorId'))}/page`;
        if (rest) res.setHeader('Link', `<${path}?${new URLSearchParams(rest.cursor ? rest : { answered: rest.answered }).toString()}>; rel="next"`);
        res.json(ok([...pending.items, ...(answered?.items ?? [])].map(toStudentMessage)));
      },
    }),
    ...listRoutes({
      pagePath: '/contact/mystudent/{instructorId}/page',
      summary: "Students' messages to an instructor, pending or answered (answered=true), newest first; the instructor's own (their linked profile) only",
      auth: instructorOrAdmin,
      params: instructorIdParam,
      query: { answered: { schema: z.enum(['true', 'false']), description: 'true: the answered ones; false (default): the pending ones' } },
      responses: notTheirs,
      bound: LIST_BOUNDS.studentMessages,
      item: StudentMessageSchema,
      toApi: toStudentMessage,
      read: async (req, res, param, page) => {
        return messaging.instructorMessages(forCaller(callerOf(res)), param('instructorId'), req.query.answered === 'true', page);
      },
    }),
    ...listRoutes({
      path: '/contact/student/',
      pagePath: '/contact/student/page',
      summary: "Every student's messages to instructors, newest first",
      auth: admin,
      bound: LIST_BOUNDS.studentMessages,
      item: StudentMessageSchema,
      toApi: toStudentMessage,
      read: async (_req, res, _param, page) => {
        return messaging.allStudentMessages(forCaller(callerOf(res)), page);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/contact/r/{id}',
      summary: 'Answers a student message (status true, the reply shown to the student, who is notified)',
      auth: instructorOrAdmin,
      params: idOf('message'),
      body: { schema: replyBody },
      responses: {
        200: answer(done(StudentMessageSchema), "'Reply sent'"),
        400: fail('A blank or too long reply'),
        403: fail('A message sent to another instructor'),
        404: fail('Message not found'),
        429: tooMany('Too many replies from this user within the hour, or to this message (TOO_MANY_REPLIES)'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const message = await writes.messageReply.run(caller.userId, param('id'), () => messaging.reply(forCaller(caller), { id: param('id'), reply: body.reply }));
        res.json({ success: true, message: 'Reply sent', data: toStudentMessage(message) });
      },
    }),

  ];
}
