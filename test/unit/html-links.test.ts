import { describe, expect, it } from 'vitest';
import { htmlLinks } from '../../cli/pipeline/check/html-links.ts';

describe('cli/pipeline/check/html-links', () => {
  it('finds href of <a> and src of <img>, quoted or not, in any case and attribute order, at the value as written', () => {
    const html = `<a href="/x?a=1&amp;b=2">x</a> <A class="k" HREF='  /spaced '>s</A> <a href=/bare>b</a> <img alt="a>b" src="/img/p.png"> <a data-src="/no" title='x>y' href="&#47;slash">z</a> <a name="top">t</a>`;
    const links = htmlLinks(html);
    expect(links.map((l) => [l.tag, l.url])).toEqual([
      ['a', '/x?a=1&b=2'],
      ['a', '/spaced'],
      ['a', '/bare'],
      ['img', '/img/p.png'],
      ['a', '/slash'],
    ]);
    // Each index is where the value is written (after the spaces a browser trims).
    expect(links.map((l) => html.slice(l.index, l.index + 6))).toEqual(['/x?a=1', '/space', '/bare>', '/img/p', '&#47;s']);
  });

  it('skips comments and tags that only start like a or img', () => {
    expect(htmlLinks('<!-- <a href="/old">x</a> --> <abbr href="/no">A</abbr> <image src="/no"> <a href="/yes">y</a>').map((l) => l.url)).toEqual(['/yes']);
  });
});
