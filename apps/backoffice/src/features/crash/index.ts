export { CrashRoundsPage } from './rounds-page.tsx';
export { CrashReportPage } from './report-page.tsx';
export { CrashSettingsPage } from './settings-page.tsx';
