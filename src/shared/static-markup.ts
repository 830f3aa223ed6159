import * as React from 'react';
import type { ReactNode } from 'react';
import { escapeAsReact } from './escape-html.ts';

/**
 * The theme's page frame as HTML without React's server renderer: the bytes React 19's
 * `renderToStaticMarkup` writes, for the shapes the frame is made of, and `undefined` for any
 * other, which the caller then has React render. A page of Markdown is a frame of about a hundred
 * elements around its HTML. React's renderer, made to stream, suspend and hoist, took 266 ms of a
 * worker's 1000 pages at 2000, this 151 ms, the theme's components' own work included in both
 * (each run on every page, in alternating order): cold builds of 2000 pages 5 % faster.
 *
 * Modelled on React's own code (`react-dom-server-legacy`: `pushStartInstance`, `pushAttribute`,
 * `flushCompletedQueues`) and checked against it byte for byte: each case below in
 * tests/unit/shared/static-markup.test.ts, the theme's frame under many configs there, and every
 * file of several sites built both ways in tests/integration/frame-markup.test.ts.
 * - Function components called with their props, fragments, a context's provider (its children),
 *   text and numbers escaped as `escapeTextForBrowser` escapes them, arrays; `null`, `undefined`
 *   and booleans written as nothing.
 * - Attributes as `pushAttribute` writes them: `className` as `class`, `tabIndex` as `tabindex`,
 *   `htmlFor`, `httpEquiv`, `acceptCharset`, `crossOrigin` renamed, other names as written
 *   (`charSet`, `hrefLang`); boolean, booleanish and numeric attributes; an empty `src` or `href`
 *   left out (but an `a`'s `href`), a `javascript:` URL replaced; event handlers, functions and
 *   symbols left out; a `style` object as `pushStyleAttribute` writes it.
 * - `input`'s `name`, then `checked`, then `value` after its other attributes; `button`'s `name`;
 *   `form`'s `action`, `encType`, `method` and `target`; a `select`'s value marking its option
 *   `selected`; `pre`'s leading newline; void elements closed `/>`.
 * - An SVG's shapes, with React's names for their presentation attributes (`stroke-width`).
 * - A document (`<html>` at the root, holding a `<head>` and a `<body>`): in the head, its charset
 *   `meta`, then its viewport `meta`, then its other `meta`s, its `title` and its `link`s but
 *   stylesheets (React's hoistables, in their order), then the rest of it in order.
 *
 * Not modelled, so React's: any call made while React renders (a page React renders calls
 * `sharedMarkup`); a component with a hook (its call throws outside React's render), a class,
 * `memo`, `forwardRef`, lazy or Suspense; in an SVG anything but its shapes (`path`,
 * `g`, `circle`…), MathML, an XML attribute, a custom element; `textarea`, `template`, a multiple select, anything but options under a
 * select with a value; an `<html>`, `<head>` or `<body>` of any other shape, and text in a head;
 * the resources React hoists or preloads (an `async` script with a `src`, a `precedence`
 * stylesheet or style, an eager `img`, a `meta`, `title` or `link` outside the head, an `itemProp`
 * one, a `link` or `script` with a load or error handler); a function as a form's action; an
 * attribute name React would refuse, a bigint or an object as an attribute's value.
 */
export function staticMarkup(node: ReactNode): string | undefined {
  // Inside React's render (a page React renders calls `sharedMarkup`), a component's hook would run
  // against React's render of the page instead of throwing: React's, then.
  if (REACT_FRAME || reactIsRendering()) return undefined;
  try {
    // A component may call this again (`sharedMarkup`) while a select's options are written: each call starts outside one.
    return withSelectedValue(undefined, () => write(node, 'root'));
  } catch (error) {
    if (error instanceof NotModelled) return undefined;
    throw error;
  }
}

/**
 * `staticMarkup`, or React's render where it answers `undefined`: what the render worker and
 * `sharedMarkup` write.
 */
export function frameMarkup(node: ReactNode): string {
  return staticMarkup(node) ?? reactServer().renderToStaticMarkup(node);
}

