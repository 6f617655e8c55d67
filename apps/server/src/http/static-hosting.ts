import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { assetsDir } from '../paths.ts';
import { AppError } from './app-error.ts';
import { BACKOFFICE_PREFIX, MEDIA_PREFIX, SERVER_PREFIXES } from './url-prefixes.ts';

const ONE_YEAR_S = 31_536_000;
const MEDIA_MAX_AGE_S = 3600;

export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

interface Spa {
  label: string;
  prefix: string;
  distDir: string;
  available: boolean;
}

/**
 * One cache policy for every file we send. Vite puts content-hashed files under assets/, so
 * those may be cached for a year; index.html and any unhashed file (favicon, manifest,
 * service worker) must be revalidated or a deploy would never reach returning players.
 */
function cacheControlFor(filePath: string): string {
  if (filePath.startsWith(assetsDir + sep)) return `public, max-age=${MEDIA_MAX_AGE_S}`;
  if (/[/\\]index\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  if (filePath.includes(`${sep}assets${sep}`)) return `public, max-age=${ONE_YEAR_S}, immutable`;
  return 'no-cache';
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', cacheControlFor(filePath));
}

/** A GET for `/x/y` is a client-side route; one for `/x/y.js` is a file that is missing. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  const last = path.split('/').pop() ?? '';
  return last.includes('.');
}

export interface StaticHosting {
  /** Called from the app's not-found handler for every path outside SERVER_PREFIXES. */
  handleNotFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

/**
 * Serves the server's media (logo, banners), the player SPA at `/` and the back office SPA
 * at `/backoffice/`. A missing dist folder is not fatal: the API still works, and the page
 * answers 503 telling the operator to build.
 */
export async function registerStaticHosting(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir' | 'backofficeDistDir'>,
): Promise<StaticHosting> {
  // The media root always exists (committed), so this registration owns reply.sendFile and
  // the SPA registrations below can all skip decorating.
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: MEDIA_PREFIX,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });

  const web: Spa = {
    label: 'player app',
    prefix: '/',
    distDir: config.webDistDir,
    available: existsSync(join(config.webDistDir, 'index.html')),
  };
  const backoffice: Spa = {
    label: 'back office',
    prefix: BACKOFFICE_PREFIX,
    distDir: config.backofficeDistDir,
    available: existsSync(join(config.backofficeDistDir, 'index.html')),
  };
  for (const spa of [web, backoffice]) {
    if (!spa.available) {
      app.log.warn({ distDir: spa.distDir }, `${spa.label} is not built; its pages answer 503`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: spa.distDir,
      prefix: spa.prefix,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // The build writes a .br and a .gz beside every text file (scripts/precompress.mjs);
      // sending those costs no CPU per request, unlike compressing on the fly.
      preCompressed: true,
    });
  }

  const spaFor = (url: string): Spa =>
    url === '/backoffice' || url.startsWith(BACKOFFICE_PREFIX) || url.startsWith('/backoffice?')
      ? backoffice
      : web;

  return {
    handleNotFound: (request, reply) => {
      const spa = spaFor(request.url);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && !spa.available) {
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            `The ${spa.label} is not built yet (no index.html in ${spa.distDir}).\n` +
              'Run `npm run build` in the repository root, then restart the server.\n',
          );
      }
      if (isRead && !looksLikeFile(request.url)) {
        // History fallback: the SPA's router owns every other path under its prefix.
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html', spa.distDir);
      }
      throw new AppError('NOT_FOUND');
    },
  };
}
