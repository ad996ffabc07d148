/** The back office's vouchers (percent off, a use limit and a last day) and the student's check of one. */
import { z } from 'zod';
import { type commerceV1 } from '@taal/contracts';
import { answer, apiDayField, done, fail, listOf, callerOf, refusal, ok, defineRoute, tooMany, type RouteSpec } from '@taal/edge';
import { clientAddressOf, lookUpVoucher } from './limits';
import { forCaller, uuid, code, guards, type CommerceRouteDeps } from './shape';

const VoucherSchema = z
  .object({
    _id: z.string(),
    cuponCode: z.string(),
    discount: z.int().min(1).max(100).meta({ description: 'Percent' }),
    useLimit: z.int().min(1),
    presentCount: z.int().min(0).meta({ description: 'Times used by paid orders' }),
    expireDate: z.string().meta({ description: 'Last day it may be used, YYYY-MM-DD (Bangladesh)' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Voucher' });
const toVoucher = (v: commerceV1.Voucher) => ({
  _id: v.id,
  cuponCode: v.code,
  discount: v.percent,
  useLimit: v.useLimit,
  presentCount: v.timesUsed,
  expireDate: v.expireDate,
  createdAt: v.createdAt,
});

const voucherBody = z.object({
  cuponCode: code(),
  discount: z.int({ error: 'VOUCHER_PERCENT_INVALID' }).min(1).max(100).meta({ description: 'Percent, 1-100' }),
  useLimit: z.int({ error: 'VOUCHER_USE_LIMIT_INVALID' }).min(1).max(2_147_483_647),
  expireDate: apiDayField().meta({ description: 'Last day it may be used: YYYY-MM-DD or day-month-year (22-5-2022)' }),
});

export function voucherRoutes({ commerce, tokens, voucherGuesses }: CommerceRouteDeps): RouteSpec[] {
  const { student, admin } = guards(tokens);
  return [
    // ---- Vouchers (declared before cart/{userId} so `list` is never read as a code) ----
    defineRoute({
      method: 'get',
      path: '/cart/cupon/list',
      summary: 'Every voucher with its times used (back office)',
      auth: admin,
      responses: { 200: answer(listOf(VoucherSchema)) },
      handler: async ({ res }) => {
        const vouchers = await commerce.listVouchers(forCaller(callerOf(res)));
        res.json(ok(vouchers.map(toVoucher)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/cupon',
      summary: 'Create a voucher (back office)',
      auth: admin,
      body: { schema: voucherBody, headline: 'VOUCHER_FIELDS_MISSING' },
      responses: {
        201: answer(done(VoucherSchema), "'coupon created successfully'"),
        400: fail("'any of the field is missing' (VOUCHER_FIELDS_MISSING), each field's key in fieldReasons"),
        409: fail('A voucher with this code exists (VOUCHER_CODE_TAKEN)'),
      },
      handler: async ({ res, body }) => {
        const voucher = await commerce.createVoucher(forCaller(callerOf(res)), {
          code: body.cuponCode,
          percent: body.discount,
          useLimit: body.useLimit,
          expireDate: body.expireDate,
        });
        if (!voucher) throw refusal('COUPON_NOT_FOUND');
        res.status(201).json({ success: true, message: 'coupon created successfully', data: toVoucher(voucher) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/cupondelete/{id}',
      summary: 'Delete a voucher (back office)',
      auth: admin,
      params: { id: { schema: uuid(), description: 'The voucher id (UUID)', invalid: () => refusal('COUPON_NOT_FOUND') } },
      responses: {
        200: answer(done(z.object({ _id: z.string() })), "'Coupon Deleted!!'"),
        404: fail("'Coupon Not found'"),
      },
      handler: async ({ res, param }) => {
        await commerce.deleteVoucher(forCaller(callerOf(res)), { id: param('id') });
        res.json({ success: true, message: 'Coupon Deleted!!', data: { _id: param('id') } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cart/cupon/{code}',
      summary: "Check a voucher: 'success' and its discount percent; wrong codes are limited per user and per address",
      auth: student,
      params: {
        code: {
          schema: code(),
          description: 'The voucher code (case-insensitive)',
          invalid: () => refusal('COUPON_NOT_FOUND'),
        },
      },
      responses: {
        200: answer(done(z.object({ cuponCode: z.string(), discount: z.int().min(1).max(100) })), "message 'success'"),
        404: fail("'Coupon Not found': unknown, expired or used up"),
        429: tooMany('Too many wrong codes from this user or address (TOO_MANY_VOUCHER_TRIES, Retry-After)'),
      },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        const v = await lookUpVoucher(voucherGuesses, caller.userId, clientAddressOf(req), param('code'), () => commerce.checkVoucher(forCaller(caller), { code: param('code') }));
        res.json({
          success: true,
          message: v.message || 'success',
          data: { cuponCode: v.code, discount: v.percent },
        });
      },
    }),
  ];
}