type ReactDomServer = typeof import('react-dom/server');
let server: ReactDomServer | undefined;

/**
 * React's server renderer, loaded the first time a frame needs it: a worker that renders pages of
 * Markdown alone never does (20 to 30 ms of its start, with React's first render). Required, not
 * imported: the frame is written synchronously, and `react-dom/server` is CommonJS, so the
 * copy is the one an `import` would give.
 */
export function reactServer(): ReactDomServer {
  if (server === undefined) {
    const { getBuiltinModule } = (globalThis as unknown as { process: { getBuiltinModule(id: 'node:module'): { createRequire(from: string): (id: string) => unknown } } }).process;
    server = getBuiltinModule('node:module').createRequire(import.meta.url)('react-dom/server') as ReactDomServer;
  }
  return server;
}

/**
 * `DOCS_GEN_REACT_FRAME=1` in the environment: every frame is React's, as before this module (a
 * maintainer's switch: tests build sites both ways and compare every page's bytes).
 */
const REACT_FRAME = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.DOCS_GEN_REACT_FRAME === '1';

/** Whether a React render is under way: React sets its hooks' dispatcher for one (a test holds this to React's internals). */
function reactIsRendering(): boolean {
  const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: { H?: unknown } }).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  return internals?.H !== null && internals?.H !== undefined;
}

/** React renders this in a way `staticMarkup` does not model. */
class NotModelled extends Error {}

/** React's hoisted chunks of a document's `<head>`, in the order it writes them before the head's own content. */
interface HeadBuckets {
  charset: string;
  viewport: string;
  hoistable: string;
}

/**
 * Where a node is written: at the root (the one place for a document's `<html>`, whose children
 * are written apart, `documentMarkup`), in a `<head>` (its buckets), in an `<svg>`, or anywhere else.
 */
type Place = 'root' | HeadBuckets | 'svg' | 'inside';

const ELEMENT = Symbol.for('react.transitional.element');
const FRAGMENT = Symbol.for('react.fragment');
const CONTEXT = Symbol.for('react.context');

/** A React 19 element as `jsx` makes it. */
interface ReactElementShape {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

function write(node: unknown, place: Place): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    // Text in a head follows React's hoisted tags; in an SVG, React's SVG context: not modelled (none in the theme).
    if ((typeof place === 'object' || place === 'svg') && node !== '') throw new NotModelled();
    return typeof node === 'string' ? escapeAsReact(node) : `${node}`;
  }
  if (Array.isArray(node)) {
    // A document's `<html>` among other nodes gets them moved into its body by React.
    const inner = place === 'root' ? 'inside' : place;
    let out = '';
    for (const child of node) out += write(child, inner);
    return out;
  }
  if (typeof node !== 'object') throw new NotModelled();
  const { $$typeof, type, props } = node as ReactElementShape;
  if ($$typeof !== ELEMENT) throw new NotModelled();
  if (typeof type === 'string') return host(type, props, place);
  if (type === FRAGMENT) return write(props.children, place);
  if (typeof type === 'function') {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) throw new NotModelled();
    let rendered: unknown;
    try {
      rendered = (type as (props: Record<string, unknown>) => unknown)(props);
    } catch (error) {
      // A hook called outside React's render reads a dispatcher that is null. Any other
      // TypeError is the component's own, which React's render of it throws again, reported.
      if (error instanceof TypeError) throw new NotModelled();
      throw error;
    }
    return write(rendered, place);
  }
  // A context's provider (in React 19 the context itself) renders its children.
  if ((type as { $$typeof?: symbol } | null)?.$$typeof === CONTEXT) return write(props.children, place);
  throw new NotModelled();
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const APART = new Set(['textarea', 'math', 'template', 'slot', 'menuitem', 'object', 'listing']);

const tags = new Map<string, boolean>();

/** Whether React writes `tag` as this does: a valid name, not a custom element, not one of `APART`. */
function modelledTag(tag: string): boolean {
  let modelled = tags.get(tag);
  if (modelled === undefined) tags.set(tag, (modelled = !APART.has(tag) && !tag.includes('-') && /^[a-zA-Z][a-zA-Z:_.\-\d]*$/.test(tag)));
  return modelled;
}

