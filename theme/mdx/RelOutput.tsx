import type { RouteData } from '../../src/shared/types.ts';
import { DEFAULT_REL_OUTPUT_PATH, resolveRelOutputSrc } from '../../src/shared/asset-paths.ts';
import { outputMessages } from './rel-output/messages.ts';
import { isOutputMode, OUTPUT_MODES, outputHtml } from './rel-output/output-html.ts';

export interface RelOutputProps {
  /** The output's name beside the page (`example1`), or a path on the site (`/…`), or a URL. */
  src: string;
  /** @default 'LOGICAL' */
  mode?: string;
}

/**
 * Seed §3, §4: a Rel example output. An output the build has (the rel-output copier decoded
 * it) is rendered right here, in its displayed state: readable without JavaScript and found by
 * search engines. One it cannot have (an external URL) is rendered loading; the browser fetches
 * and decodes it.
 */
export function RelOutput({ data, src, mode = 'LOGICAL' }: RelOutputProps & { data: RouteData }) {
  if (typeof src !== 'string' || !src) throw new Error('RelOutput needs a src');
  if (!isOutputMode(mode)) throw new Error(`RelOutput mode must be one of ${OUTPUT_MODES.join(', ')}, not ${String(mode)}`);
  const target = resolveRelOutputSrc(src, { pageRoute: data.route, relOutputPath: data.relOutputs?.path ?? DEFAULT_REL_OUTPUT_PATH });
  const url = target.kind === 'external' ? target.url : `${data.config.basePath}${encodeURI(target.path)}`;
  const relations = target.kind === 'local' ? data.relOutputs?.files[target.path] : undefined;
  if (target.kind === 'local' && !relations && data.relOutputs) {
    // The copier reports a missing file with the page's place first; this is the backstop.
    throw new Error(`Rel output ${src} was not found: no file at ${target.path}`);
  }
  const shared = { className: `rel-output rel-output-${mode.toLowerCase()}`, 'data-rel-output': '', 'data-src': src, 'data-url': url, 'data-mode': mode };
  if (!relations) {
    return (
      <div {...shared} data-state="loading" aria-busy="true">
        <p className="rel-output-status" role="status">
          {outputMessages(data.strings).loading}
        </p>
      </div>
    );
  }
  return <div {...shared} data-state="displayed" dangerouslySetInnerHTML={{ __html: outputHtml(relations, mode) }} />;
}
