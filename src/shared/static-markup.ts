import type { ReactNode } from 'react';

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
 *   symbols left out.
 * - `input`'s `name`, then `checked`, then `value` after its other attributes; `button`'s `name`;
 *   `form`'s `action`, `encType`, `method` and `target`; a `select`'s value marking its option
 *   `selected`; `pre`'s leading newline; void elements closed `/>`.
 * - A document: in `<head>`, its charset `meta`, then its viewport `meta`, then its other `meta`s,
 *   its `title` and its `link`s but stylesheets (React's hoistables, in their order), then the
 *   rest of it in order.
 *
 * Not modelled, so React's: a component with a hook (its call throws outside React's render), a
 * class, `memo`, `forwardRef`, lazy or Suspense; `style`; SVG, MathML, an SVG or XML attribute, a
 * custom element; `textarea`, `noscript`, `template`, a multiple select; the resources React
 * hoists or preloads (an `async` script with a `src`, a `precedence` stylesheet or style, an eager
 * `img`, a `meta`, `title` or `link` outside the head, an `itemProp` one); a function as a form's
 * action; an attribute name React would refuse.
 */
export function staticMarkup(node: ReactNode): string | undefined {
  if (REACT_FRAME) return undefined;
  try {
    return write(node, undefined);
  } catch (error) {
    if (error instanceof NotModelled) return undefined;
    throw error;
  }
}

/**
 * `DOCS_GEN_REACT_FRAME=1` in the environment: every frame is React's, as before this module (a
 * maintainer's switch: tests build sites both ways and compare every page's bytes).
 */
const REACT_FRAME = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.DOCS_GEN_REACT_FRAME === '1';

/** React renders this in a way `staticMarkup` does not model. */
class NotModelled extends Error {}

/** A document's `<head>` being written: React's hoisted chunks and the head's own content, in React's buckets. */
interface Head {
  charset: string;
  viewport: string;
  hoistable: string;
}

const ELEMENT = Symbol.for('react.transitional.element');
const LEGACY_ELEMENT = Symbol.for('react.element');
const FRAGMENT = Symbol.for('react.fragment');
const CONTEXT = Symbol.for('react.context');
const PROVIDER = Symbol.for('react.provider');

interface Element {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

function write(node: unknown, head: Head | undefined): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string') {
    // Text beside what React hoists out of the head (or the document's own children) gets placeholders of React's.
    if (head !== undefined && node !== '') throw new NotModelled();
    return escape(node);
  }
  if (typeof node === 'number' || typeof node === 'bigint') return `${node}`;
  if (Array.isArray(node)) {
    let out = '';
    for (const child of node) out += write(child, head);
    return out;
  }
  if (typeof node !== 'object') throw new NotModelled();
  const { $$typeof, type, props } = node as Element;
  if ($$typeof !== ELEMENT && $$typeof !== LEGACY_ELEMENT) throw new NotModelled();
  if (typeof type === 'string') return host(type, props, head);
  if (type === FRAGMENT) return write(props.children, head);
  if (typeof type === 'function') {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) throw new NotModelled();
    let rendered: unknown;
    try {
      rendered = (type as (props: Record<string, unknown>) => unknown)(props);
    } catch (error) {
      // A hook called outside React's render reads a dispatcher that is null.
      if (error instanceof TypeError) throw new NotModelled();
      throw error;
    }
    return write(rendered, head);
  }
  const kind = (type as { $$typeof?: symbol } | null)?.$$typeof;
  if (kind === CONTEXT || kind === PROVIDER) return write(props.children, head);
  throw new NotModelled();
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const APART = new Set(['textarea', 'noscript', 'svg', 'math', 'template', 'slot', 'menuitem', 'object', 'listing']);

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

function host(tag: string, props: Record<string, unknown>, head: Head | undefined): string {
  if (!modelledTag(tag)) throw new NotModelled();
  if (props.itemProp !== undefined && props.itemProp !== null) throw new NotModelled();
  // React's resources: hoisted into the head, or preloaded there.
  if (tag === 'script' && props.async && typeof props.src === 'string' && props.src) throw new NotModelled();
  if ((tag === 'style' || tag === 'link') && props.precedence !== undefined && props.precedence !== null) throw new NotModelled();
  if (tag === 'img' && props.loading !== 'lazy' && (props.src || props.srcSet)) throw new NotModelled();
  if ((tag === 'form' || tag === 'button' || tag === 'input') && (typeof props.action === 'function' || typeof props.formAction === 'function')) throw new NotModelled();
  const hoisted = hoistedInto(tag, props, head);
  let out = `<${tag}`;
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
    else if (tag === 'a' && name === 'href' && value === '') out += ' href=""';
    else out += attribute(name, value);
  }
  if (last) for (const name of last) if (deferred[name] !== undefined) out += attribute(name, deferred[name]);
  if (tag === 'input') {
    const checked = deferred.checked ?? deferred.defaultChecked;
    if (checked !== undefined && checked && typeof checked !== 'function' && typeof checked !== 'symbol') out += ' checked=""';
    const value = deferred.value ?? deferred.defaultValue;
    if (value !== undefined) out += attribute('value', value);
  }
  if (tag === 'option') out += selectedMark(props, children, deferred.selected);
  if (VOID.has(tag)) {
    if (inner !== undefined || children !== undefined) throw new NotModelled();
    return place(`${out}/>`, hoisted, head);
  }
  out += '>';
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
  if (tag === 'head') {
    if (!head || head.hoistable !== UNUSED) throw new NotModelled();
    const buckets: Head = { charset: '', viewport: '', hoistable: '' };
    const own = write(children, buckets);
    return `${out}${buckets.charset}${buckets.viewport}${buckets.hoistable}${own}</head>`;
  }
  // Only `<html>`'s own children may hold the document's `<head>`; a head elsewhere is React's to place.
  const inside = tag === 'html' ? NO_HEAD_YET : undefined;
  if (tag === 'select') {
    // The options below compare their values with the select's (React's format context).
    const chosen = deferred.value ?? deferred.defaultValue;
    if (Array.isArray(chosen) || (chosen !== undefined && typeof chosen === 'object')) throw new NotModelled();
    const outer = selectedValue;
    selectedValue = chosen === undefined ? undefined : `${chosen as string}`;
    try {
      content += write(children, inside);
    } finally {
      selectedValue = outer;
    }
  } else content += write(children, inside);
  return place(`${out}${content}</${tag}>`, hoisted, head);
}