/** Per element, the attributes React writes after the others, in this order. */
const WRITTEN_LAST: Record<string, readonly string[]> = {
  input: ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'],
  button: ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'],
  form: ['action', 'encType', 'method', 'target'],
};

/** An element's start tag as React writes it, with its children and inner HTML set apart. */
interface StartTag {
  tag: string;
  children: unknown;
  inner: unknown;
  /** The `select`'s value, an option's `selected`, an input's `checked`: read after the attributes. */
  deferred: Record<string, unknown>;
}

/** The shapes an `<svg>` may hold here (React writes them as any element, closed by a tag); nothing else is modelled in one. */
const SVG_ELEMENTS = new Set(['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect']);

function host(tag: string, props: Record<string, unknown>, place: Place): string {
  if (!modelledTag(tag) || (place === 'svg' && !SVG_ELEMENTS.has(tag))) throw new NotModelled();
  if (tag === 'html') return documentMarkup(props, place);
  // React writes these apart when they are a document's; elsewhere, not modelled.
  if (tag === 'head' || tag === 'body') throw new NotModelled();
  // Under a select with a value, React compares each option's with it; nothing else is modelled there.
  if (selectedValue !== undefined && tag !== 'option' && tag !== 'optgroup') throw new NotModelled();
  if (props.itemProp !== undefined && props.itemProp !== null) throw new NotModelled();
  // React's resources: hoisted into the head, or preloaded there.
  if (tag === 'script' && props.async && typeof props.src === 'string' && props.src) throw new NotModelled();
  if ((tag === 'style' || tag === 'link') && props.precedence !== undefined && props.precedence !== null) throw new NotModelled();
  if (tag === 'img' && props.loading !== 'lazy' && (props.src || props.srcSet)) throw new NotModelled();
  if ((tag === 'link' || tag === 'script') && (props.onLoad || props.onError)) throw new NotModelled();
  if ((tag === 'form' || tag === 'button' || tag === 'input') && (typeof props.action === 'function' || typeof props.formAction === 'function')) throw new NotModelled();
  const bucket = hoistedInto(tag, props, place);
  const start = startTag(tag, props);
  const markup = VOID.has(tag) ? `${start.markup}/>` : `${start.markup}>${contentOf(start, place)}</${tag}>`;
  if (bucket === undefined) return markup;
  (place as HeadBuckets)[bucket] += markup;
  return '';
}

/** `<tag` and its attributes, as React writes them, and what the element holds. */
function startTag(tag: string, props: Record<string, unknown>): StartTag & { markup: string } {
  let markup = `<${tag}`;
  let inner: unknown;
  let children: unknown;
  const last = WRITTEN_LAST[tag];
  const deferred: Record<string, unknown> = {};
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (value === null || value === undefined) continue;
    if (name === 'children') children = value;
    else if (name === 'dangerouslySetInnerHTML') inner = value;
    else if (tag === 'select' && (name === 'value' || name === 'defaultValue')) deferred[name] = value;
    else if (tag === 'option' && name === 'selected') deferred[name] = value;
    else if (last?.includes(name) || (tag === 'input' && (name === 'checked' || name === 'defaultChecked' || name === 'value' || name === 'defaultValue'))) deferred[name] = value;
    else if (tag === 'a' && name === 'href' && value === '') markup += ' href=""';
    else markup += attribute(name, value);
  }
  if (last) for (const name of last) if (deferred[name] !== undefined) markup += attribute(name, deferred[name]);
  if (tag === 'input') {
    const checked = deferred.checked ?? deferred.defaultChecked;
    if (checked !== undefined && checked && typeof checked !== 'function' && typeof checked !== 'symbol') markup += ' checked=""';
    const value = deferred.value ?? deferred.defaultValue;
    if (value !== undefined) markup += attribute('value', value);
  }
  if (tag === 'option') markup += selectedMark(props, children, deferred.selected);
  if (VOID.has(tag) && (inner !== undefined || children !== undefined)) throw new NotModelled();
  return { markup, tag, children, inner, deferred };
}

