import { Lexer, type Token, type Tokens } from 'marked';
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';

/*
 * Markdown to React elements (issue 44 item 1, docs/content-pages.md), for the content pages
 * of the player app and the back office's preview. marked only reads the text into tokens;
 * this file makes every element itself, so nothing from the text reaches the page as HTML:
 * raw HTML in the text shows as plain text, links lead only to http(s), mailto, tel or a path
 * of the site, and images show their description, not a picture from anywhere.
 *
 * Its own entry (`@spm/client/markdown`), so marked loads only with the pages that use it.
 */

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** marked keeps character references (`&amp;`, `&#58;`) in text and links: read them. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The address a link may lead to, or null: http(s), mailto and tel, or a path of this site
 * (`/terms`, `#top`, `?lang=hi`, `page`). `javascript:`, `data:`, `//elsewhere` and the like
 * are refused, however they are spelled (entities, case, spaces or control characters).
 */
export function safeHref(raw: string): string | null {
  // Browsers drop tabs and newlines inside a URL and trim spaces: `java\tscript:` runs.
  // eslint-disable-next-line no-control-regex -- exactly those characters are the point
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]/g, '');
  if (href === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1]?.toLowerCase()}:`) ? href : null;
  if (href.startsWith('//') || href.startsWith('\\') || href.startsWith('/\\')) return null;
  return href;
}

type Inline = Token[] | undefined;

function children(tokens: Inline): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderToken(token, index));
}

function link(token: Tokens.Link, key: number): ReactNode {
  const href = safeHref(token.href);
  // A refused address keeps its words, without the link.
  if (href === null) return createElement(Fragment, { key }, ...children(token.tokens));
  const external = /^https?:/i.test(href);
  return createElement(
    'a',
    {
      key,
      href,
      title: token.title ? decodeEntities(token.title) : undefined,
      ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    },
    ...children(token.tokens),
  );
}

function list(token: Tokens.List, key: number): ReactNode {
  const items = token.items.map((item, index) =>
    createElement('li', { key: index }, ...children(item.tokens)),
  );
  if (!token.ordered) return createElement('ul', { key }, ...items);
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined;
  return createElement('ol', { key, start }, ...items);
}

function table(token: Tokens.Table, key: number): ReactNode {
  const cell = (tag: 'th' | 'td', value: Tokens.TableCell, index: number) =>
    createElement(
      tag,
      { key: index, style: value.align ? { textAlign: value.align } : undefined },
      ...children(value.tokens),
    );
  return createElement(
    'div',
    { key, className: 'markdown__table' },
    createElement(
      'table',
      null,
      createElement(
        'thead',
        null,
        createElement('tr', null, ...token.header.map((value, i) => cell('th', value, i))),
      ),
      createElement(
        'tbody',
        null,
        ...token.rows.map((row, r) =>
          createElement('tr', { key: r }, ...row.map((value, i) => cell('td', value, i))),
        ),
      ),
    ),
  );
}

/** Text-like tokens: what they say, never markup. */
function plain(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens
        ? createElement(Fragment, { key }, ...children(token.tokens))
        : decodeEntities(String(token.text));
    case 'escape':
      return String(token.text);
    case 'codespan':
      return createElement('code', { key }, decodeEntities(String(token.text)));
    case 'image':
      // No picture from an address in the text (tracking, layout): its description only.
      return decodeEntities(String(token.text));
    case 'html':
      // Raw HTML is shown as the characters typed, never parsed.
      return token.block ? createElement('p', { key }, String(token.text)) : String(token.text);
    default:
      return token.raw;
  }
}

function renderToken(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'heading': {
      const depth = Math.min(Math.max(Number(token.depth), 1), 6);
      return createElement(`h${depth}`, { key }, ...children(token.tokens));
    }
    case 'paragraph':
      return createElement('p', { key }, ...children(token.tokens));
    case 'strong':
    case 'em':
    case 'del':
      return createElement(token.type, { key }, ...children(token.tokens));
    case 'link':
      return link(token as Tokens.Link, key);
    case 'list':
      return list(token as Tokens.List, key);
    case 'checkbox':
      return createElement('input', {
        key,
        type: 'checkbox',
        checked: token.checked,
        disabled: true,
        readOnly: true,
      });
    case 'blockquote':
      return createElement('blockquote', { key }, ...children(token.tokens));
    case 'code':
      return createElement('pre', { key }, createElement('code', null, String(token.text)));
    case 'table':
      return table(token as Tokens.Table, key);
    case 'hr':
      return createElement('hr', { key });
    case 'br':
      return createElement('br', { key });
    case 'space':
    case 'def':
      return null;
    default:
      return plain(token, key);
  }
}

/** The elements of a markdown text (GitHub flavour, no line-break conversion). */
export function renderMarkdown(source: string): ReactNode[] {
  const tokens = new Lexer({ gfm: true, breaks: false, pedantic: false }).lex(source);
  return tokens.map((token, index) => renderToken(token, index));
}

export interface MarkdownProps {
  source: string;
  className?: string;
  testId?: string;
}

/** A markdown text as React elements, in a div with class `markdown` (styled by each app). */
export function Markdown({ source, className, testId }: MarkdownProps): ReactElement {
  return createElement(
    'div',
    { className: className ? `markdown ${className}` : 'markdown', 'data-testid': testId },
    ...renderMarkdown(source),
  );
}
