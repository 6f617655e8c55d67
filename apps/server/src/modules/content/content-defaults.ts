import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentSlug, Language } from '@spm/contract';

/**
 * The built-in texts: `defaults/<slug>/<lang>.md`, first line `# Title`. From the sources
 * (tsx, vitest) they sit beside this file; the server bundle (dist/main.js) has its copy in
 * dist/content-defaults, made by apps/server/build.mjs, so `npm start` finds them too.
 */
function defaultsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'content-defaults');
  return existsSync(bundled) ? bundled : join(here, 'defaults');
}

const DEFAULTS_DIR = defaultsDir();

export interface ContentText {
  title: string;
  body: string;
}

/** A default file's title (its first line, `# Title`) and the markdown after it. */
export function parseDefaultFile(text: string): ContentText {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const newline = normalised.indexOf('\n');
  const first = newline === -1 ? normalised : normalised.slice(0, newline);
  const rest = newline === -1 ? '' : normalised.slice(newline + 1);
  const heading = /^#\s+(.+?)\s*#*\s*$/.exec(first);
  if (!heading) return { title: '', body: normalised.trim() };
  return { title: heading[1] ?? '', body: rest.replace(/^\n+/, '').trimEnd() };
}

// The files never change while the server runs: each is read once.
const cache = new Map<string, ContentText | null>();

/** The built-in text of a page in a language, or null when there is no such file. */
export function builtInText(slug: ContentSlug, language: Language): ContentText | null {
  const key = `${slug}/${language}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const file = join(DEFAULTS_DIR, slug, `${language}.md`);
  const text = existsSync(file) ? parseDefaultFile(readFileSync(file, 'utf8')) : null;
  cache.set(key, text);
  return text;
}
