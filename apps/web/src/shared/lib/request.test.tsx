import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDetailsSchema } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { authInitialState, useAuthStore } from '@/shared/stores/auth-store';
import { liveAppDetails, mockApi, ok } from '@/test/mock-api';
import { buildQueryString } from '@spm/client';
import { request, setUnauthorizedHandler } from './request';

function lastCall(fetchMock: ReturnType<typeof mockApi>) {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  return { url: new URL(String(input), window.location.origin), init: init ?? {} };
}

function headersOf(init: RequestInit): Record<string, string> {
  return { ...(init.headers as Record<string, string>) };
}

describe('request helper (SPEC 7.1, 8)', () => {
  beforeEach(() => {
    useAuthStore.setState({ ...authInitialState, isStoreHydrated: true });
    render(<ToastContainer />);
  });

  afterEach(() => setUnauthorizedHandler(null));

  it('defaults to GET under /api and drops empty query values', async () => {
    const fetchMock = mockApi({ 'GET /api/bets': ok([1]) });
    await request({
      url: '/bets',
      queryParams: { page: 2, status: 'pending', a: undefined, b: null, c: '', zero: 0, no: false },
    });
    const { url, init } = lastCall(fetchMock);
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/api/bets');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      status: 'pending',
      zero: '0',
      no: 'false',
    });
    expect(init.body).toBeUndefined();
  });

  it('builds no query string when every value is empty', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '' })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('sends the stored token in the authorization header, and none without one', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': ok({ id: 1 }) });
    await request({ url: '/profile' });
    expect(headersOf(lastCall(fetchMock).init)).not.toHaveProperty('authorization');

    useAuthStore.setState({ token: 'abc123' });
    await request({ url: '/profile' });
    expect(headersOf(lastCall(fetchMock).init).authorization).toBe('abc123');
  });

  it('adds refererLocal with the page origin only in local development', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': ok({ id: 1 }) });
    vi.stubEnv('DEV', true);
    await request({ url: '/profile' });
    expect(headersOf(lastCall(fetchMock).init).refererLocal).toBe(window.location.origin);

    vi.stubEnv('DEV', false);
    await request({ url: '/profile' });
    expect(headersOf(lastCall(fetchMock).init)).not.toHaveProperty('refererLocal');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const fetchMock = mockApi({ 'POST /api/login': ok({ token: 't', user: {} }) });
    await request({ url: '/login', method: 'POST', data: { username: 'ravi', password: 'x' } });
    const { init } = lastCall(fetchMock);
    expect(headersOf(init)['content-type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ username: 'ravi', password: 'x' }));
  });

  it('sends FormData as is, without a JSON encoding or content type', async () => {
    const fetchMock = mockApi({ 'POST /api/deposit/create': ok({ id: 'd1' }) });
    const form = new FormData();
    form.append('amount', '500');
    form.append('receipt', new Blob(['png'], { type: 'image/png' }), 'receipt.png');
    await request({ url: '/deposit/create', method: 'POST', data: form, isFormData: true });
    const { init } = lastCall(fetchMock);
    expect(init.body).toBe(form);
    expect(Object.keys(headersOf(init)).map((name) => name.toLowerCase())).not.toContain(
      'content-type',
    );
  });

  it('turns a plain object into multipart form data when isFormData is set', async () => {
    const fetchMock = mockApi({ 'POST /api/withdrawRequest/dynamic': ok({ id: 'w1' }) });
    await request({
      url: '/withdrawRequest/dynamic',
      method: 'POST',
      data: { amount: 700, note: 'upi', skip: undefined },
      isFormData: true,
    });
    const body = lastCall(fetchMock).init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('amount')).toBe('700');
    expect((body as FormData).has('skip')).toBe(false);
  });

  it("returns the response's data field", async () => {
    mockApi({ 'GET /api/app/demo': ok({ hasDemoUsers: true }) });
    expect(await request({ url: '/app/demo' })).toEqual({
      data: { hasDemoUsers: true },
      error: null,
    });
  });

  it('yields neither data nor error for a falsy result', async () => {
    for (const falsy of [null, 0, '', false]) {
      mockApi({ 'GET /api/bet/exposure/amount': ok(falsy) });
      expect(await request({ url: '/bet/exposure/amount' })).toEqual({ data: null, error: null });
    }
  });

  it('validates the data against a contract schema when one is given', async () => {
    mockApi({ 'GET /api/getAppDetails': ok(liveAppDetails) });
    const good = await request({ url: '/getAppDetails', schema: appDetailsSchema });
    expect(good.data?.BRAND_NAME).toBe('SPM Exchange');

    mockApi({ 'GET /api/getAppDetails': ok({ OTP: 'zero' }) });
    const bad = await request({ url: '/getAppDetails', schema: appDetailsSchema });
    expect(bad.data).toBeNull();
    expect(bad.error).toMatchObject({ message: 'The server sent an answer we could not read.' });
  });

  it('takes the error message from message, then errorMessage, and toasts it', async () => {
    mockApi({
      'GET /api/one': { status: 400, body: { data: null, error: true, message: 'Bad one' } },
      'GET /api/two': { status: 422, body: { error: true, errorMessage: 'Bad two' } },
    });
    const one = await request({ url: '/one' });
    expect(one).toEqual({ data: null, error: { message: 'Bad one', status: 400 } });
    expect(await screen.findByText('Bad one')).toBeInTheDocument();

    const two = await request({ url: '/two' });
    expect(two.error).toMatchObject({ message: 'Bad two', status: 422 });
    expect(await screen.findByText('Bad two')).toBeInTheDocument();
  });

  it('falls back to "Something went wrong: " and the error text', async () => {
    mockApi({ 'GET /api/broken': { status: 502, body: 'not json' } });
    const result = await request({ url: '/broken' });
    const message = 'Something went wrong: Request failed with status code 502';
    expect(result.error).toMatchObject({ message, status: 502 });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('translates the toast by errorCode and falls back to the server message', async () => {
    mockApi({
      'GET /api/limited': {
        status: 429,
        body: { data: null, error: true, message: 'Slow down', errorCode: 'RATE_LIMITED' },
      },
      'GET /api/custom': {
        status: 409,
        body: {
          data: null,
          error: true,
          message: 'Already claimed',
          errorCode: 'NOT_IN_CATALOGUE',
        },
      },
    });
    await i18n.changeLanguage('hi');
    const limited = await request({ url: '/limited' });
    expect(limited.error).toMatchObject({ message: 'Slow down', code: 'RATE_LIMITED' });
    expect(
      await screen.findByText('बहुत अधिक अनुरोध। कृपया रुककर फिर से प्रयास करें।'),
    ).toBeInTheDocument();

    await request({ url: '/custom' });
    expect(await screen.findByText('Already claimed')).toBeInTheDocument();
  });

  it('treats non-2xx as errors even when the body claims success', async () => {
    mockApi({ 'GET /api/odd': { status: 500, body: { data: { x: 1 }, error: false } } });
    const result = await request({ url: '/odd', noToastEmit: true });
    expect(result.data).toBeNull();
    expect(result.error).toEqual({ data: { x: 1 }, error: false });
  });

  it('returns the raw response error and shows no toast with noToastEmit', async () => {
    const body = {
      data: { issues: [{ field: 'email', message: 'Email cannot be empty' }] },
      error: true,
      message: 'The request is not valid.',
      errorCode: 'VALIDATION_FAILED',
    };
    mockApi({ 'PATCH /api/profile': { status: 400, body } });
    const result = await request({ url: '/profile', method: 'PATCH', data: {}, noToastEmit: true });
    expect(result).toEqual({ data: null, error: body });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns {code, message} with noToastEmit when there is no response body', async () => {
    mockApi({ 'POST /api/withdraw/request/otp': { status: 503, body: '' } });
    const result = await request({
      url: '/withdraw/request/otp',
      method: 'POST',
      noToastEmit: true,
    });
    expect(result.error).toEqual({
      code: undefined,
      message: 'Something went wrong: Request failed with status code 503',
    });
  });

  it('returns the own message of a non-HTTP error, else "Something went wrong"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect((await request({ url: '/x' })).error).toEqual({ message: 'Failed to fetch' });
    expect(await screen.findByText('Failed to fetch')).toBeInTheDocument();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('')));
    expect((await request({ url: '/x', noToastEmit: true })).error).toEqual({
      code: undefined,
      message: 'Something went wrong',
    });
  });

  it('calls the unauthorized hook on a 401 with the error flag only while a token exists', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const expired = {
      status: 401,
      body: { data: null, error: true, message: 'Expired', errorCode: 'SESSION_EXPIRED' },
    };
    mockApi({ 'GET /api/profile': expired });

    await request({ url: '/profile', noToastEmit: true });
    expect(onUnauthorized).not.toHaveBeenCalled();

    useAuthStore.setState({ token: 'stale' });
    mockApi({ 'GET /api/profile': { status: 401, body: { message: 'no flag' } } });
    await request({ url: '/profile', noToastEmit: true });
    expect(onUnauthorized).not.toHaveBeenCalled();

    mockApi({ 'GET /api/profile': expired });
    await request({ url: '/profile', noToastEmit: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