/** What an element holds: its inner HTML or its children (a head's sorted into React's buckets, a select's options marked). */
function contentOf({ tag, children, inner, deferred }: StartTag, place: Place): string {
  let content = '';
  if (inner !== undefined) {
    if (children !== undefined || typeof inner !== 'object' || !('__html' in (inner as object))) throw new NotModelled();
    const html = (inner as { __html: unknown }).__html;
    if (html !== null && html !== undefined) {
      if (typeof html !== 'string') throw new NotModelled();
      content = tag === 'pre' && html.startsWith('\n') ? `\n${html}` : html;
    }
  }
  if (tag === 'title' && children !== undefined && typeof children !== 'string' && typeof children !== 'number') throw new NotModelled();
  if ((tag === 'script' || tag === 'style') && children !== undefined) throw new NotModelled();
  if (tag === 'pre' && typeof children === 'string' && children.startsWith('\n')) content += '\n';
  if (tag !== 'select') return content + write(children, typeof place === 'object' && tag === 'head' ? place : tag === 'svg' || place === 'svg' ? 'svg' : 'inside');
  // The options below compare their values with the select's (React's format context).
  const chosen = deferred.value ?? deferred.defaultValue;
  if (chosen !== undefined && typeof chosen !== 'string' && typeof chosen !== 'number') throw new NotModelled();
  return content + withSelectedValue(chosen === undefined ? undefined : `${chosen}`, () => write(children, 'inside'));
}

/**
 * A document: `<html>` at the root, holding a `<head>` and then a `<body>`, as React assembles it
 * (`flushCompletedQueues`): the head's start tag, its charset `meta`, its viewport `meta`, its
 * other hoisted elements, the rest of it; then the body. Any other shape (an `<html>` below the
 * root, other children, a head's or the html's inner HTML) is React's: it moves such nodes.
 */
function documentMarkup(props: Record<string, unknown>, place: Place): string {
  if (place !== 'root') throw new NotModelled();
  const html = startTag('html', props);
  const parts = (Array.isArray(html.children) ? html.children : [html.children]).filter((child) => child !== null && child !== undefined && typeof child !== 'boolean' && child !== '');
  const [head, body] = parts as ReactElementShape[];
  if (html.inner !== undefined || parts.length !== 2 || head?.$$typeof !== ELEMENT || head.type !== 'head' || body?.$$typeof !== ELEMENT || body.type !== 'body') throw new NotModelled();
  const headTag = startTag('head', head.props);
  const bodyTag = startTag('body', body.props);
  if (headTag.inner !== undefined) throw new NotModelled();
  const buckets: HeadBuckets = { charset: '', viewport: '', hoistable: '' };
  const own = write(headTag.children, buckets);
  return `${html.markup}>${headTag.markup}>${buckets.charset}${buckets.viewport}${buckets.hoistable}${own}</head>${bodyTag.markup}>${contentOf(bodyTag, 'inside')}</body></html>`;
}

/**
 * The value of the `<select>` being written, as text, which its options compare theirs with;
 * undefined outside one, or for one without a value. Set while its children are written.
 */
let selectedValue: string | undefined;

/** What `writing` returns with `value` as the select's value, the outer one set again after. */
function withSelectedValue(value: string | undefined, writing: () => string): string {
  const outer = selectedValue;
  selectedValue = value;
  try {
    return writing();
  } finally {
    selectedValue = outer;
  }
}

/** ` selected=""` when React marks the option so: its value (or its text) is the select's, or, outside a select with a value, it says so itself. */
function selectedMark(props: Record<string, unknown>, children: unknown, selected: unknown): string {
  if (selectedValue === undefined) return selected ? ' selected=""' : '';
  let own: string;
  if (props.value !== null && props.value !== undefined) own = `${props.value as string}`;
  else if (typeof children === 'string' || typeof children === 'number') own = `${children}`;
  else throw new NotModelled();
  return own === selectedValue ? ' selected=""' : '';
}

