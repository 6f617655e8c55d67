import { readdir } from 'node:fs/promises';
import {
  CASHIER_MESSAGES,
  kycStateSchema,
  staffKycListSchema,
  staffKycSchema,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { call, post } from '../../test/identity.ts';
import { JPEG_BYTES, multipartBody, pngBytes, type MultipartPart } from '../../test/multipart.ts';
import {
  WITHDRAW_TEST_ENV,
  addBank,
  adminToken,
  agentToken,
  countRows,
  demoToken,
  get,
  newPlayer,
  requestWithdrawal,
  type TestPlayer,
} from '../../test/withdraw.ts';

const MAX_BYTES = 4096;
const field = (name: string, value: string): MultipartPart => ({ name, value });
const front = (data: Buffer = pngBytes(64)): MultipartPart => ({ name: 'front', data });
const back = (data: Buffer = JPEG_BYTES): MultipartPart => ({
  name: 'back',
  data,
  filename: 'back.jpg',
  contentType: 'image/jpeg',
});

describe.each(drivers)('cashier: KYC on %s', (driver) => {
  let h: Harness;
  let admin: string;
  let uploadDir: { dir: string; remove: () => Promise<void> };

  beforeAll(async () => {
    uploadDir = await makeTempDir('spm-kyc-uploads-');
    h = await startHarness(driver, {
      env: { ...WITHDRAW_TEST_ENV, UPLOAD_DIR: uploadDir.dir, UPLOAD_MAX_BYTES: String(MAX_BYTES) },
    });
    admin = await adminToken(h);
  });
  afterAll(async () => {
    await h?.close();
    await uploadDir?.remove();
  });

  const submit = (token: string, parts: MultipartPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return call(h, 'POST', '/api/kyc', payload, { token, headers });
  };
  const filesOnDisk = async () => (await readdir(uploadDir.dir).catch(() => [])).length;
  const uploadsOf = (player: TestPlayer) =>
    countRows(h, sql`select count(*) as n from uploads where player_id = ${player.id}`);
  const submissionsOf = (player: TestPlayer) =>
    countRows(h, sql`select count(*) as n from kyc_submissions where player_id = ${player.id}`);
  const stateOf = async (player: TestPlayer) =>
    kycStateSchema.parse((await get(h, '/api/kyc', player.token)).json().data);
  const staffDecide = (id: string, decision: 'approve' | 'decline', token = admin) =>
    post(
      h,
      `/api/staff/kyc/${id}/${decision}`,
      decision === 'approve' ? { note: 'Looks right' } : { reason: 'The photo is blurred' },
      { token },
    );
  const latestSubmissionId = async (player: TestPlayer) =>
    (await stateOf(player)).submissions[0]?.id ?? '';

  it('a new player has no KYC', async () => {
    const player = await newPlayer(h);
    expect(await stateOf(player)).toEqual({
      status: 'none',
      submissions: [],
      kycRequiredAbove: 10_000,
    });
  });

  describe('document types (SPEC 3)', () => {
    const accepted: [string, MultipartPart[], Record<string, unknown>][] = [
      [
        'passport with both sides',
        [field('docType', '0'), front(), back()],
        { docType: 0, docTypeName: 'passport', docId: null, hasBack: true },
      ],
      [
        'pancard with a PAN (lower case and spaces are normalised), front only',
        [field('docType', '2'), field('docId', 'abcde 1234f'), front()],
        { docType: 2, docTypeName: 'pancard', docId: '****234F', hasBack: false },
      ],
      [
        'pancard with an unneeded back side (kept)',
        [field('docType', '2'), field('docId', 'ABCDE1234F'), front(), back()],
        { docType: 2, hasBack: true },
      ],
      [
        'adharcard with an Aadhaar number and both sides',
        [field('docType', '3'), field('docId', '2345 6789 0123'), front(), back()],
        { docType: 3, docTypeName: 'adharcard', docId: '****0123', hasBack: true },
      ],
      [
        'drivinglicense, front only; a doc id it does not need is dropped',
        [field('docType', '4'), field('docId', 'DL-0420110012345'), front()],
        { docType: 4, docTypeName: 'drivinglicense', docId: null, hasBack: false },
      ],
    ];
    it.each(accepted)('accepts %s', async (_name, parts, expected) => {
      const player = await newPlayer(h);
      const filesBefore = await filesOnDisk();
      const res = await submit(player.token, parts);
      expect(res.statusCode).toBe(200);
      const state = kycStateSchema.parse(res.json().data);
      expect(state.status).toBe('pending');
      expect(state.submissions).toHaveLength(1);
      expect(state.submissions[0]).toMatchObject({ ...expected, status: 'pending', reason: null });
      const files = parts.filter((part) => part.data !== undefined).length;
      expect(await filesOnDisk()).toBe(filesBefore + files);
      expect(await uploadsOf(player)).toBe(files);
      const [audit] = await executeRows<{ actor_type: string; action: string }>(
        h.db,
        sql`select actor_type, action from audit_log where target_type = 'kyc_submission'
            and target_id = ${state.submissions[0]?.id ?? ''}`,
      );
      expect(audit).toEqual({ actor_type: 'player', action: 'kyc.submit' });
    });

    const refused: [string, MultipartPart[], string, { field: string; message: string }[]][] = [
      [
        'passport without its back side',
        [field('docType', '0'), front()],
        'FILE_REQUIRED',
        [{ field: 'back', message: CASHIER_MESSAGES.backRequired }],
      ],
      [
        'passport without any file',
        [field('docType', '0')],
        'FILE_REQUIRED',
        [
          { field: 'front', message: CASHIER_MESSAGES.frontRequired },
          { field: 'back', message: CASHIER_MESSAGES.backRequired },
        ],
      ],
      [
        'drivinglicense without its front side',
        [field('docType', '4'), back()],
        'FILE_REQUIRED',
        [{ field: 'front', message: CASHIER_MESSAGES.frontRequired }],
      ],
      [
        'pancard without a doc id',
        [field('docType', '2'), front()],
        'VALIDATION_FAILED',
        [{ field: 'docId', message: CASHIER_MESSAGES.docIdRequired }],
      ],
      [
        'pancard with a malformed PAN',
        [field('docType', '2'), field('docId', 'ABCD12345F'), front()],
        'VALIDATION_FAILED',
        [{ field: 'docId', message: CASHIER_MESSAGES.panFormat }],
      ],
      [
        'adharcard without a doc id',
        [field('docType', '3'), front(), back()],
        'VALIDATION_FAILED',
        [{ field: 'docId', message: CASHIER_MESSAGES.docIdRequired }],
      ],
      [
        'adharcard with a number starting with 1',
        [field('docType', '3'), field('docId', '123456789012'), front(), back()],
        'VALIDATION_FAILED',
        [{ field: 'docId', message: CASHIER_MESSAGES.aadhaarFormat }],
      ],
      [
        'adharcard with 11 digits',
        [field('docType', '3'), field('docId', '23456789012'), front(), back()],
        'VALIDATION_FAILED',
        [{ field: 'docId', message: CASHIER_MESSAGES.aadhaarFormat }],
      ],
      [
        'adharcard without its back side',
        [field('docType', '3'), field('docId', '234567890123'), front()],
        'FILE_REQUIRED',
        [{ field: 'back', message: CASHIER_MESSAGES.backRequired }],
      ],
      [
        'an unknown document type',
        [field('docType', '1'), front(), back()],
        'VALIDATION_FAILED',
        [{ field: 'docType', message: CASHIER_MESSAGES.docTypeInvalid }],
      ],
      [
        'no document type',
        [front(), back()],
        'VALIDATION_FAILED',
        [{ field: 'docType', message: CASHIER_MESSAGES.docTypeInvalid }],
      ],
    ];
    it.each(refused)('refuses %s, storing nothing', async (_name, parts, code, issues) => {
      const player = await newPlayer(h);
      const filesBefore = await filesOnDisk();
      const res = await submit(player.token, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorCode: code, data: { issues } });
      expect(await filesOnDisk()).toBe(filesBefore);
      expect(await uploadsOf(player)).toBe(0);
      expect(await submissionsOf(player)).toBe(0);
    });
  });

  describe('upload limits', () => {
    it('refuses an oversized file (413), wrong magic bytes (415) and extra parts (413)', async () => {
      const player = await newPlayer(h);
      const filesBefore = await filesOnDisk();
      const oversized = await submit(player.token, [
        field('docType', '4'),
        front(pngBytes(MAX_BYTES + 1)),
      ]);
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().errorCode).toBe('PAYLOAD_TOO_LARGE');

      const notAnImage = await submit(player.token, [
        field('docType', '4'),
        front(Buffer.from('%PDF-1.7 pretending to be a PNG')),
      ]);
      expect(notAnImage.statusCode).toBe(415);
      expect(notAnImage.json()).toMatchObject({
        errorCode: 'UNSUPPORTED_MEDIA_TYPE',
        data: { issues: [{ field: 'front' }] },
      });

      const extraFile = await submit(player.token, [
        field('docType', '0'),
        front(),
        back(),
        { name: 'selfie', data: pngBytes(64) },
      ]);
      expect(extraFile.statusCode).toBe(413);
      expect(extraFile.json().errorCode).toBe('TOO_MANY_PARTS');

      const twoFronts = await submit(player.token, [field('docType', '4'), front(), front()]);
      expect(twoFronts.statusCode).toBe(413);
      expect(twoFronts.json().errorCode).toBe('TOO_MANY_PARTS');

      const manyFields = await submit(player.token, [
        ...Array.from({ length: 12 }, (_, i) => field(`f${i}`, 'x')),
        field('docType', '4'),
        front(),
      ]);
      expect(manyFields.statusCode).toBe(413);
      expect(manyFields.json().errorCode).toBe('TOO_MANY_PARTS');

      const json = await post(h, '/api/kyc', { docType: 4 }, { token: player.token });
      expect(json.statusCode).toBe(415);
      expect(json.json().errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');

      expect(await filesOnDisk()).toBe(filesBefore);
      expect(await submissionsOf(player)).toBe(0);
    });

    it('demo players 403, no session 401, before the body is read', async () => {
      const parts = [field('docType', '4'), front()];
      const demo = await submit(await demoToken(h), parts);
      expect(demo.statusCode).toBe(403);
      expect(demo.json().errorCode).toBe('DEMO_ACCOUNT');
      const { payload, headers } = multipartBody(parts);
      const anonymous = await call(h, 'POST', '/api/kyc', payload, { headers });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(h, 'GET', '/api/kyc')).statusCode).toBe(401);
    });
  });

  describe('states and staff decisions', () => {
    it('one submission under review at a time, even when sent at once', async () => {
      const player = await newPlayer(h);
      const filesBefore = await filesOnDisk();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          submit(player.token, [field('docType', '0'), front(), back()]),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode).toBe(409);
        expect(res.json().errorCode).toBe('KYC_ALREADY_PENDING');
      }
      expect(await submissionsOf(player)).toBe(1);
      // The losers' files were removed with their rolled-back rows.
      expect(await uploadsOf(player)).toBe(2);
      expect(await filesOnDisk()).toBe(filesBefore + 2);
    });

    it('staff list unmasked with upload ids, filter, and read one', async () => {
      const player = await newPlayer(h);
      await submit(player.token, [
        field('docType', '3'),
        field('docId', '234567890123'),
        front(),
        back(),
      ]);
      const list = await get(h, `/api/staff/kyc?playerId=${player.id}`, admin);
      expect(list.statusCode).toBe(200);
      const page = staffKycListSchema.parse(list.json().data);
      expect(page.total).toBe(1);
      const [item] = page.items;
      expect(item).toMatchObject({
        playerId: String(player.id),
        username: player.username,
        docType: 3,
        docId: '234567890123',
        hasBack: true,
        status: 'pending',
        decidedBy: null,
      });
      expect(item?.frontUploadId).toMatch(/^[0-9a-f-]{36}$/);
      expect(item?.backUploadId).toMatch(/^[0-9a-f-]{36}$/);
      const pending = await get(h, '/api/staff/kyc?status=pending&pageSize=100', admin);
      expect(pending.json().data.items.map((row: { id: string }) => row.id)).toContain(item?.id);
      const approvedOnly = await get(
        h,
        `/api/staff/kyc?playerId=${player.id}&status=approved`,
        admin,
      );
      expect(approvedOnly.json().data).toMatchObject({ total: 0, items: [] });
      const expired = await get(h, '/api/staff/kyc?status=expired', admin);
      expect(expired.json().data.total).toBe(0);

      const one = await get(h, `/api/staff/kyc/${item?.id}`, admin);
      expect(staffKycSchema.parse(one.json().data)).toEqual(item);
      const missing = await get(h, '/api/staff/kyc/999999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorCode).toBe('KYC_NOT_FOUND');
    });

    it('decline tells the player why and allows a new submission; approve is final', async () => {
      const player = await newPlayer(h);
      await submit(player.token, [field('docType', '4'), front()]);
      const firstId = await latestSubmissionId(player);
      const declined = await staffDecide(firstId, 'decline');
      expect(declined.statusCode).toBe(200);
      expect(declined.json().data).toMatchObject({
        status: 'declined',
        reason: 'The photo is blurred',
        decidedBy: 'admin',
      });
      expect((await stateOf(player)).status).toBe('declined');
      const [declineNote] = (await get(h, '/api/notifications', player.token)).json().data.items;
      expect(declineNote).toMatchObject({
        title: 'KYC declined',
        message: 'The photo is blurred',
        status: 'warning',
      });
      const again = await staffDecide(firstId, 'approve');
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');

      expect((await submit(player.token, [field('docType', '4'), front()])).statusCode).toBe(200);
      const state = await stateOf(player);
      expect(state.status).toBe('pending');
      expect(state.submissions.map((s) => s.status)).toEqual(['pending', 'declined']);

      const secondId = state.submissions[0]?.id ?? '';
      const approved = await staffDecide(secondId, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'approved', note: 'Looks right' });
      expect((await stateOf(player)).status).toBe('approved');
      const [approveNote] = (await get(h, '/api/notifications', player.token)).json().data.items;
      expect(approveNote).toMatchObject({ title: 'KYC approved', status: 'success' });
      const after = await submit(player.token, [field('docType', '4'), front()]);
      expect(after.statusCode).toBe(409);
      expect(after.json().errorCode).toBe('KYC_ALREADY_APPROVED');

      const audit = await executeRows<{ action: string; actor_type: string; reason: string }>(
        h.db,
        sql`select action, actor_type, reason from audit_log
            where target_type = 'kyc_submission' and target_id in (${firstId}, ${secondId})
            and actor_type = 'staff' order by id`,
      );
      expect(audit).toEqual([
        { action: 'kyc.decline', actor_type: 'staff', reason: 'The photo is blurred' },
        { action: 'kyc.approve', actor_type: 'staff', reason: 'Looks right' },
      ]);
      expect((await get(h, '/api/withdraw/info', player.token)).json().data.kycStatus).toBe(
        'approved',
      );
    });

    it('concurrent approve/decline of one submission: exactly one decision', async () => {
      const player = await newPlayer(h);
      await submit(player.token, [field('docType', '4'), front()]);
      const id = await latestSubmissionId(player);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => [
          staffDecide(id, i % 2 === 0 ? 'approve' : 'decline'),
          staffDecide(id, i % 2 === 0 ? 'decline' : 'approve'),
        ]).flat(),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(
        answers.filter((res) => res.json().errorCode === 'REQUEST_ALREADY_DECIDED'),
      ).toHaveLength(39);
      expect(
        await countRows(
          h,
          sql`select count(*) as n from notifications where user_id = ${player.id}`,
        ),
      ).toBe(1);
    });

    it('a withdrawal above the threshold succeeds once KYC is approved', async () => {
      const player = await newPlayer(h, 20_000);
      const bankId = await addBank(h, player);
      const refused = await requestWithdrawal(h, player, { amount: 15_000, bankId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('KYC_REQUIRED');
      await submit(player.token, [field('docType', '2'), field('docId', 'ABCDE1234F'), front()]);
      // Pending is not approved.
      const pending = await requestWithdrawal(h, player, { amount: 15_000, bankId });
      expect(pending.json().errorCode).toBe('KYC_REQUIRED');
      expect((await staffDecide(await latestSubmissionId(player), 'approve')).statusCode).toBe(200);
      const res = await requestWithdrawal(h, player, { amount: 15_000, bankId });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.wallet).toMatchObject({ balance: 5000, cash: 20_000 });
    });

    it('staff KYC routes refuse player tokens (401); agents outside the downline read nothing and decide nothing', async () => {
      const player = await newPlayer(h);
      await submit(player.token, [field('docType', '4'), front()]);
      const id = await latestSubmissionId(player);
      const agent = await agentToken(h);
      for (const res of [
        await get(h, '/api/staff/kyc', player.token),
        await get(h, `/api/staff/kyc/${id}`, player.token),
        await staffDecide(id, 'approve', player.token),
        await staffDecide(id, 'decline', player.token),
      ]) {
        expect(res.statusCode).toBe(401);
      }
      const list = await get(h, '/api/staff/kyc', agent);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.items.map((row: { id: string }) => row.id)).not.toContain(id);
      expect((await get(h, `/api/staff/kyc/${id}`, agent)).statusCode).toBe(404);
      expect((await staffDecide(id, 'approve', agent)).statusCode).toBe(403);
      expect((await staffDecide(id, 'decline', agent)).statusCode).toBe(403);
      expect((await stateOf(player)).status).toBe('pending');
      const unknown = await staffDecide('999999999', 'approve');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errorCode).toBe('KYC_NOT_FOUND');
    });
  });
});