/** The value of the `<select>` being written, as text, which its options compare theirs with; undefined outside one, or for one without a value. */
let selectedValue: string | undefined;

/** ` selected=""` when React marks the option so: its value (or its text) is the select's, or, outside a select with a value, it says so itself. */
function selectedMark(props: Record<string, unknown>, children: unknown, selected: unknown): string {
  if (selectedValue === undefined) return selected ? ' selected=""' : '';
  let own: string;
  if (props.value !== null && props.value !== undefined) own = `${props.value as string}`;
  else if (typeof children === 'string' || typeof children === 'number') own = `${children}`;
  else throw new NotModelled();
  return own === selectedValue ? ' selected=""' : '';
}

/** The marker of an `<html>` whose `<head>` is still to come. */
const UNUSED = '\u0000unused';
const NO_HEAD_YET: Head = { charset: UNUSED, viewport: UNUSED, hoistable: UNUSED };

/** Which of the head's buckets React puts this element in, when it hoists it; a hoistable outside a head is not modelled. */
function hoistedInto(tag: string, props: Record<string, unknown>, head: Head | undefined): keyof Head | undefined {
  const hoistable = tag === 'meta' || tag === 'title' || (tag === 'link' && typeof props.rel === 'string' && typeof props.href === 'string' && props.href !== '' && props.rel !== 'stylesheet');
  if (!hoistable) return undefined;
  if (!head || head.hoistable === UNUSED) throw new NotModelled();
  if (tag === 'meta' && typeof props.charSet === 'string') return 'charset';
  if (tag === 'meta' && props.name === 'viewport') return 'viewport';
  return 'hoistable';
}

function place(markup: string, bucket: keyof Head | undefined, head: Head | undefined): string {
  if (bucket === undefined) return markup;
  head![bucket] += markup;
  return '';
}

const RENAMED: Record<string, string> = { className: 'class', tabIndex: 'tabindex', htmlFor: 'for', httpEquiv: 'http-equiv', acceptCharset: 'accept-charset', crossOrigin: 'crossorigin' };

/** Written `name=""` when truthy, left out when not. */
const BOOLEAN = new Set([
  'inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled', 'disablePictureInPicture', 'disableRemotePlayback',
  'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate', 'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'itemScope',
]);

/** Written as the value's text, a boolean as `true` or `false`. */
const AS_TEXT = new Set(['contentEditable', 'spellCheck', 'draggable', 'value']);

/** Camel-cased names React writes as they are (each checked against React in the tests); any other is not modelled. */
const AS_WRITTEN = new Set(['colSpan', 'charSet', 'hrefLang', 'maxLength', 'minLength', 'autoComplete', 'dateTime', 'encType', 'formAction', 'formEncType', 'formMethod', 'formTarget', 'fetchPriority', 'referrerPolicy', 'inputMode', 'enterKeyHint', 'autoCapitalize', 'srcSet', 'imageSrcSet', 'imageSizes', 'noModule']);

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
  style: 'not-modelled',
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
  const { kind, written } = kindOf(name);
  if (typeof value === 'string' && (kind === 'plain' || kind === 'text' || kind === 'string')) return ` ${written}="${escape(value)}"`;
  if (value !== null && typeof value === 'object') throw new NotModelled();
  const unwritten = typeof value === 'function' || typeof value === 'symbol';
  switch (kind) {
    case 'not-modelled':
      throw new NotModelled();
    case 'dropped':
      return '';
    case 'url':
      if ((name === 'src' || name === 'href') && value === '') return '';
      if (unwritten || typeof value === 'boolean') return '';
      return ` ${written}="${escape(JAVASCRIPT_URL.test(`${value as string}`) ? BLOCKED_URL : `${value as string}`)}"`;
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

/** A primitive value as `escapeTextForBrowser` writes it. */
const text = (value: unknown): string => (typeof value === 'string' ? escape(value) : `${value as number | boolean | bigint}`);

const ESCAPED = /["'&<>]/;

/** `escapeTextForBrowser`'s replacements. */
function escape(value: string): string {
  const first = ESCAPED.exec(value);
  if (!first) return value;
  let out = '';
  let from = 0;
  for (let i = first.index; i < value.length; i++) {
    let replacement: string;
    switch (value.charCodeAt(i)) {
      case 34:
        replacement = '&quot;';
        break;
      case 38:
        replacement = '&amp;';
        break;
      case 39:
        replacement = '&#x27;';
        break;
      case 60:
        replacement = '&lt;';
        break;
      case 62:
        replacement = '&gt;';
        break;
      default:
        continue;
    }
    out += value.slice(from, i) + replacement;
    from = i + 1;
  }
  return out + value.slice(from);
}
