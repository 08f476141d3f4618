import type { Nodes, Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { fromMarkdown, type Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
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
 * What a GFM literal autolink needs in a text node: an `@` (e-mail, `mailto:`, `xmpp:`), `www.` or
 * `http(s)://` (micromark and the mdast transform match them case-insensitively).
 */
export const TEXT_MAY_HOLD_AUTOLINK = /@|www\.|https?:\/\//i;

/**
 * What a document needs for a text node of it to match `TEXT_MAY_HOLD_AUTOLINK`: the same, or a
 * character reference (`ops&#64;corvopay.example`) or an escape (`https\://…`, `www\.…`) that the
 * text node holds decoded, and the mdast transform then links.
 */
export const MAY_HAVE_AUTOLINK_LITERAL = /@|&[#a-z]|www\\?[.&]|https?\\?:/i;

/**
 * remark-parse with GitHub Flavored Markdown: what `.use(remarkParse).use(remarkGfm)` does, in one
 * plugin, with one difference in cost only. GFM's literal autolinks (`www.example.com`,
 * `https://…`, `a@b.co`) are looked for only in a document whose text could hold one
 * (`MAY_HAVE_AUTOLINK_LITERAL`): the e-mail construct is tried at every letter and digit and the
 * mdast transform searches every text node, which made GFM's parse 40 % slower on pages without a
 * single URL (two thirds of the docs). Where the document could hold one, the mdast transform (which
 * walks the tree with unist-util-visit-parents and runs four regular expressions on every text node)
 * runs only if a text node could: most such documents have their URLs and e-mails in code, and the
 * transform took 1.0 s of each compile worker's 23 s on the 10x copy. Elsewhere the tree is the same,
 * positions included (test/foundation/remark-parse-gfm.test.ts). Other syntax extensions (directives)
 * are registered after it as usual and apply to every document.
 */
export const remarkParseGfm: Plugin<[], string, Root> = function () {
  // unified types a plugin's `this` as an untyped processor; this one parses into mdast.
  const self = this as unknown as Processor<Root>;
  const data = self.data();
  const autolinkSyntax = gfmAutolinkLiteral();
  const autolinkMdast = gatedTransforms(gfmAutolinkLiteralFromMarkdown());
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

/**
 * The extension with its tree transforms run only when a `text` node of the tree matches
 * `TEXT_MAY_HOLD_AUTOLINK`: the transform finds literal autolinks in text nodes one by one, each
 * needing an `@`, `www.` or `http(s)://`, so on any other tree it changes nothing.
 */
function gatedTransforms(extension: FromMarkdownExtension): FromMarkdownExtension {
  const transforms = extension.transforms ?? [];
  return {
    ...extension,
    transforms: transforms.map((transform) => (tree: Root) => (textMayHoldAutolink(tree) ? transform(tree) : undefined)),
  };
}

/** Whether a `text` node below `node` matches `TEXT_MAY_HOLD_AUTOLINK`. */
export function textMayHoldAutolink(node: Nodes): boolean {
  if (node.type === 'text') return TEXT_MAY_HOLD_AUTOLINK.test(node.value);
  if ('children' in node) for (const child of node.children) if (textMayHoldAutolink(child)) return true;
  return false;
}
