import { appDetailsSchema, type AppDetails } from '@spm/contract';

export interface SystemStatus {
  apiUp: boolean;
  databaseReady: boolean;
  appDetails: AppDetails | null;
}

async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** What an operator checks first: is the API up, is the database answering, is the site live. */
export async function loadSystemStatus(): Promise<SystemStatus> {
  const [apiUp, databaseReady, appDetails] = await Promise.all([
    answersOk('/api/healthz'),
    answersOk('/api/readyz'),
    fetch('/api/getAppDetails')
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        const parsed = appDetailsSchema.safeParse((body as { data?: unknown } | null)?.data);
        return parsed.success ? parsed.data : null;
      })
      .catch(() => null),
  ]);
  return { apiUp, databaseReady, appDetails };
}
