import type { Element, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import type { Heading, SourceReference } from 'docs-gen';
import { eachNode } from './each-node.ts';

/** A stretch of page text under one heading, for the search index. */
export interface TextSection {
  /** The `src` of each `<RelOutput>` under the heading: its table's text is added when the index is written. */
  relOutputs?: string[];
  /** Heading id; '' for the text before the first heading. */
  id: string;
  title: string;
  text: string;
}

export interface CollectedData {
  headings: Heading[];
  references: SourceReference[];
  sections: TextSection[];
}

/** An attribute of an MDX JSX element, as remark-mdx leaves it in the tree. */
export interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
/** An MDX JSX element node (flow or text), as the collectors and link rewriting read it. */
export interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttribute[];
  position?: { start: { line: number; column: number } };
}

/** Components whose `src` names a file the build must find, and what kind of reference it is. */
const SOURCE_COMPONENTS: Record<string, SourceReference['kind']> = { DocImage: 'image', RelOutput: 'rel-output' };

function stringAttribute(node: JsxElement, name: string): string | undefined {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
}

/** A code block's title bar and language label: chrome, like its copy button. */
const CODE_CHROME = ['code-title', 'code-language'];

/**
 * Text a reader sees in the page body (buttons, such as the code blocks' "Copy", and code chrome
 * are controls, not content), and the `src` of every `<RelOutput>` in it, in order (an Alert may
 * hold one): one walk for both.
 */
function sectionContent(node: RootContent, relOutputs: string[]): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'button') return '';
  if (node.type === 'element' && ((node.properties.className as string[] | undefined) ?? []).some((c) => CODE_CHROME.includes(c))) return '';
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node as unknown as JsxElement).name === 'RelOutput') {
    const src = stringAttribute(node as unknown as JsxElement, 'src');
    if (src) relOutputs.push(src);
  }
  // Elements and MDX JSX elements (an <Alert>'s text is page text too).
  const children = (node as { children?: RootContent[] }).children;
  let text = '';
  if (children) for (const child of children) text += sectionContent(child, relOutputs);
  return text;
}

/** Props the theme's components require, checked here so that the error has the tag's place. */
const ALERT_TYPES = ['default', 'error', 'info', 'warning'];
const REL_OUTPUT_MODES = ['LOGICAL', 'PHYSICAL', 'RAW'];

/** Fails the compile (a VFileMessage with the tag's line and column) on a missing or unknown Alert type or RelOutput mode. */
function checkComponentProps(node: JsxElement, file: VFile): void {
  // A spread (`{...props}`) may carry the prop: nothing to say at compile time.
  if (node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) return;
  const attribute = (name: string) => node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  const place = { place: node.position?.start, ruleId: 'component-props', source: 'docs-gen' };
  if (node.name === 'Alert') {
    const type = attribute('type');
    // Seed §5, word for word.
    if (!type) file.fail('Specifying the Alert type is required.', place);
    if (type.value === null || (typeof type.value === 'string' && !ALERT_TYPES.includes(type.value))) {
      file.fail(`Alert type must be one of ${ALERT_TYPES.join(', ')}, not ${JSON.stringify(type.value ?? true)}.`, place);
    }
  }
  // A DocImage without src renders an empty box; nothing else would ever say so.
  if (node.name === 'DocImage' && !attribute('src')) file.fail('DocImage needs a `src`: the path of the image in public/.', place);
  if (node.name === 'RelOutput') {
    const mode = attribute('mode');
    if (mode && (mode.value === null || (typeof mode.value === 'string' && !REL_OUTPUT_MODES.includes(mode.value)))) {
      file.fail(`RelOutput mode must be one of ${REL_OUTPUT_MODES.join(', ')}, not ${JSON.stringify(mode.value ?? true)}.`, place);
    }
  }
}

function isHeading(node: RootContent): node is Element {
  return node.type === 'element' && /^h[1-6]$/.test(node.tagName);
}

/**
 * rehype plugin: records headings (after rehype-slug gave them ids), every link and image
 * with its source position, and the page text by section. Results go to `file.data.collected`.
 */
export function rehypeCollect() {
  return (tree: Root, file: VFile): void => {
    const data: CollectedData = { headings: [], references: [], sections: [] };
    const add = (kind: SourceReference['kind'], url: string | undefined, node: { position?: { start: { line: number; column: number } } }) => {
      if (url === undefined || !node.position) return;
      data.references.push({ kind, url, line: node.position.start.line, column: node.position.start.column });
    };
    eachNode<Root | RootContent>(tree, (node) => {
      if (node.type === 'element') {
        const element = node as Element;
        // The footnotes' own label is screen-reader text, not a section of the page.
        if (isHeading(element) && typeof element.properties.id === 'string' && element.properties.id !== 'footnote-label') {
          data.headings.push({ id: element.properties.id, value: toString(element).trim(), depth: Number(element.tagName[1]) });
        } else if (element.tagName === 'a') add('link', element.properties.href as string | undefined, element);
        else if (element.tagName === 'img') add('image', element.properties.src as string | undefined, element);
        return;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const jsx = node as unknown as JsxElement;
        checkComponentProps(jsx, file);
        const kind = jsx.name ? SOURCE_COMPONENTS[jsx.name] : undefined;
        if (kind) add(kind, stringAttribute(jsx, 'src'), jsx);
        if (jsx.name === 'DocImage') add('image', stringAttribute(jsx, 'srcDark'), jsx);
        // A JSX <img> is an image like a Markdown one: checked, measured, given variants.
        if (jsx.name === 'img') add('image', stringAttribute(jsx, 'src'), jsx);
        if (jsx.name === 'a' || jsx.name === 'Link') add('link', stringAttribute(jsx, 'href'), jsx);
      }
    });
    let current: TextSection = { id: '', title: '', text: '' };
    for (const child of tree.children) {
      if (isHeading(child)) {
        if (current.text.trim() || current.relOutputs || current.id) data.sections.push(current);
        current = { id: String(child.properties.id ?? ''), title: toString(child).trim(), text: '' };
      } else {
        const outputs: string[] = [];
        const text = sectionContent(child, outputs).trim();
        if (text) current.text += `${text}\n`;
        if (outputs.length) current.relOutputs = [...(current.relOutputs ?? []), ...outputs];
      }
    }
    if (current.text.trim() || current.relOutputs || current.id) data.sections.push(current);
    file.data.collected = data;
  };
}
