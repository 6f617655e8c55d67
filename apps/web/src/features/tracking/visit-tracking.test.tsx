import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CODE_VALIDITY_MS } from '@spm/contract';
import { TRACKER_STORAGE_KEY } from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';
import { agentCodeFromSearch, freshAgentCode } from '@/shared/lib/agent-code';
import { pageVisitBody, visitSource } from './page-visit';

describe('agent code from the address (SPEC 3, 5)', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.useRealTimers());

  it('saves ?agent_code= with the time it was seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-02-01T08:00:00Z'));
    mockApi();
    renderApp('/?agent_code=AG42');
    await screen.findByTestId('open-login');
    expect(useAppStore.getState().agentCodeConfig).toEqual({
      agentCode: 'AG42',
      saveTime: Date.parse('2025-02-01T08:00:00Z'),
    });
  });

  it('also takes ?ref=, on any page', async () => {
    mockApi();
    renderApp('/contactus?ref=FRIEND7');
    await screen.findByTestId('open-login');
    expect(useAppStore.getState().agentCodeConfig.agentCode).toBe('FRIEND7');
  });

  it('reads codes and their freshness', () => {
    expect(agentCodeFromSearch('?agent_code=%20AG1%20')).toBe('AG1');
    expect(agentCodeFromSearch('?agent_code=&ref=R2')).toBe('R2');
    expect(agentCodeFromSearch('?x=1')).toBeNull();
    const now = 1_000_000_000;
    expect(
      freshAgentCode({ agentCode: 'A', saveTime: now - AGENT_CODE_VALIDITY_MS + 1 }, now),
    ).toBe('A');
    expect(
      freshAgentCode({ agentCode: 'A', saveTime: now - AGENT_CODE_VALIDITY_MS }, now),
    ).toBeNull();
    expect(freshAgentCode({ agentCode: 'A', saveTime: null }, now)).toBeNull();
  });
});

describe('page visits', () => {
  beforeEach(() => resetStores());

  it('records the first load of a session with path, referrer, tracker and agent code', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.example/q');
    localStorage.setItem(TRACKER_STORAGE_KEY, 'trk-old');
    const fetchMock = mockApi({ 'POST /api/page/visit': ok({ trackingId: 'trk-new' }) });
    renderApp('/contactus?agent_code=AG42');
    await waitFor(() => expect(localStorage.getItem(TRACKER_STORAGE_KEY)).toBe('trk-new'));
    const [visit] = callsTo(fetchMock, 'POST /api/page/visit');
    expect(visit?.body).toEqual({
      path: '/contactus',
      source: 'https://search.example/q',
      tracker: 'trk-old',
      agentCode: 'AG42',
    });
  });

  it('takes the address’s ?source= over the referrer (a shared invite link)', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://web.whatsapp.com/');
    const fetchMock = mockApi({ 'POST /api/page/visit': ok({ trackingId: 'trk-1' }) });
    renderApp('/register?ref=AB23CD45&source=whatsapp');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/page/visit')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/page/visit')[0]?.body).toEqual({
      path: '/register',
      source: 'whatsapp',
      agentCode: 'AB23CD45',
    });
  });

  it('keeps the referrer when ?source= is absent or blank', () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://t.me/');
    expect(visitSource('?ref=AB23CD45')).toBe('https://t.me/');
    expect(visitSource('?source=%20&ref=AB23CD45')).toBe('https://t.me/');
    expect(visitSource('?source=link')).toBe('link');
    expect(pageVisitBody('/', `?source=${'x'.repeat(600)}`).source).toHaveLength(512);
  });

  it('sends only what there is, once per session, and stays quiet on failure', async () => {
    const fetchMock = mockApi({
      'POST /api/page/visit': { status: 500, body: { data: null, error: true, message: 'boom' } },
    });
    const first = renderApp('/');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/page/visit')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/page/visit')[0]?.body).toEqual({ path: '/' });
    first.unmount();

    renderApp('/terms');
    await screen.findByTestId('open-login');
    expect(callsTo(fetchMock, 'POST /api/page/visit')).toHaveLength(1);
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(localStorage.getItem(TRACKER_STORAGE_KEY)).toBeNull();
  });
});
