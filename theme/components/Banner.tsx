import type { RouteData } from '../../src/shared/types.ts';
import { inlineMarkdownLinks } from './inline-links.ts';

/** Dismissible banner; a head script hides it before paint once dismissed (no flash). */
export function Banner({ data }: { data: RouteData }) {
  const banner = data.banner;
  if (!banner) return null;
  // A named region: its text sits in a landmark like the rest of the page (axe: region).
  return (
    <section className="banner" data-banner-key={banner.key} aria-label={data.strings.bannerLabel}>
      <div className="banner-content" dangerouslySetInnerHTML={{ __html: inlineMarkdownLinks(banner.content, { basePath: data.config.basePath, hrefPrefix: data.hrefPrefix }) }} />
      {banner.dismissible && (
        <button className="banner-close" type="button" aria-label={data.strings.bannerDismiss} data-banner-dismiss="">
          ×
        </button>
      )}
    </section>
  );
}
