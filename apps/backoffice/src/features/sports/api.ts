import { z } from 'zod';
import {
  settlementAnswerSchema,
  staffEventListSchema,
  staffEventSchema,
  staffMarketBookSchema,
  type MarketResultBody,
  type StaffEvent,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export type StaffMarket = StaffEvent['markets'][number];

export const EVENTS_PAGE_SIZE = 20;

export interface EventFilters {
  sportId: string;
  status: string;
  q: string;
  page: number;
}

export const sportsKeys = {
  all: ['sports'] as const,
  events: (filters: EventFilters) => ['sports', 'events', filters] as const,
  event: (id: string) => ['sports', 'event', id] as const,
  book: (marketId: string) => ['sports', 'book', marketId] as const,
};

export const fetchEvents = (filters: EventFilters) =>
  staffRequest(staffEventListSchema, {
    url: '/staff/events',
    query: {
      sportId: filters.sportId || undefined,
      status: filters.status || undefined,
      q: filters.q.trim() || undefined,
      page: filters.page,
      pageSize: EVENTS_PAGE_SIZE,
    },
  });

export const fetchEvent = (id: string) =>
  staffRequest(staffEventSchema, { url: `/staff/events/${id}` });

/** The answers of writes are not needed beyond success: the event is reloaded after each. */
const anyAnswer = z.unknown();

export const createEvent = (body: unknown) =>
  staffRequest(anyAnswer, { url: '/staff/events', method: 'POST', data: body });

export const updateEvent = (id: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/events/${id}`, method: 'PATCH', data: body });

export const createMarket = (eventId: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/events/${eventId}/markets`, method: 'POST', data: body });

export const updateMarket = (marketId: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/markets/${marketId}`, method: 'PATCH', data: body });

export const setBookmakerRates = (marketId: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/markets/${marketId}/rates`, method: 'PUT', data: body });

export const setFancyLine = (marketId: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/markets/${marketId}/line`, method: 'PUT', data: body });

export const fetchMarketBook = (marketId: string) =>
  staffRequest(staffMarketBookSchema, { url: `/staff/markets/${marketId}/book` });

/** Declares the result (first settlement) or corrects it (resettle). */
export const settleMarket = (marketId: string, body: MarketResultBody, correct: boolean) =>
  staffRequest(settlementAnswerSchema, {
    url: `/staff/markets/${marketId}/${correct ? 'resettle' : 'result'}`,
    method: 'POST',
    data: body,
  });

/** The id of a created record when the answer carries one. */
export function answerId(answer: unknown): string | null {
  const parsed = z.object({ id: z.string() }).safeParse(answer);
  return parsed.success ? parsed.data.id : null;
}
