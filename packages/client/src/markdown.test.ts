import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown.ts';

const html = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe('the markdown renderer (issue 44 item 1)', () => {
  it('renders headings, lists, links, emphasis, code, quotes, tables and rules', () => {
    const out = html(
      [
        '## Rules',
        '',
        'Some **strong** and *em* and `code` &amp; more.',
        '',
        '1. one',
        '2. [terms](/terms)',
        '',
        '- [site](https://example.com "Site")',
        '- [mail](mailto:a@b.example) [call](tel:+911234)',
        '',
        '> quoted',
        '',
        '| a | b |',
        '|---|:-:|',
        '| 1 | 2 |',
        '',
        '---',
      ].join('\n'),
    );
    expect(out).toContain('<h2>Rules</h2>');
    expect(out).toContain(
      '<strong>strong</strong> and <em>em</em> and <code>code</code> &amp; more.',
    );
    expect(out).toContain('<ol><li>one</li><li><a href="/terms">terms</a></li></ol>');
    expect(out).toContain(
      '<a href="https://example.com" title="Site" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(out).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(out).toContain('<a href="tel:+911234">call</a>');
    expect(out).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(out).toContain('<th>a</th><th style="text-align:center">b</th>');
    expect(out).toContain('<td>1</td>');
    expect(out).toContain('<hr/>');
  });

  it('shows raw HTML as text: no script, no image with a handler', () => {
    const out = html(
      '<script>alert(1)</script>\n\nHi <img src=x onerror="alert(1)"> there\n\n<div onclick="x()">d</div>',
    );
    expect(out).not.toMatch(/<script|<img|<div onclick/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html('![x](https://tracker.example/p.png)')).toBe(
      '<div class="markdown"><p>x</p></div>',
    );
  });

  it('keeps the words of a link to javascript:, data: or another host, without the link', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&#58;alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
    const out = html('[click](javascript:alert(1)) and <javascript:alert(2)>');
    expect(out).not.toContain('href');
    expect(out).toContain('click');
    expect(safeHref('https://ok.example/a?b=1')).toBe('https://ok.example/a?b=1');
    expect(safeHref('/fairplay#top')).toBe('/fairplay#top');
  });
});
