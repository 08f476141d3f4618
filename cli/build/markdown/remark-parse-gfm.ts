import type { Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type {} from 'remark-parse'; // its declaration of the processor's `micromarkExtensions` and `fromMarkdownExtensions`
import type { Plugin, Processor } from 'unified';

type FromMarkdownOptions = NonNullable<Parameters<typeof fromMarkdown>[1]>;
type SyntaxExtension = NonNullable<FromMarkdownOptions['extensions']>[number];
type MdastExtension = NonNullable<FromMarkdownOptions['mdastExtensions']>[number];

/**
 * What a GFM literal autolink needs in the text: an `@` (e-mail, `mailto:`, `xmpp:`), `www.` or
 * `http(s)://` (micromark and the mdast transform match them case-insensitively).
 */
export const MAY_HAVE_AUTOLINK_LITERAL = /@|www\.|https?:\/\//i;

/**
 * remark-parse with GitHub Flavored Markdown: what `.use(remarkParse).use(remarkGfm)` does, in one
 * plugin, with one difference in cost only. GFM's literal autolinks (`www.example.com`,
 * `https://…`, `a@b.co`) are looked for only in a document whose text could hold one
 * (`MAY_HAVE_AUTOLINK_LITERAL`): the e-mail construct is tried at every letter and digit and the
 * mdast transform searches every text node, which made GFM's parse 40 % slower on pages without a
 * single URL (two thirds of the docs). Elsewhere the tree is the same, positions included
 * (test/foundation/remark-parse-gfm.test.ts). Other syntax extensions (directives) are registered
 * after it as usual and apply to every document.
 */
export const remarkParseGfm: Plugin<[], string, Root> = function () {
  // unified types a plugin's `this` as an untyped processor; this one parses into mdast.
  const self = this as unknown as Processor<Root>;
  const data = self.data();
  const autolinkSyntax = gfmAutolinkLiteral();
  const autolinkMdast = gfmAutolinkLiteralFromMarkdown();
  // The order of micromark-extension-gfm and mdast-util-gfm.
  const syntax = (data.micromarkExtensions ??= []);
  syntax.push(autolinkSyntax, gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  const mdast = (data.fromMarkdownExtensions ??= []);
  mdast.push(autolinkMdast, gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown());
  self.parser = (doc) => {
    const all = MAY_HAVE_AUTOLINK_LITERAL.test(doc);
    return fromMarkdown(doc, {
      ...data.settings,
      extensions: (data.micromarkExtensions ?? []).filter((e: SyntaxExtension) => all || e !== autolinkSyntax),
      mdastExtensions: (data.fromMarkdownExtensions ?? []).filter((e: MdastExtension | MdastExtension[]) => all || e !== autolinkMdast),
    });
  };
};