/** Which of the head's buckets React puts this element in, when it hoists it; a hoistable outside a head is not modelled. */
function hoistedInto(tag: string, props: Record<string, unknown>, place: Place): keyof HeadBuckets | undefined {
  const hoistable = tag === 'meta' || tag === 'title' || (tag === 'link' && typeof props.rel === 'string' && typeof props.href === 'string' && props.href !== '' && props.rel !== 'stylesheet');
  if (!hoistable) return undefined;
  if (typeof place !== 'object') throw new NotModelled();
  if (tag === 'meta' && typeof props.charSet === 'string') return 'charset';
  if (tag === 'meta' && props.name === 'viewport') return 'viewport';
  return 'hoistable';
}

/** Names React writes otherwise (its `aliases`, and `className` and `tabIndex`), a boolean left out: the HTML ones, and SVG's presentation attributes. */
const RENAMED: Record<string, string> = {
  className: 'class',
  tabIndex: 'tabindex',
  htmlFor: 'for',
  httpEquiv: 'http-equiv',
  acceptCharset: 'accept-charset',
  crossOrigin: 'crossorigin',
  viewBox: 'viewBox',
  clipPath: 'clip-path',
  clipRule: 'clip-rule',
  fillOpacity: 'fill-opacity',
  fillRule: 'fill-rule',
  strokeDasharray: 'stroke-dasharray',
  strokeDashoffset: 'stroke-dashoffset',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
  strokeMiterlimit: 'stroke-miterlimit',
  strokeOpacity: 'stroke-opacity',
  strokeWidth: 'stroke-width',
};

/** Written `name=""` when truthy, left out when not. */
const BOOLEAN = new Set([
  'inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled', 'disablePictureInPicture', 'disableRemotePlayback',
  'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate', 'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'itemScope',
]);

/** Written as the value's text, a boolean as `true` or `false`. */
const AS_TEXT = new Set(['contentEditable', 'spellCheck', 'draggable', 'value', 'focusable']);

/** Camel-cased names React writes as they are (each checked against React in the tests); any other is not modelled. */
const AS_WRITTEN = new Set(['colSpan', 'charSet', 'hrefLang', 'maxLength', 'minLength', 'autoComplete', 'dateTime', 'encType', 'formEncType', 'formMethod', 'formTarget', 'fetchPriority', 'referrerPolicy', 'inputMode', 'enterKeyHint', 'autoCapitalize', 'srcSet', 'imageSrcSet', 'imageSizes']);

const VALID_NAME = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;

const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** How `pushAttribute` treats an attribute: the cases of its `switch`, then its default. */
type Kind = 'url' | 'dropped' | 'lowercased-boolean' | 'present-or-text' | 'positive-number' | 'number' | 'boolean' | 'text' | 'string' | 'plain' | 'not-modelled';

/** An attribute name's kind and the name React writes, worked out once per name (`kindOf`). */
interface AttributeKind {
  kind: Kind;
  written: string;
}

/** The names `pushAttribute` treats apart, but the booleans, the booleanish and the renamed ones. */
const KIND_OF_NAME: Record<string, Kind> = {
  xlinkHref: 'not-modelled',
  src: 'url',
  href: 'url',
  action: 'url',
  formAction: 'url',
  defaultValue: 'dropped',
  defaultChecked: 'dropped',
  innerHTML: 'dropped',
  suppressContentEditableWarning: 'dropped',
  suppressHydrationWarning: 'dropped',
  ref: 'dropped',
  autoFocus: 'lowercased-boolean',
  multiple: 'lowercased-boolean',
  muted: 'lowercased-boolean',
  capture: 'present-or-text',
  download: 'present-or-text',
  cols: 'positive-number',
  rows: 'positive-number',
  size: 'positive-number',
  span: 'positive-number',
  rowSpan: 'number',
  start: 'number',
};

const kinds = new Map<string, AttributeKind>();

function kindOf(name: string): AttributeKind {
  let found = kinds.get(name);
  if (found === undefined) kinds.set(name, (found = classify(name)));
  return found;
}

