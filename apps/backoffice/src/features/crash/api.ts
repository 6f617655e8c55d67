import {
  staffCrashReportSchema,
  staffCrashRoundDetailSchema,
  staffCrashRoundsSchema,
  staffCrashSettingsChangeSchema,
  staffCrashSettingsSchema,
  type StaffCrashSettingsBody,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const CRASH_ROUNDS_PAGE_SIZE = 20;

export interface CrashRoundFilters {
  from: string;
  to: string;
  incidentsOnly: boolean;
  page: number;
}

export interface CrashReportFilters {
  from: string;
  to: string;
}

export const crashKeys = {
  settings: ['crash', 'settings'] as const,
  rounds: (filters: CrashRoundFilters) => ['crash', 'rounds', filters] as const,
  round: (roundId: string) => ['crash', 'round', roundId] as const,
  report: (filters: CrashReportFilters) => ['crash', 'report', filters] as const,
};

export const fetchCrashSettings = () =>
  staffRequest(staffCrashSettingsSchema, { url: '/staff/crash/settings' });

export const saveCrashSettings = (body: StaffCrashSettingsBody) =>
  staffRequest(staffCrashSettingsChangeSchema, {
    url: '/staff/crash/settings',
    method: 'PUT',
    data: body,
  });

export const setCrashPaused = (paused: boolean) =>
  staffRequest(staffCrashSettingsSchema, {
    url: paused ? '/staff/crash/pause' : '/staff/crash/resume',
    method: 'POST',
  });

export const fetchCrashRounds = (filters: CrashRoundFilters) =>
  staffRequest(staffCrashRoundsSchema, {
    url: '/staff/crash/rounds',
    query: {
      from: filters.from || undefined,
      to: filters.to || undefined,
      incidentsOnly: filters.incidentsOnly ? 'true' : undefined,
      page: filters.page,
      pageSize: CRASH_ROUNDS_PAGE_SIZE,
    },
  });

export const fetchCrashRound = (roundId: string) =>
  staffRequest(staffCrashRoundDetailSchema, {
    url: `/staff/crash/rounds/${encodeURIComponent(roundId)}`,
  });

export const fetchCrashReport = (filters: CrashReportFilters) =>
  staffRequest(staffCrashReportSchema, {
    url: '/staff/crash/report',
    query: { from: filters.from, to: filters.to },
  });
