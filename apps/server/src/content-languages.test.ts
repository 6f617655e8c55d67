import {
  MARKET_EVENTS,
  REALTIME_PATH,
  SERVER_EVENTS,
  type Market,
  type NotificationToast,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from './db/database.ts';
import { insertBanners } from './modules/site/index.ts';
import { drivers, startHarness, type Harness } from './test/harness.ts';
import { aVersusBMatchOdds } from './test/exchange.ts';
import {
  call,
  fundedExchangePlayer,
  registerPlayer,
  type ExchangePlayer,
} from './test/identity.ts';
import { adminToken, staffMemberWithToken } from './test/staff.ts';

/* Server content in eight languages (docs/server-content-languages.md). */
describe.each(drivers)('server content in the player language on %s', (driver) => {
  let h: Harness;
  let admin: string;
  let agent: string;
  let player: { token: string; user: { id: string } };

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    admin = await adminToken(h);
    agent = (await staffMemberWithToken(h, { role: 'agent' })).token;
    player = await registerPlayer(h);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const staff = (method: InjectOptions['method'], url: string, body?: unknown, token = admin) =>
    call(h, method, url, body, { token });
  const inLanguage = (url: string, language: string | undefined, token?: string) =>
    call(h, 'GET', url, undefined, {
      ...(token === undefined ? {} : { token }),
      headers: language === undefined ? {} : { 'accept-language': language },
    });

  async function connectAs(token: string, lang: string): Promise<Socket> {
    const socket = connect(h.baseUrl!, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token, lang },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const rowCount = async (table: 'announcements' | 'name_translations') => {
    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    return Number(row?.n);
  };

  it('answers an announcement in the player language, English where none is given', async () => {
    const created = await staff('POST', '/api/staff/announcements', {
      message: 'Cup final tonight',
      translations: { hi: 'आज रात कप फाइनल', ta: 'இன்று இரவு கோப்பை இறுதி' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const messageIn = async (language?: string) =>
      (
        (await inLanguage('/api/announcement/display', language)).json().data as {
          id: string;
          message: string;
        }[]
      ).find((a) => a.id === id)?.message;
    expect(await messageIn('hi')).toBe('आज रात कप फाइनल');
    expect(await messageIn('ta-IN,ta;q=0.9')).toBe('இன்று இரவு கோப்பை இறுதி');
    expect(await messageIn('fr')).toBe('Cup final tonight');
    expect(await messageIn(undefined)).toBe('Cup final tonight');

    // A blank translation or an unknown language: 400, nothing stored or changed.
    const before = await rowCount('announcements');
    for (const translations of [{ hi: '' }, { de: 'Pokalfinale' }, { en: 'Cup final' }]) {
      const bad = await staff('POST', '/api/staff/announcements', {
        message: 'Hello',
        translations,
      });
      expect(bad.statusCode, JSON.stringify(translations)).toBe(400);
      const badEdit = await staff('PATCH', `/api/staff/announcements/${id}`, { translations });
      expect(badEdit.statusCode).toBe(400);
    }
    expect(await rowCount('announcements')).toBe(before);
    expect(await messageIn('hi')).toBe('आज रात कप फाइनल');

    const edited = await staff('PATCH', `/api/staff/announcements/${id}`, { translations: {} });
    expect(edited.json().data.translations).toEqual({});
    expect(await messageIn('hi')).toBe('Cup final tonight');
  });

  it('answers banner titles in the player language, English where none is given', async () => {
    await insertBanners(h.db, [
      { title: 'Welcome bonus', imageUrl: '/banner.png', linkUrl: null, sortOrder: 900 },
    ]);
    const list = (await staff('GET', '/api/staff/banners')).json().data as {
      id: string;
      title: string;
    }[];
    const banner = list.find((b) => b.title === 'Welcome bonus')!;
    const edited = await staff('PATCH', `/api/staff/banners/${banner.id}`, {
      titleTranslations: { kn: 'ಸ್ವಾಗತ ಬೋನಸ್' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.titleTranslations).toEqual({ kn: 'ಸ್ವಾಗತ ಬೋನಸ್' });
    const titleIn = async (language: string) =>
      (
        (await inLanguage('/api/getBanners', language)).json().data as {
          id: string;
          title: string;
        }[]
      ).find((b) => b.id === banner.id)?.title;
    expect(await titleIn('kn')).toBe('ಸ್ವಾಗತ ಬೋನಸ್');
    expect(await titleIn('mr')).toBe('Welcome bonus');
    const bad = await staff('PATCH', `/api/staff/banners/${banner.id}`, {
      titleTranslations: { kn: 'x'.repeat(101) },
    });
    expect(bad.statusCode).toBe(400);
    expect(await titleIn('kn')).toBe('ಸ್ವಾಗತ ಬೋನಸ್');
  });

  /** The toasts a player's Hindi and English sockets get while `act` runs. */
  async function toastsWhile(act: () => Promise<void>) {
    const hindi = await connectAs(player.token, 'hi');
    const english = await connectAs(player.token, 'en');
    try {
      const toast = (socket: Socket) =>
        new Promise<NotificationToast>((resolve) =>
          socket.once(SERVER_EVENTS.notificationToast, resolve),
        );
      const pending = [toast(hindi), toast(english)];
      await act();
      const [hi, en] = await Promise.all(pending);
      return { hi, en };
    } finally {
      hindi.disconnect();
      english.disconnect();
    }
  }
  const bellIn = async (language: string, token = player.token) =>
    (await inLanguage('/api/notifications', language, token)).json().data.items[0];

  it('toasts and lists a staff notification in each player language', async () => {
    const toasts = await toastsWhile(async () => {
      const res = await staff('POST', '/api/staff/notifications', {
        target: { kind: 'player', playerId: player.user.id },
        title: 'Deposit offer',
        message: 'Ten percent more today',
        status: 'info',
        translations: { hi: { title: 'जमा ऑफ़र', message: 'आज दस प्रतिशत अधिक' } },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(toasts).toEqual({
      hi: { title: 'जमा ऑफ़र', message: 'आज दस प्रतिशत अधिक', status: 'info' },
      en: { title: 'Deposit offer', message: 'Ten percent more today', status: 'info' },
    });
    expect(await bellIn('hi')).toMatchObject({ title: 'जमा ऑफ़र' });
    expect(await bellIn('es')).toMatchObject({ title: 'Deposit offer' });

    const bad = await staff('POST', '/api/staff/notifications', {
      target: { kind: 'player', playerId: player.user.id },
      title: 'Deposit offer',
      message: 'Ten percent more today',
      status: 'info',
      translations: { hi: { title: 'जमा ऑफ़र' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(await bellIn('en')).toMatchObject({ title: 'Deposit offer' });
  });

  it('toasts and lists the platform’s own notifications in each player language', async () => {
    const toasts = await toastsWhile(async () => {
      const credited = await staff('POST', `/api/staff/players/${player.user.id}/adjustments`, {
        direction: 'credit',
        amount: 250,
        reason: 'Welcome back',
        idempotencyKey: `languages-${Date.now()}`,
      });
      expect(credited.statusCode, credited.body).toBe(200);
    });
    expect(toasts).toEqual({
      hi: {
        title: 'बैलेंस समायोजित',
        message: '250.00 अंक जोड़े गए: Welcome back',
        status: 'success',
      },
      en: {
        title: 'Balance adjusted',
        message: 'Credited 250.00 points: Welcome back',
        status: 'success',
      },
    });
    expect(await bellIn('kn')).toMatchObject({
      title: 'ಬ್ಯಾಲೆನ್ಸ್ ಹೊಂದಿಸಲಾಗಿದೆ',
      message: '250.00 ಅಂಕಗಳನ್ನು ಜಮಾ ಮಾಡಲಾಗಿದೆ: Welcome back',
    });
    expect(await bellIn('en')).toMatchObject({ title: 'Balance adjusted' });

    // A settled market: its name as staff translated it, in the player's language.
    const competitionId = await h.app.exchange.createCompetition(4, 'Settled League');
    const { odds, runners } = await aVersusBMatchOdds(h.app.exchange, competitionId);
    const named = await staff('PUT', `/api/staff/name-translations/market/${odds}`, {
      translations: { ta: 'போட்டி வாய்ப்புகள்' },
    });
    expect(named.statusCode, named.body).toBe(200);
    const backer = await fundedExchangePlayer(h, 1000);
    const layer = await fundedExchangePlayer(h, 1000);
    const bet = (who: ExchangePlayer, side: 'back' | 'lay') =>
      call(
        h,
        'POST',
        '/api/bet/match/odds',
        {
          idempotencyKey: `languages-${side}-${Date.now()}`,
          marketId: odds,
          runnerId: runners[0],
          side,
          price: 3,
          stake: 100,
        },
        { token: who.token },
      );
    expect((await bet(layer, 'lay')).statusCode).toBe(200);
    expect((await bet(backer, 'back')).statusCode).toBe(200);
    const settled = await staff('POST', `/api/staff/markets/${odds}/result`, {
      winnerRunnerId: runners[0],
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await bellIn('ta', layer.token)).toMatchObject({
      title: 'சந்தை தீர்க்கப்பட்டது',
      message: 'போட்டி வாய்ப்புகள்: 200.00 புள்ளிகள் இழந்தீர்கள்',
    });
    // No Marathi name: the English one inside the Marathi text.
    expect(await bellIn('mr', layer.token)).toMatchObject({
      title: 'मार्केट सेटल झाले',
      message: 'Match Odds: 200.00 गुण गमावले',
    });
    expect(await bellIn('en', backer.token)).toMatchObject({
      title: 'Market settled',
      message: expect.stringMatching(/^Match Odds: won \d+\.\d{2} points$/) as unknown,
    });
  });

  it('shows market and runner names staff translated, REST and realtime; English when none', async () => {
    const competitionId = await h.app.exchange.createCompetition(4, 'Names League');
    const { odds, runners } = await aVersusBMatchOdds(h.app.exchange, competitionId);
    const eventId = h.app.exchange.markets.get(odds)!.eventId;

    const found = await staff('GET', '/api/staff/name-translations?q=Names%20League');
    expect(found.statusCode).toBe(200);
    const search = await staff('GET', `/api/staff/name-translations?q=Match%20Odds`);
    const entries = search.json().data as { kind: string; id: string }[];
    expect(entries).toContainEqual(expect.objectContaining({ kind: 'market', id: odds }));

    const market = await staff('PUT', `/api/staff/name-translations/market/${odds}`, {
      translations: { te: 'మ్యాచ్ ఆడ్స్' },
    });
    expect(market.statusCode, market.body).toBe(200);
    const runner = await staff('PUT', `/api/staff/name-translations/runner/${runners[0]}`, {
      translations: { te: 'ఎ జట్టు' },
    });
    expect(runner.json().data).toMatchObject({ kind: 'runner', name: 'A' });

    const namesIn = async (language: string) => {
      const event = (await inLanguage(`/api/bet/matches/${eventId}`, language)).json().data as {
        markets: Market[];
      };
      const m = event.markets.find((x) => x.id === odds)!;
      return [m.name, ...m.runners.map((r) => r.name)];
    };
    expect(await namesIn('te')).toEqual(['మ్యాచ్ ఆడ్స్', 'ఎ జట్టు', 'B']);
    expect(await namesIn('hi')).toEqual(['Match Odds', 'A', 'B']);

    const telugu = await connectAs(player.token, 'te');
    const english = await connectAs(player.token, 'en');
    try {
      const update = (socket: Socket) =>
        new Promise<Market>((resolve) => socket.once(MARKET_EVENTS.update, resolve));
      const first = [update(telugu), update(english)];
      telugu.emit(MARKET_EVENTS.subscribe, { marketIds: [odds] });
      english.emit(MARKET_EVENTS.subscribe, { marketIds: [odds] });
      expect((await first[0]!).name).toBe('మ్యాచ్ ఆడ్స్');
      expect((await first[1]!).name).toBe('Match Odds');
      // A price tick: each follower in its own language (the Telugu one switched to Hindi).
      telugu.emit('language:set', 'hi');
      await new Promise((resolve) => setTimeout(resolve, 50));
      english.emit('language:set', 'te');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const tick = [update(telugu), update(english)];
      h.app.exchange.changed(odds);
      expect((await tick[0]!).runners[0]!.name).toBe('A');
      expect((await tick[1]!).runners[0]!.name).toBe('ఎ జట్టు');
    } finally {
      telugu.disconnect();
      english.disconnect();
    }

    // Bad input and non-admins: refused, nothing changed.
    const before = await rowCount('name_translations');
    const refusals: [string, unknown, string | undefined][] = [
      [`/api/staff/name-translations/market/${odds}`, { translations: { te: ' ' } }, admin],
      [`/api/staff/name-translations/event/${odds}`, { translations: { te: 'x' } }, admin],
      [`/api/staff/name-translations/market/abc`, { translations: { te: 'x' } }, admin],
      [`/api/staff/name-translations/market/${odds}`, { translations: { te: 'x' } }, agent],
      [`/api/staff/name-translations/market/${odds}`, { translations: { te: 'x' } }, player.token],
      [`/api/staff/name-translations/market/${odds}`, { translations: { te: 'x' } }, undefined],
    ];
    const statuses = [];
    for (const [url, body, token] of refusals) {
      statuses.push(
        (await call(h, 'PUT', url, body, token === undefined ? {} : { token })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 403, 401, 401]);
    expect(
      (
        await staff('PUT', '/api/staff/name-translations/market/999999999', {
          translations: { te: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await staff('GET', '/api/staff/name-translations?q=Match', undefined, agent)).statusCode,
    ).toBe(403);
    expect(await rowCount('name_translations')).toBe(before);
    expect(await namesIn('te')).toEqual(['మ్యాచ్ ఆడ్స్', 'ఎ జట్టు', 'B']);
  });
});