function classify(name: string): AttributeKind {
  const kind = Object.hasOwn(KIND_OF_NAME, name) ? KIND_OF_NAME[name]! : undefined;
  if (kind !== undefined) return { kind, written: kind === 'lowercased-boolean' ? name.toLowerCase() : name };
  if (BOOLEAN.has(name)) return { kind: 'boolean', written: name };
  if (AS_TEXT.has(name)) return { kind: 'text', written: name };
  const renamed = RENAMED[name];
  if (renamed !== undefined) return { kind: 'string', written: renamed };
  // Event handlers are never written, whatever their value.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return { kind: 'dropped', written: name };
  if ((/[A-Z:]/.test(name) && !AS_WRITTEN.has(name)) || !VALID_NAME.test(name)) return { kind: 'not-modelled', written: name };
  const prefix = name.toLowerCase().slice(0, 5);
  return { kind: prefix === 'data-' || prefix === 'aria-' ? 'text' : 'plain', written: name };
}

/** One attribute as `pushAttribute` writes it (a value neither null nor undefined). */
function attribute(name: string, value: unknown): string {
  if (name === 'style') return styleAttribute(value);
  const { kind, written } = kindOf(name);
  if (typeof value === 'string' && (kind === 'plain' || kind === 'text' || kind === 'string')) return ` ${written}="${escapeAsReact(value)}"`;
  if ((value !== null && typeof value === 'object') || typeof value === 'bigint') throw new NotModelled();
  const unwritten = typeof value === 'function' || typeof value === 'symbol';
  switch (kind) {
    case 'not-modelled':
      throw new NotModelled();
    case 'dropped':
      return '';
    case 'url':
      if ((name === 'src' || name === 'href') && value === '') return '';
      if (unwritten || typeof value === 'boolean') return '';
      return ` ${written}="${escapeAsReact(JAVASCRIPT_URL.test(`${value as string}`) ? BLOCKED_URL : `${value as string}`)}"`;
    case 'lowercased-boolean':
    case 'boolean':
      return value && !unwritten ? ` ${written}=""` : '';
    case 'present-or-text':
      if (value === true) return ` ${written}=""`;
      return value === false || unwritten ? '' : ` ${written}="${text(value)}"`;
    case 'positive-number':
      return !unwritten && !Number.isNaN(Number(value)) && Number(value) >= 1 ? ` ${written}="${text(value)}"` : '';
    case 'number':
      return !unwritten && !Number.isNaN(Number(value)) ? ` ${written}="${text(value)}"` : '';
    case 'text':
      return unwritten ? '' : ` ${written}="${text(value)}"`;
    case 'string':
    case 'plain':
      return unwritten || typeof value === 'boolean' ? '' : ` ${written}="${text(value)}"`;
  }
}

/** CSS properties whose number React writes without `px` (its `unitlessNumbers`). */
const UNITLESS = new Set(
  'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp'.split(' '),
);

/** A `style` object as `pushStyleAttribute` writes it: hyphenated names (a custom property's as it is), numbers in `px` but 0 and the unitless ones, values trimmed. */
function styleAttribute(style: unknown): string {
  if (typeof style !== 'object' || style === null) throw new NotModelled();
  let out = '';
  for (const name in style) {
    if (!Object.hasOwn(style, name)) continue;
    const value = (style as Record<string, unknown>)[name];
    if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') throw new NotModelled();
    const custom = name.startsWith('--');
    const property = escapeAsReact(custom ? name : name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'));
    const text = typeof value === 'number' && !custom ? (value === 0 || UNITLESS.has(name) ? `${value}` : `${value}px`) : escapeAsReact(`${value}`.trim());
    out += `${out ? ';' : ' style="'}${property}:${text}`;
  }
  return out ? `${out}"` : '';
}

/** A primitive value as `escapeTextForBrowser` writes it. */
const text = (value: unknown): string => (typeof value === 'string' ? escapeAsReact(value) : `${value as number | boolean | bigint}`);
