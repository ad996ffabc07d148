/** Instructor earnings, dues, settlements (with their PDF receipts) and monthly statements. */
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { z } from 'zod';
import { parseDay, poishaOfText, refusalText, TAKA_PATTERN, takaToPoisha, type FieldRefusals, type payoutsV1 } from '@taal/contracts';
import { answer, apiDay, done, envelope, fail, isoMonth, callerOf, refusal, ok, defineRoute, type RouteSpec, acceptUploads, checkUploads, type CheckedFile } from '@taal/edge';
import { MAX_RECEIPT_BYTES } from '../app/payouts';
import { type PayoutRouteDeps, dmy, forCaller, idSchema, instructorParam, InstructorTotalsSchema, toTotals, guards, notYours } from './shape';

export const PayoutMessages = {
  settlementPublished: 'Settlement published successfully !',
  dueSettled: 'Due settled successfully',
} as const;
const M = PayoutMessages;

export const SettlementSchema = z
  .object({
    _id: z.string(),
    instructorId: z.string(),
    settleAmount: z.number().int(),
    receivedAmount: z.number().int(),
    due: z.number().int().meta({ description: 'settleAmount - receivedAmount' }),
    settleDate: z.string().meta({ description: 'DD-MM-YYYY' }),
    remarks: z.string(),
    status: z.boolean().meta({ description: 'true: Settled; false: Not Settled' }),
    receipt: z.string().meta({ description: 'Where the PDF receipt is downloaded (with the token), empty when none' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Settlement' });


export const toSettlement = (s: payoutsV1.Settlement): z.output<typeof SettlementSchema> => ({
  _id: s.id,
  instructorId: s.instructorId,
  settleAmount: s.settleAmount,
  receivedAmount: s.receivedAmount,
  due: s.settleAmount - s.receivedAmount,
  settleDate: dmy(s.settleDay),
  remarks: s.remarks,
  status: s.status,
  receipt: s.hasReceipt ? `/api/v1/instructor/settlement/receipt/${s.id}` : '',
  createdAt: s.createdAt,
});

const pdfAnswer = (description: string) => ({ description, content: { 'application/pdf': z.string().meta({ format: 'binary' }) } });
const sendPdf = (res: import('express').Response, pdf: Uint8Array, filename: string) => {
  res.status(200).setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(Buffer.from(pdf));
};

const textOf = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
};
/** A form amount in poisha: a whole non-negative number. */
const poishaOf = (req: Request, name: string, problems: Record<string, FieldRefusals[string]>): number => {
  const text = textOf(req, name);
  const poisha = poishaOfText(text);
  if (poisha === null) {
    problems[name] = 'AMOUNT_NEGATIVE';
    return 0;
  }
  return poisha;
};

const SettlementForm = z
  .object({
    settleAmount: z.string().meta({ description: 'Poisha, a whole number' }),
    receivedAmount: z.string().meta({ description: 'Poisha, a whole number, at most settleAmount and the due' }),
    settleDate: apiDay(),
    remarks: z.string().optional(),
    status: z.enum(['true', 'false']).meta({ description: 'true: Settled' }),
    photo: z.string().meta({ format: 'binary', description: 'The receipt: a PDF (checked by content), at most 3 MB' }),
  })
  .meta({ id: 'SettlementForm' });


export function settlementRoutes({ payouts, tokens }: PayoutRouteDeps): RouteSpec[] {
  const { admin, own } = guards(tokens);

  return [
    // ---- Instructor earnings, dues and settlements ----
    defineRoute({
      method: 'get',
      path: '/instructor/earnings/{id}',
      summary: 'An instructor’s lifetime sales, earnings, product cut, settled and due, with per-course totals',
      auth: own,
      params: instructorParam,
      responses: { 200: answer(envelope(InstructorTotalsSchema)), ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const caller = forCaller(callerOf(res));
        const totals = await payouts.instructorTotals(caller, param('id'));
        const { courses } = await payouts.courseTotalsOf(caller, param('id'));
        res.json(ok(toTotals(totals, courses, param('id'))));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/due/{id}/{amount}',
      summary:
        'Settle part or all of an instructor’s due, the amount in taka as the admin types it (decision 0028: `15` settles BDT 15.00). Never above the due; the account is locked, so parallel requests cannot pay twice. An Idempotency-Key header makes a repeat answer as the first without paying again',
      auth: admin,
      params: {
        ...instructorParam,
        amount: {
          schema: z.string().regex(new RegExp(TAKA_PATTERN)).refine((v) => (takaToPoisha(v) ?? 0) > 0),
          description: 'Taka (BDT), more than 0, at most 2 decimals: 1500, 1500.5 or 1500.50',
          invalid: () => refusal('AMOUNT_NOT_TAKA'),
        },
      },
      responses: { 200: answer(done(InstructorTotalsSchema)), 400: fail('The amount is not taka with at most 2 decimals, or not above 0 (AMOUNT_NOT_TAKA), or it is above the due (ABOVE_DUE)'), 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        const key = String(req.get('idempotency-key') ?? '').slice(0, 200);
        const caller = forCaller(callerOf(res));
        const totals = await payouts.settleDue(caller, { instructorId: param('id'), amount: takaToPoisha(param('amount'))!, idempotencyKey: key });
        const { courses } = await payouts.courseTotalsOf(caller, param('id'));
        res.json({ success: true, message: M.dueSettled, data: toTotals(totals, courses, param('id')) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/instructor/settlement/{id}',
      summary: `Publish a settlement with its PDF receipt: '${M.settlementPublished}'. Its receivedAmount is paid out of the due (never above it). An Idempotency-Key header makes a repeat return the first`,
      auth: admin,
      params: instructorParam,
      body: { schema: SettlementForm, mediaType: 'multipart/form-data', documented: SettlementForm, encoding: { photo: { contentType: 'application/pdf' } } },
      before: [acceptUploads({ photo: { kind: 'pdf', maxBytes: MAX_RECEIPT_BYTES } }, { maxFields: 10, maxFieldBytes: 4096 })],
      responses: {
        201: answer(done(SettlementSchema)),
        400: fail("'Failed ,Please try again': a field is missing or invalid (fields), the receipt is not a PDF, or the received amount is above the due"),
        404: fail('Not an instructor id'),
        413: fail('The receipt is larger than 3 MB'),
      },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const problems: Record<string, FieldRefusals[string]> = {};
        const settleAmount = poishaOf(req, 'settleAmount', problems);
        const receivedAmount = poishaOf(req, 'receivedAmount', problems);
        const settleDay = parseDay(textOf(req, 'settleDate'));
        if (!settleDay) problems.settleDate = 'INVALID_DAY';
        const status = textOf(req, 'status');
        if (status !== 'true' && status !== 'false') problems.status = 'ENTRY_TRUE_OR_FALSE';
        // Back office §5: every field of the settlement form is required, the remarks too.
        if (!textOf(req, 'remarks')) problems.remarks = 'ENTRY_REQUIRED';
        const receipt = uploads.photo?.[0] as CheckedFile | undefined;
        if (!receipt) problems.photo = 'RECEIPT_REQUIRED';
        if (!problems.settleAmount && !problems.receivedAmount && receivedAmount > settleAmount) {
          problems.receivedAmount = 'RECEIVED_ABOVE_SETTLE';
        }
        if (Object.keys(problems).length > 0) throw refusal('SETTLEMENT_FAILED', { fields: problems });
        const settlement = await payouts.createSettlement(forCaller(callerOf(res)), {
          instructorId: param('id'),
          settleAmount,
          receivedAmount,
          settleDay: settleDay!,
          remarks: textOf(req, 'remarks').slice(0, 2000),
          status: status === 'true',
          receipt: await readFile(receipt!.path),
          idempotencyKey: String(req.get('idempotency-key') ?? '').slice(0, 200),
        });
        res.status(201).json({ success: true, message: M.settlementPublished, data: toSettlement(settlement) });
      },
    }),
    // An instructor's settlements, a page at a time: sales-pages.ts (decision 0084).
    defineRoute({
      method: 'get',
      path: '/instructor/settlement/receipt/{settlementId}',
      // One user's costly reads of their own, counted per user (decision 0065).
      fairUse: 'documents',
      summary: 'A settlement’s PDF receipt, offered as settlement.pdf',
      auth: own,
      params: { settlementId: { schema: idSchema(), description: 'The settlement id', invalid: () => refusal('SETTLEMENT_NOT_FOUND') } },
      responses: { 200: pdfAnswer('The receipt'), ...notYours, 404: fail('No such settlement, or it has no receipt') },
      handler: async ({ res, param }) => {
        const { pdf } = await payouts.receipt(forCaller(callerOf(res)), param('settlementId'));
        sendPdf(res, pdf, 'settlement.pdf');
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/statement/{id}/{month}',
      // One user's costly reads of their own, counted per user (decision 0065).
      fairUse: 'documents',
      summary: 'A monthly statement PDF: opening due, the month’s sales with gateway cut, product cut and earning, payouts, closing due',
      auth: own,
      params: {
        ...instructorParam,
        month: { schema: isoMonth(), description: 'YYYY-MM', invalid: () => refusal('INVALID_MONTH') },
      },
      query: { lang: { schema: z.enum(['en', 'bn']), description: 'The statement’s language (default en)' } },
      responses: { 200: pdfAnswer('The statement'), 400: fail(refusalText('INVALID_MONTH')), ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const pdf = await payouts.statement(forCaller(callerOf(res)), { instructorId: param('id'), month: param('month'), language });
        sendPdf(res, pdf, `taal-statement-${param('month')}.pdf`);
      },
    }),
  ];
}
