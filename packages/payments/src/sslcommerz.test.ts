import {
  computeVerifySign,
  createSslCommerzClient,
  decidePayment,
  formatPoisha,
  parsePoisha,
  readIpn,
  signIpn,
  verifyIpnSignature,
  type Validation,
} from './sslcommerz';

describe('verify_sign', () => {
  // Worked out by hand with md5sum: md5('testbox@ssl') = 7c16bb36ac5e4a06dd1d83e1ac48e698, then
  // md5('amount=100.00&status=VALID&store_passwd=7c16…698&tran_id=T1&val_id=V1').
  const form = {
    tran_id: 'T1',
    val_id: 'V1',
    amount: '100.00',
    status: 'VALID',
    card_type: 'VISA',
    verify_key: 'tran_id,val_id,amount,status',
  };
  const expected = '82cb1d1e3a4be8029e926e788518b627';

  it('matches the fixed example (keys sorted, store_passwd as its md5, fields outside verify_key ignored)', () => {
    expect(computeVerifySign(form, form.verify_key, 'testbox@ssl')).toBe(expected);
    expect(verifyIpnSignature({ ...form, verify_sign: expected }, 'testbox@ssl')).toBe(true);
    expect(verifyIpnSignature({ ...form, card_type: 'MASTER', verify_sign: expected }, 'testbox@ssl')).toBe(
      true,
    );
  });

  it('refuses a changed field, a wrong password, a missing signature or a key list that leaves out amount', () => {
    expect(verifyIpnSignature({ ...form, amount: '1.00', verify_sign: expected }, 'testbox@ssl')).toBe(false);
    expect(verifyIpnSignature({ ...form, verify_sign: expected }, 'other')).toBe(false);
    expect(verifyIpnSignature(form, 'testbox@ssl')).toBe(false);
    const narrow = { ...form, verify_key: 'tran_id,val_id,status' };
    expect(
      verifyIpnSignature(
        { ...narrow, verify_sign: computeVerifySign(narrow, narrow.verify_key, 'testbox@ssl') },
        'testbox@ssl',
      ),
    ).toBe(false);
  });

  it('signIpn produces what verifyIpnSignature accepts', () => {
    const signed = signIpn(
      { tran_id: 'T2', val_id: 'V2', amount: '5.50', status: 'VALID', value_a: 'x&y=z' },
      'pw',
    );
    expect(signed.verify_key).toBe('tran_id,val_id,amount,status,value_a');
    expect(verifyIpnSignature(signed, 'pw')).toBe(true);
  });
});

describe('amounts', () => {
  it('formats and parses integer poisha', () => {
    expect(formatPoisha(0)).toBe('0.00');
    expect(formatPoisha(12345)).toBe('123.45');
    expect(formatPoisha(100005)).toBe('1000.05');
    expect(() => formatPoisha(1.5)).toThrow(RangeError);
    expect(parsePoisha('123.45')).toBe(12345);
    expect(parsePoisha('123.4')).toBe(12340);
    expect(parsePoisha('123')).toBe(12300);
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', undefined]) expect(parsePoisha(bad)).toBeNull();
  });
});

describe('decidePayment', () => {
  const ok: Validation = {
    status: 'VALID',
    tranId: 'T1',
    valId: 'V1',
    amount: '100.00',
    currency: 'BDT',
    currencyType: 'BDT',
    currencyAmount: '100.00',
    riskLevel: '0',
    raw: {},
  };
  const order = { tranId: 'T1', amountPoisha: 10000 };

  it('pays a VALID or VALIDATED answer that matches the order', () => {
    expect(decidePayment(ok, order)).toMatchObject({
      kind: 'paid',
      tranId: 'T1',
      valId: 'V1',
      amountPoisha: 10000,
    });
    expect(decidePayment({ ...ok, status: 'VALIDATED' }, order).kind).toBe('paid');
  });

  it('refuses another status, tran_id, amount or currency', () => {
    for (const v of [
      { ...ok, status: 'INVALID_TRANSACTION' },
      { ...ok, status: 'FAILED' },
      { ...ok, tranId: 'T2' },
      { ...ok, amount: '99.99' },
      { ...ok, currencyAmount: '10.00' },
      { ...ok, currency: 'USD' },
      { ...ok, currencyType: 'USD' },
      { ...ok, amount: undefined },
      { ...ok, currency: undefined, currencyType: undefined },
    ]) {
      expect(decidePayment(v, order).kind).toBe('refused');
    }
  });

  it('holds risk_level 1 for an admin', () => {
    expect(decidePayment({ ...ok, riskLevel: '1', riskTitle: 'Risky' }, order)).toMatchObject({
      kind: 'hold',
      reason: 'risk_level 1 (Risky)',
    });
  });
});

describe('readIpn', () => {
  const client = createSslCommerzClient({ SSLCOMMERZ_BASE_URL: 'http://127.0.0.1:1', SSLCOMMERZ_STORE_ID: 'taal', SSLCOMMERZ_STORE_PASSWORD: 'secret' });
  const ipn = (fields: Record<string, string>) => signIpn({ tran_id: 'T1', val_id: 'V1', amount: '100.00', ...fields }, 'secret');

  it('asks to settle a signed VALID or VALIDATED IPN, with its val_id', () => {
    expect(readIpn(client, ipn({ status: 'VALID' }))).toEqual({ kind: 'settle', tranId: 'T1', valId: 'V1' });
    expect(readIpn(client, ipn({ status: 'VALIDATED' }))).toEqual({ kind: 'settle', tranId: 'T1', valId: 'V1' });
  });

  it('asks to release the order on a failed, cancelled, unattempted or expired payment', () => {
    for (const status of ['FAILED', 'CANCELLED', 'UNATTEMPTED', 'EXPIRED']) expect(readIpn(client, ipn({ status }))).toEqual({ kind: 'failed', tranId: 'T1', status });
  });

  it('ignores a forged or unsigned IPN, and an unknown status', () => {
    expect(readIpn(client, { ...ipn({ status: 'VALID' }), amount: '1.00' })).toMatchObject({ kind: 'ignored', reason: 'bad or missing signature' });
    expect(readIpn(client, { tran_id: 'T1', status: 'VALID' })).toMatchObject({ kind: 'ignored', reason: 'bad or missing signature' });
    expect(readIpn(client, ipn({ status: 'PENDING' }))).toMatchObject({ kind: 'ignored', reason: 'unknown status', status: 'PENDING' });
  });
});
