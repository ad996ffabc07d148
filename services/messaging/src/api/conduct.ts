import { z } from 'zod';
import type { conductV1, identityV1 } from '@taal/contracts';
import {
  answer,
  callerOf,
  dateTime,
  defineRoute,
  done,
  fail,
  listOf,
  ok,
  refusal,
  requireAuth,
  UserRoles,
  type AccessTokenVerifier,
  type RouteSpec,
  type ServiceApi,
} from '@taal/edge';
import type { Conduct } from '../app/conduct';
import { forCaller, uuid } from './shape';
import { LIST_BOUNDS, listRoutes } from './pages';

/**
 * Conduct on every message (issue 53, decision 0076), answered by messaging's ConductService:
 * any signed-in user reports a message, a reply, a lesson question, an answer or a review once;
 * the back office's queue hides, restores, dismisses or suspends the sender (the account suspended
 * through identity, as the user list's Suspend does), and each reporter is notified of the outcome.
 * A student blocks the instructor of one of their messages, an instructor the student who sent one.
 */
const ReportSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(['message', 'reply', 'question', 'answer', 'review']),
    itemId: z.string(),
    reporterId: z.string(),
    reason: z.string(),
    senderId: z.string().meta({ description: "The writer's user id ('' when not known)" }),
    senderName: z.string(),
    excerpt: z
      .string()
      .meta({ description: 'The reported text when it was reported (at most 500 characters)' }),
    status: z.enum(['open', 'hidden', 'restored', 'dismissed', 'suspended']),
    createdAt: dateTime(),
    decidedAt: z.string().meta({ description: "RFC 3339; '' while open" }),
    courseId: z.string(),
    reporters: z.int().min(1).meta({ description: 'How many users reported the same item' }),
  })
  .meta({ id: 'ConductReport' });
type Report = z.infer<typeof ReportSchema>;
const toReport = (r: conductV1.ConductReport): Report => ({
  _id: r.id,
  kind: r.kind as Report['kind'],
  itemId: r.itemId,
  reporterId: r.reporterId,
  reason: r.reason,
  senderId: r.senderId,
  senderName: r.senderName,
  excerpt: r.excerpt,
  status: r.status as Report['status'],
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  courseId: r.courseId,
  reporters: r.reporters,
});
const BlockSchema = z
  .object({
    blocked: z.string().meta({ description: '"user:<user id>" (a student) or "instructor:<profile id>"' }),
    blockedName: z.string(),
    createdAt: z.string().meta({ description: "RFC 3339; '' once unblocked" }),
  })
  .meta({ id: 'ConductBlock' });

export interface ConductRouteDeps {
  conduct: Conduct;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
}

export function conductRoutes({ conduct, identity, tokens }: ConductRouteDeps): RouteSpec[] {
  const signedIn = { label: 'any signed-in user', check: requireAuth(tokens) };
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const party = {
    label: 'the student who sent the message, or the instructor it was sent to',
    check: requireAuth(tokens, UserRoles.student, UserRoles.instructor),
  };
  return [
    defineRoute({
      method: 'post',
      path: '/report',
      summary:
        'Reports a message, a reply, a lesson question, an answer or a review to the back office (once per user and item)',
      auth: signedIn,
      body: {
        schema: z.object({
          kind: z.enum(['message', 'reply', 'question', 'answer', 'review'], {
            error: 'REPORT_KIND_INVALID',
          }),
          itemId: uuid(),
          reason: z.string().max(500, 'TEXT_TOO_LONG').optional(),
        }),
      },
      responses: {
        201: answer(done(ReportSchema), "'Report sent'"),
        400: fail(
          'Not a kind that can be reported (REPORT_KIND_INVALID), or the caller wrote it (REPORT_OWN_ITEM)',
        ),
        404: fail('No such item (REPORTED_ITEM_NOT_FOUND)'),
        409: fail('Already reported by this user (ALREADY_REPORTED)'),
      },
      handler: async ({ res, body }) => {
        const report = await conduct.report(forCaller(callerOf(res)), { kind: body.kind, itemId: body.itemId, reason: body.reason ?? '' });
        res.status(201).json({ success: true, message: 'Report sent', data: toReport(report) });
      },
    }),
    ...listRoutes({
      path: '/report/queue',
      pagePath: '/report/queue/page',
      summary: 'The reports, newest first: all, or only the open ones',
      auth: admin,
      query: { open: { schema: z.enum(['true', 'false']), description: 'Only reports not decided yet (default false)' } },
      bound: LIST_BOUNDS.reports,
      item: ReportSchema,
      toApi: toReport,
      read: async (req, res, _param, page) => {
        return conduct.queue(forCaller(callerOf(res)), req.query.open === 'true', page);
      },
      linkQuery: (req): Record<string, string> => (req.query.open === 'true' ? { open: 'true' } : {}),
    }),
    defineRoute({
      method: 'put',
      path: '/report/{id}/decision',
      summary:
        "Decides every report of the reported item: hide it from everyone but admins, restore it, dismiss the reports, or suspend the sender's account (and hide it); each reporter is notified of the outcome",
      auth: admin,
      params: {
        id: {
          schema: uuid(),
          description: 'The report id (UUID)',
          invalid: () => refusal('REPORT_NOT_FOUND'),
        },
      },
      body: {
        schema: z.object({
          action: z.enum(['hide', 'restore', 'dismiss', 'suspend'], { error: 'REPORT_ACTION_INVALID' }),
        }),
      },
      responses: {
        200: answer(done(ReportSchema), "'Report decided'"),
        400: fail('Not one of hide, restore, dismiss, suspend (REPORT_ACTION_INVALID)'),
        404: fail('Report not found'),
      },
      handler: async ({ res, param, body }) => {
        const caller = callerOf(res);
        const report = await conduct.decide(forCaller(caller), { id: param('id'), action: body.action });
        // Suspension is identity's (the user list's Suspend): the account's sessions end at once.
        if (body.action === 'suspend' && report?.senderId)
          await identity.setSuspended({ id: report.senderId, suspended: true }, caller);
        res.json({ success: true, message: 'Report decided', data: toReport(report!) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/contact/block/{messageId}',
      summary:
        "Blocks (or unblocks) the other party of a message: a student blocks the instructor's replies, an instructor the student's messages",
      auth: party,
      params: {
        messageId: {
          schema: uuid(),
          description: 'A message the caller sent or received (UUID)',
          invalid: () => refusal('BLOCK_TARGET_INVALID'),
        },
      },
      body: { schema: z.object({ blocked: z.boolean() }) },
      responses: {
        200: answer(done(BlockSchema), "'Blocked' or 'Unblocked'"),
        400: fail('Not a JSON object with a boolean `blocked`'),
        404: fail('Not a message the caller sent or received (BLOCK_TARGET_INVALID)'),
      },
      handler: async ({ res, param, body }) => {
        const block = await conduct.block(forCaller(callerOf(res)), { messageId: param('messageId'), blocked: body.blocked });
        res.json({ success: true, message: body.blocked ? 'Blocked' : 'Unblocked', data: block });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contact/blocks',
      summary: 'Whom the caller has blocked',
      auth: signedIn,
      responses: { 200: answer(listOf(BlockSchema)) },
      handler: async ({ res }) => {
        const blocks = await conduct.blocks(forCaller(callerOf(res)));
        res.json(ok(blocks));
      },
    }),
  ];
}
