import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CASHIER_MESSAGES,
  UPLOAD_MAX_FIELDS,
  depositSchema,
  gatewaySchema,
  staffDepositSchema,
  type Deposit,
  type Gateway,
  type StaffDeposit,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { call, loginAs, PASSWORD, post, randomIp, registerPlayer } from '../../test/identity.ts';
import {
  imageInfo,
  JPEG_BYTES,
  multipartBody,
  pngBytes,
  type MultipartPart,
} from '../../test/multipart.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';

const MAX_BYTES = 64 * 1024;
const MAX_PENDING = 3;
const MINUTE = 60_000;
const IST_OFFSET_MS = 330 * MINUTE;

describe.each(drivers)('cashier deposits and gateways on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-deposit-uploads-');
    h = await startHarness(driver, {
      env: {
        UPLOAD_DIR: uploads.dir,
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
        DEPOSIT_MAX_PENDING: String(MAX_PENDING),
      },
    });
    admin = await adminToken(h);
    agent = (await staffMemberWithToken(h, { role: 'agent' })).token;
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  async function newPlayer() {
    const player = await registerPlayer(h);
    return { token: player.token, id: Number(player.user.id), username: player.username };
  }

  /** Moves the clock; sessions idle that long are gone, so staff sign in again. */
  async function travel(ms: number) {
    h.clock.advance(ms);
    admin = await adminToken(h);
    agent = (await staffMemberWithToken(h, { role: 'agent' })).token;
  }
  const signInAgain = (player: { username: string }) => loginAs(h, player.username, PASSWORD);

  const reference = () => `UTR${randomBytes(5).toString('hex')}`;

  function depositParts(
    fields: { gateway?: string; amount?: string; reference?: string } = {},
    proof: Buffer | null = pngBytes(256),
  ): MultipartPart[] {
    const parts: MultipartPart[] = [
      { name: 'gateway', value: fields.gateway ?? 'm_paytm' },
      { name: 'amount', value: fields.amount ?? '1000' },
      { name: 'reference', value: fields.reference ?? reference() },
    ];
    if (proof) parts.push({ name: 'proof', data: proof, filename: 'proof.png' });
    return parts;
  }

  function sendMultipart(url: string, token: string, parts: MultipartPart[]) {
    const body = multipartBody(parts);
    return h.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
  }

  const createDeposit = (token: string, parts: MultipartPart[] = depositParts()) =>
    sendMultipart('/api/deposit/create', token, parts);

  async function created(token: string, parts?: MultipartPart[]): Promise<Deposit> {
    const res = await createDeposit(token, parts);
    expect(res.statusCode, res.body).toBe(200);
    return depositSchema.parse(res.json().data);
  }

  const list = (token: string, query = '') =>
    call(h, 'GET', `/api/deposit/get${query}`, undefined, { token });
  const staffGet = (url: string, token = admin) => call(h, 'GET', url, undefined, { token });
  const approve = (id: string, body: object = {}, token = admin) =>
    post(h, `/api/staff/deposits/${id}/approve`, body, { token });
  const decline = (id: string, reason: string, token = admin) =>
    post(h, `/api/staff/deposits/${id}/decline`, { reason }, { token });
  const patchGateway = (code: string, body: object, token = admin) =>
    call(h, 'PATCH', `/api/staff/gateways/${code}`, body, { token });

  const storedFiles = async () => (await readdir(uploads.dir).catch(() => [])).length;
  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await executeRows<{ n: string | number }>(h.db, query);
    return Number(row?.n ?? 0);
  }
  const depositCount = (playerId: number) =>
    count(sql`select count(*) as n from deposit_requests where player_id = ${playerId}`);

  describe('gateways', () => {
    it('lists the enabled gateways to signed-in players only', async () => {
      const player = await newPlayer();
      expect((await call(h, 'GET', '/api/gateways')).statusCode).toBe(401);
      const res = await call(h, 'GET', '/api/gateways', undefined, { token: player.token });
      expect(res.statusCode).toBe(200);
      const gateways = (res.json().data as Gateway[]).map((g) => gatewaySchema.parse(g));
      expect(gateways.map((g) => g.code)).toEqual([
        'm_paytm',
        'm_bkash',
        'm_nagad',
        'm_binance_tron',
        'm_binance_bsc',
      ]);
      const tron = gateways.find((g) => g.code === 'm_binance_tron');
      expect(tron).toMatchObject({
        automated: true,
        depositBonusPercent: 10,
        currency: 'USDT',
        pointsPerUnit: 90,
        minAmount: 900,
        payTo: { network: 'TRC20' },
      });

      const one = await call(h, 'GET', '/api/gateways/m_paytm', undefined, {
        token: player.token,
      });
      expect(one.json().data).toMatchObject({
        code: 'm_paytm',
        automated: false,
        minAmount: 100,
        maxAmount: 100_000,
        payTo: { upiId: 'spmsports@paytm', qrImageUrl: null },
      });
      const unknown = await call(h, 'GET', '/api/gateways/m_nope', undefined, {
        token: player.token,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errorCode).toBe('GATEWAY_NOT_FOUND');
    });

    it('hides a disabled gateway from players, not from staff; the change is audited', async () => {
      const player = await newPlayer();
      const off = await patchGateway('m_nagad', { enabled: false, minAmount: 600 });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({ enabled: false, minAmount: 600 });

      const codes = (await call(h, 'GET', '/api/gateways', undefined, { token: player.token }))
        .json()
        .data.map((g: Gateway) => g.code);
      expect(codes).not.toContain('m_nagad');
      const one = await call(h, 'GET', '/api/gateways/m_nagad', undefined, {
        token: player.token,
      });
      expect(one.json().errorCode).toBe('GATEWAY_NOT_FOUND');
      const refused = await createDeposit(player.token, depositParts({ gateway: 'm_nagad' }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('GATEWAY_DISABLED');

      const all = await staffGet('/api/staff/gateways');
      expect(all.json().data.map((g: Gateway) => [g.code, g.enabled])).toContainEqual([
        'm_nagad',
        false,
      ]);

      const [audit] = await executeRows<{
        actor_type: string;
        before: Gateway;
        after: Gateway;
        ip: string | null;
      }>(
        h.db,
        sql`select * from audit_log where action = 'gateway.update' and target_id = 'm_nagad'
            order by id limit 1`,
      );
      expect(audit).toMatchObject({
        actor_type: 'staff',
        before: { enabled: true, minAmount: 500 },
        after: { enabled: false, minAmount: 600 },
      });
      expect(audit?.ip).toBeTruthy();

      expect((await patchGateway('m_nagad', { enabled: true, minAmount: 500 })).statusCode).toBe(
        200,
      );
    });

    it('refuses inconsistent gateway changes', async () => {
      const inverted = await patchGateway('m_paytm', { minAmount: 200_000 });
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().data.issues).toEqual([
        { field: 'maxAmount', message: 'The minimum must not be above the maximum' },
      ]);
      const plainHttp = await patchGateway('m_paytm', {
        payTo: { qrImageUrl: 'http://example.com/qr.png' },
      });
      expect(plainHttp.statusCode).toBe(400);
      expect(plainHttp.json().data.issues[0].field).toBe('payTo.qrImageUrl');
      const unknown = await patchGateway('m_nope', { enabled: false });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errorCode).toBe('GATEWAY_NOT_FOUND');
    });

    it('serves an uploaded QR publicly, with its type and no sniffing', async () => {
      const player = await newPlayer();
      const none = await call(h, 'GET', '/api/gateways/m_bkash/qr');
      expect(none.statusCode).toBe(404);
      expect(none.json().errorCode).toBe('UPLOAD_NOT_FOUND');

      const image = pngBytes(512);
      const uploaded = await sendMultipart('/api/staff/gateways/m_bkash/qr', admin, [
        { name: 'qr', data: image, filename: 'qr.png' },
      ]);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.json().data.payTo.qrImageUrl).toBe('/api/gateways/m_bkash/qr');

      const served = await call(h, 'GET', '/api/gateways/m_bkash/qr');
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('no-cache');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Stored re-encoded (uploads/image.ts): the same picture, not the same bytes.
      expect(await imageInfo(served.rawPayload)).toEqual(await imageInfo(image));

      const seen = await call(h, 'GET', '/api/gateways/m_bkash', undefined, {
        token: player.token,
      });
      expect(seen.json().data.payTo.qrImageUrl).toBe('/api/gateways/m_bkash/qr');

      const byPlayer = await sendMultipart('/api/staff/gateways/m_bkash/qr', player.token, [
        { name: 'qr', data: image },
      ]);
      expect(byPlayer.statusCode).toBe(401);
      const byAgent = await sendMultipart('/api/staff/gateways/m_bkash/qr', agent, [
        { name: 'qr', data: image },
      ]);
      expect(byAgent.statusCode).toBe(403);
      const noFile = await sendMultipart('/api/staff/gateways/m_bkash/qr', admin, [
        { name: 'note', value: 'x' },
      ]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().errorCode).toBe('FILE_REQUIRED');

      // Clearing the address drops the upload too.
      const cleared = await patchGateway('m_bkash', { payTo: { qrImageUrl: null } });
      expect(cleared.json().data.payTo.qrImageUrl).toBeNull();
      expect((await call(h, 'GET', '/api/gateways/m_bkash/qr')).statusCode).toBe(404);
    });
  });

  describe('POST /api/deposit/create', () => {
    it('creates a pending request with its proof, audited; no money moves', async () => {
      const player = await newPlayer();
      const before = h.clock.now().getTime();
      const deposit = await created(
        player.token,
        depositParts({ amount: '1500.50', reference: 'utr-ab12cd' }),
      );
      expect(deposit).toMatchObject({
        gateway: 'm_paytm',
        gatewayName: 'Paytm UPI',
        amount: 1500.5,
        bonus: 0,
        reference: 'UTR-AB12CD',
        status: 'pending',
        reason: null,
        automated: false,
        payUrl: null,
        decidedAt: null,
      });
      expect(Date.parse(deposit.expiresAt) - before).toBe(1440 * MINUTE);
      expect(await getWallet(h.db, player.id)).toMatchObject({ balance: 0, cash: 0 });

      const [row] = await executeRows<{
        proof_upload_id: string;
        purpose: string;
        stored_name: string;
      }>(
        h.db,
        sql`select d.proof_upload_id, u.purpose, u.stored_name from deposit_requests d
            join uploads u on u.id = d.proof_upload_id where d.id = ${Number(deposit.id)}`,
      );
      expect(row?.purpose).toBe('deposit_proof');
      // The proof as stored: re-encoded (uploads/image.ts), the same picture.
      const stored = await readFile(join(uploads.dir, row!.stored_name));
      expect(await imageInfo(stored)).toEqual(await imageInfo(pngBytes(256)));

      const [audit] = await executeRows<{ actor_type: string; actor_id: string; ip: string }>(
        h.db,
        sql`select * from audit_log where action = 'deposit.create' and target_id = ${deposit.id}`,
      );
      expect(audit).toMatchObject({ actor_type: 'player', actor_id: String(player.id) });
      expect(audit?.ip).toBeTruthy();
    });

    it('accepts JPEG proofs too', async () => {
      const player = await newPlayer();
      const res = await createDeposit(player.token, [
        ...depositParts({}, null),
        { name: 'proof', data: JPEG_BYTES, filename: 'p.jpg', contentType: 'image/jpeg' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('reads the amount as a plain decimal only (0x3E8 or 1e3 is not 1000)', async () => {
      const player = await newPlayer();
      const files = await storedFiles();
      for (const amount of [
        '0x3E8',
        '1e3',
        ' 1000',
        '1000 ',
        '+1000',
        '1000.123',
        'Infinity',
        '',
      ]) {
        const res = await createDeposit(player.token, depositParts({ amount }));
        expect(res.statusCode, JSON.stringify(amount)).toBe(400);
        expect(res.json()).toMatchObject({
          errorCode: 'VALIDATION_FAILED',
          data: { issues: [{ field: 'amount' }] },
        });
      }
      expect(await depositCount(player.id)).toBe(0);
      expect(await storedFiles()).toBe(files);

      for (const [amount, points] of [
        ['1000', 1000],
        ['1000.5', 1000.5],
        ['1000.50', 1000.5],
      ] as const) {
        const deposit = await created((await newPlayer()).token, depositParts({ amount }));
        expect(deposit.amount, amount).toBe(points);
      }
    });

    it('answers field errors like the validator, and a missing proof as FILE_REQUIRED', async () => {
      const player = await newPlayer();
      const files = await storedFiles();
      const bad = await createDeposit(
        player.token,
        depositParts({ amount: '10.123', reference: 'x!' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorCode).toBe('VALIDATION_FAILED');
      expect(bad.json().data.issues).toEqual(
        expect.arrayContaining([
          { field: 'amount', message: CASHIER_MESSAGES.amountDecimals },
          { field: 'reference', message: CASHIER_MESSAGES.referenceFormat },
        ]),
      );
      const missingAmount = await createDeposit(player.token, [
        { name: 'gateway', value: 'm_paytm' },
        { name: 'reference', value: reference() },
        { name: 'proof', data: pngBytes() },
      ]);
      expect(missingAmount.json().data.issues[0].field).toBe('amount');

      const noProof = await createDeposit(player.token, depositParts({}, null));
      expect(noProof.statusCode).toBe(400);
      expect(noProof.json()).toMatchObject({
        errorCode: 'FILE_REQUIRED',
        data: { issues: [{ field: 'proof', message: CASHIER_MESSAGES.proofRequired }] },
      });
      expect(await depositCount(player.id)).toBe(0);
      expect(await storedFiles()).toBe(files);
    });

    it('checks the gateway and its limits', async () => {
      const player = await newPlayer();
      const cases: [Record<string, string>, number, string][] = [
        [{ gateway: 'm_nope' }, 404, 'GATEWAY_NOT_FOUND'],
        [{ gateway: 'm_paytm', amount: '99.99' }, 400, 'AMOUNT_BELOW_MIN'],
        [{ gateway: 'm_paytm', amount: '100000.01' }, 400, 'AMOUNT_ABOVE_MAX'],
        [{ gateway: 'm_binance_tron', amount: '900' }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [fields, status, code] of cases) {
        const res = await createDeposit(player.token, depositParts(fields));
        expect(res.statusCode, JSON.stringify(fields)).toBe(status);
        expect(res.json().errorCode).toBe(code);
      }
      const automated = await createDeposit(
        player.token,
        depositParts({ gateway: 'm_binance_tron', amount: '900' }),
      );
      expect(automated.json().data.issues[0].field).toBe('gateway');
      expect(await depositCount(player.id)).toBe(0);
    });

    it('enforces upload limits: size, magic bytes and part counts', async () => {
      const player = await newPlayer();
      const files = await storedFiles();
      const big = await createDeposit(player.token, depositParts({}, pngBytes(MAX_BYTES + 1)));
      expect(big.statusCode).toBe(413);
      expect(big.json().errorCode).toBe('PAYLOAD_TOO_LARGE');

      const text = await createDeposit(player.token, [
        ...depositParts({}, null),
        { name: 'proof', data: Buffer.from('not an image at all'), filename: 'x.png' },
      ]);
      expect(text.statusCode).toBe(415);
      expect(text.json().errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');

      const two = await createDeposit(player.token, [
        ...depositParts(),
        { name: 'proof', data: pngBytes(), filename: 'again.png' },
      ]);
      expect(two.statusCode).toBe(413);
      expect(two.json().errorCode).toBe('TOO_MANY_PARTS');

      const unexpected = await createDeposit(player.token, [
        ...depositParts(),
        { name: 'other', data: pngBytes() },
      ]);
      expect(unexpected.statusCode).toBe(413);
      expect(unexpected.json().errorCode).toBe('TOO_MANY_PARTS');

      const manyFields = await createDeposit(player.token, [
        ...depositParts(),
        ...Array.from({ length: UPLOAD_MAX_FIELDS }, (_, i) => ({ name: `f${i}`, value: 'x' })),
      ]);
      expect(manyFields.statusCode).toBe(413);
      expect(manyFields.json().errorCode).toBe('TOO_MANY_PARTS');

      const json = await post(
        h,
        '/api/deposit/create',
        { gateway: 'm_paytm' },
        {
          token: player.token,
        },
      );
      expect(json.statusCode).toBe(415);

      expect(await depositCount(player.id)).toBe(0);
      expect(await storedFiles()).toBe(files);
    });

    it('refuses demo accounts and anonymous callers', async () => {
      const demo = (await post(h, '/api/login/demo', {})).json().data as { token: string };
      const res = await createDeposit(demo.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('DEMO_ACCOUNT');
      const body = multipartBody(depositParts());
      const anonymous = await h.app.inject({
        method: 'POST',
        url: '/api/deposit/create',
        headers: body.headers,
        payload: body.payload,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('uses a reference once, whoever uses it and however it is cased', async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      const ref = reference();
      await created(alice.token, depositParts({ reference: ref }));
      const files = await storedFiles();
      const uploadRows = await count(sql`select count(*) as n from uploads`);

      for (const [player, used] of [
        [bob, ref.toLowerCase()],
        [bob, ref.toUpperCase()],
        [alice, ref],
      ] as const) {
        const res = await createDeposit(player.token, depositParts({ reference: used }));
        expect(res.statusCode).toBe(409);
        expect(res.json().errorCode).toBe('REFERENCE_USED');
      }
      expect(await depositCount(bob.id)).toBe(0);
      expect(await depositCount(alice.id)).toBe(1);
      // Nothing stored for the refused ones: no file left behind, no upload row.
      expect(await storedFiles()).toBe(files);
      expect(await count(sql`select count(*) as n from uploads`)).toBe(uploadRows);
    });

    it('gives an expired request’s reference back', async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      const ref = reference();
      const first = await created(alice.token, depositParts({ reference: ref }));
      await travel(1440 * MINUTE + 1000);
      const bobToken = await signInAgain(bob);
      const second = await created(bobToken, depositParts({ reference: ref.toLowerCase() }));
      expect(second.reference).toBe(ref.toUpperCase());

      const mine = (await list(await signInAgain(alice))).json().data.items as Deposit[];
      expect(mine.find((d) => d.id === first.id)).toMatchObject({
        status: 'expired',
        reason: 'Expired: no decision in time',
      });
      const [audit] = await executeRows<{ actor_type: string; reason: string }>(
        h.db,
        sql`select * from audit_log where action = 'deposit.expire' and target_id = ${first.id}`,
      );
      expect(audit).toMatchObject({ actor_type: 'system', reason: 'Expired: no decision in time' });
    });

    it('limits pending requests per player', async () => {
      const player = await newPlayer();
      for (let i = 0; i < MAX_PENDING; i += 1) await created(player.token);
      const over = await createDeposit(player.token);
      expect(over.statusCode).toBe(409);
      expect(over.json().errorCode).toBe('PENDING_REQUESTS_LIMIT');
      expect(await depositCount(player.id)).toBe(MAX_PENDING);
    });
  });

  describe('GET /api/deposit/get', () => {
    it("lists the player's own requests newest first, with filters and paging", async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      const a1 = await created(alice.token, depositParts({ amount: '100' }));
      h.clock.advance(1000);
      const a2 = await created(alice.token, depositParts({ gateway: 'm_bkash', amount: '500' }));
      h.clock.advance(1000);
      const a3 = await created(alice.token, depositParts({ amount: '300' }));
      const b1 = await created(bob.token);
      expect((await decline(a3.id, 'Proof unreadable')).statusCode).toBe(200);

      const all = (await list(alice.token)).json().data;
      expect(all.total).toBe(3);
      expect(all.items.map((d: Deposit) => d.id)).toEqual([a3.id, a2.id, a1.id]);
      expect(all.items.map((d: Deposit) => d.id)).not.toContain(b1.id);

      const paged = (await list(alice.token, '?page=2&pageSize=2')).json().data;
      expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(paged.items.map((d: Deposit) => d.id)).toEqual([a1.id]);

      const pending = (await list(alice.token, '?status=pending')).json().data;
      expect(pending.items.map((d: Deposit) => d.id)).toEqual([a2.id, a1.id]);
      const declined = (await list(alice.token, '?status=declined')).json().data;
      expect(declined.items).toHaveLength(1);
      expect(declined.items[0]).toMatchObject({ status: 'declined', reason: 'Proof unreadable' });
      const bkash = (await list(alice.token, '?gateway=m_bkash')).json().data;
      expect(bkash.items.map((d: Deposit) => d.id)).toEqual([a2.id]);

      const bad = await list(alice.token, '?status=paid');
      expect(bad.statusCode).toBe(400);
      expect((await call(h, 'GET', '/api/deposit/get')).statusCode).toBe(401);
    });

    it('filters by Indian calendar days, both ends included', async () => {
      // Just before midnight in India, then just after it.
      const now = h.clock.now().getTime();
      const istDay = Math.floor((now + IST_OFFSET_MS) / 86_400_000);
      const nextMidnightUtc = (istDay + 1) * 86_400_000 - IST_OFFSET_MS;
      await travel(nextMidnightUtc - MINUTE - now);
      const player = await newPlayer();
      const late = await created(player.token);
      h.clock.advance(2 * MINUTE);
      const early = await created(player.token);
      const day = (offset: number) =>
        new Date((istDay + offset) * 86_400_000).toISOString().slice(0, 10);

      const ids = async (query: string) =>
        ((await list(player.token, query)).json().data.items as Deposit[]).map((d) => d.id);
      expect(await ids(`?from=${day(0)}&to=${day(0)}`)).toEqual([late.id]);
      expect(await ids(`?from=${day(1)}&to=${day(1)}`)).toEqual([early.id]);
      expect(await ids(`?from=${day(0)}&to=${day(1)}`)).toEqual([early.id, late.id]);
      expect(await ids(`?from=${day(1)}`)).toEqual([early.id]);
      expect(await ids(`?to=${day(-1)}`)).toEqual([]);
    });
  });

  describe('staff decisions', () => {
    it('approve credits cash once, audited and notified', async () => {
      const player = await newPlayer();
      const deposit = await created(player.token, depositParts({ amount: '1234.56' }));
      const res = await approve(deposit.id, { note: 'UTR matched' });
      expect(res.statusCode, res.body).toBe(200);
      const decided = staffDepositSchema.parse(res.json().data);
      expect(decided).toMatchObject({
        status: 'approved',
        decidedBy: h.seedResult.adminUsername,
        note: 'UTR matched',
        playerId: String(player.id),
        username: player.username,
        bonus: 0,
      });
      expect(decided.decidedAt).not.toBeNull();
      expect(await getWallet(h.db, player.id)).toMatchObject({
        balance: 1234.56,
        cash: 1234.56,
        coins: 0,
      });

      const postings = await executeRows<{ amount_paise: string | number; kind: string }>(
        h.db,
        sql`select p.amount_paise, a.kind from ledger_postings p
            join ledger_transactions t on t.id = p.transaction_id
            join ledger_accounts a on a.id = p.account_id
            where t.idempotency_key = ${`deposit:${deposit.id}`} order by p.amount_paise`,
      );
      expect(postings.map((p) => [Number(p.amount_paise), p.kind])).toEqual([
        [-123_456, 'gateway_clearing'],
        [123_456, 'cash'],
      ]);

      const [audit] = await executeRows<{
        actor_type: string;
        actor_id: string;
        before: { status: string };
        after: { status: string; amount: number };
        reason: string;
        ip: string;
      }>(
        h.db,
        sql`select * from audit_log where action = 'deposit.approve' and target_id = ${deposit.id}`,
      );
      expect(audit).toMatchObject({
        actor_type: 'staff',
        before: { status: 'pending' },
        after: { status: 'approved', amount: 1234.56 },
        reason: 'UTR matched',
      });
      expect(audit?.ip).toBeTruthy();

      const notes = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
      expect(notes.json().data.items[0]).toMatchObject({
        title: 'Deposit approved',
        message: '1234.56 points credited to your account.',
        status: 'success',
      });

      for (const again of [await approve(deposit.id), await decline(deposit.id, 'Too late')]) {
        expect(again.statusCode).toBe(409);
        expect(again.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
      }
      expect((await getWallet(h.db, player.id)).cash).toBe(1234.56);
    });

    it('approve pays the gateway’s deposit bonus into coins', async () => {
      const player = await newPlayer();
      expect((await patchGateway('m_binance_bsc', { depositBonusPercent: 5 })).statusCode).toBe(
        200,
      );
      const deposit = await created(
        player.token,
        depositParts({ gateway: 'm_binance_bsc', amount: '1000.10' }),
      );
      const res = await approve(deposit.id);
      expect(res.json().data).toMatchObject({ status: 'approved', bonus: 50 });
      expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 1000.1, coins: 50 });
      const notes = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
      expect(notes.json().data.items[0].message).toBe(
        '1000.10 points and 50.00 bonus coins credited to your account.',
      );
      await patchGateway('m_binance_bsc', { depositBonusPercent: 0 });
    });

    it('decline needs a reason and moves no money', async () => {
      const player = await newPlayer();
      const deposit = await created(player.token);
      const short = await decline(deposit.id, 'no');
      expect(short.statusCode).toBe(400);
      expect(short.json().errorCode).toBe('VALIDATION_FAILED');
      const res = await decline(deposit.id, 'UTR not found in the bank statement');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'declined',
        reason: 'UTR not found in the bank statement',
      });
      expect((await getWallet(h.db, player.id)).cash).toBe(0);
      const notes = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
      expect(notes.json().data.items[0]).toMatchObject({
        title: 'Deposit declined',
        message: 'Your deposit of 1000.00 points was declined: UTR not found in the bank statement',
        status: 'error',
      });
      expect((await approve(deposit.id)).json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
    });

    it('refuses a request whose time ran out and marks it expired', async () => {
      const player = await newPlayer();
      const deposit = await created(player.token);
      await travel(1440 * MINUTE + 1);
      const res = await approve(deposit.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('REQUEST_EXPIRED');
      const row = await staffGet(`/api/staff/deposits/${deposit.id}`);
      expect(row.json().data).toMatchObject({
        status: 'expired',
        reason: 'Expired: no decision in time',
      });
      expect((await getWallet(h.db, player.id)).cash).toBe(0);
      expect((await decline(deposit.id, 'Too late now')).json().errorCode).toBe('REQUEST_EXPIRED');
    });

    it('answers 404 for an unknown request', async () => {
      for (const res of [
        await approve('999999999'),
        await decline('999999999', 'No such thing'),
        await staffGet('/api/staff/deposits/999999999'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('DEPOSIT_NOT_FOUND');
      }
    });

    it('staff list shows every player with filters, usernames and deciders', async () => {
      const alice = await newPlayer();
      const bob = await newPlayer();
      const a = await created(alice.token, depositParts({ amount: '250' }));
      const b = await created(bob.token, depositParts({ gateway: 'm_bkash', amount: '600' }));
      await approve(b.id);

      const mine = await staffGet(`/api/staff/deposits?playerId=${alice.id}`);
      expect(mine.json().data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      const item = staffDepositSchema.parse(mine.json().data.items[0]) as StaffDeposit;
      expect(item).toMatchObject({
        id: a.id,
        username: alice.username,
        status: 'pending',
        decidedBy: null,
        gatewayTxnId: null,
      });
      expect(item.proofUploadId).toMatch(/^[0-9a-f-]{36}$/);

      const approvedBkash = await staffGet(
        `/api/staff/deposits?status=approved&gateway=m_bkash&playerId=${bob.id}`,
      );
      expect(approvedBkash.json().data.items).toEqual([
        expect.objectContaining({ id: b.id, decidedBy: h.seedResult.adminUsername }),
      ]);
      const everyone = await staffGet('/api/staff/deposits?pageSize=100');
      const ids = everyone.json().data.items.map((d: StaffDeposit) => d.id);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(everyone.json().data.total).toBeGreaterThanOrEqual(2);
    });

    it('serves uploads to staff only', async () => {
      const player = await newPlayer();
      const proof = pngBytes(300);
      const deposit = await created(player.token, depositParts({}, proof));
      const detail = staffDepositSchema.parse(
        (await staffGet(`/api/staff/deposits/${deposit.id}`)).json().data,
      );
      const url = `/api/staff/uploads/${detail.proofUploadId}`;
      const served = await staffGet(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Stored re-encoded (uploads/image.ts): the same picture, not the same bytes.
      expect(await imageInfo(served.rawPayload)).toEqual(await imageInfo(proof));

      expect((await staffGet(url, player.token)).statusCode).toBe(401);
      expect((await call(h, 'GET', url)).statusCode).toBe(401);
      // An agent reads files of its own downline only: this player is not in it.
      expect((await staffGet(url, agent)).statusCode).toBe(404);
      const missing = await staffGet(`/api/staff/uploads/${randomUUID()}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorCode).toBe('UPLOAD_NOT_FOUND');
    });

    it("keeps players out (401), agents out of decisions (403) and of others' requests (404)", async () => {
      const player = await newPlayer();
      const deposit = await created(player.token);
      // Agents read the queue of their own downline only; this player is not in it.
      const list = await call(h, 'GET', '/api/staff/deposits', undefined, { token: agent });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.items.map((row: { id: string }) => row.id)).not.toContain(deposit.id);
      const one = await call(h, 'GET', `/api/staff/deposits/${deposit.id}`, undefined, {
        token: agent,
      });
      expect(one.statusCode).toBe(404);
      const endpoints: [string, string, object | undefined][] = [
        ['POST', `/api/staff/deposits/${deposit.id}/approve`, {}],
        ['POST', `/api/staff/deposits/${deposit.id}/decline`, { reason: 'Not today' }],
        ['GET', '/api/staff/gateways', undefined],
        ['PATCH', '/api/staff/gateways/m_paytm', { enabled: false }],
      ];
      for (const [method, url, body] of [
        ['GET', '/api/staff/deposits', undefined] as const,
        ['GET', `/api/staff/deposits/${deposit.id}`, undefined] as const,
        ...endpoints,
      ]) {
        const asPlayer = await call(h, method as 'GET', url, body, { token: player.token });
        expect(asPlayer.statusCode, `${method} ${url}`).toBe(401);
        if (method === 'GET') continue;
        const asAgent = await call(h, method as 'GET', url, body, { token: agent });
        expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
      }
      const still = await staffGet(`/api/staff/deposits/${deposit.id}`);
      expect(still.json().data.status).toBe('pending');
      const paytm = await call(h, 'GET', '/api/gateways/m_paytm', undefined, {
        token: player.token,
      });
      expect(paytm.json().data.enabled).toBe(true);
    });
  });
});
