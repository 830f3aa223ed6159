import type { ReactNode } from 'react';
import type { RouteData } from '../../src/shared/types.ts';
import { Document } from './Document.tsx';
import { Banner } from '../components/Banner.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { Toc } from '../components/Toc.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Feedback } from '../components/Feedback.tsx';
import { Footer } from '../components/Footer.tsx';
import { editPageUrl, formatLastUpdated } from '../../src/shared/page-footer-links.ts';

/** The end of a doc page: 'Edit this page' (from `docsRepositoryBase`) and the `lastmod` date. */
function PageFooterMeta({ data }: { data: RouteData }) {
  const { strings } = data;
  const date = data.theme.timestamp ? (data.frontMatter.lastmod ?? data.frontMatter.date) : undefined;
  const base = data.config.docsRepositoryBase;
  const editUrl = base && data.sourcePath ? editPageUrl(base, data.sourcePath) : undefined;
  if (!date && !editUrl) return null;
  return (
    <div className="page-footer-meta">
      {editUrl && (
        <a className="edit-link" href={editUrl} target="_blank" rel="noreferrer">
          {strings.editThisPage}
        </a>
      )}
      {date && (
        <p className="last-updated">
          {strings.lastUpdated} <time dateTime={date}>{formatLastUpdated(date, data.locale)}</time>
        </p>
      )}
    </div>
  );
}

/** The docs shell around a page's content: layout `default|full|raw`, typesetting `default|article`. */
export function DocsLayout({ data, children }: { data: RouteData; children: ReactNode }) {
  const { theme } = data;
  const raw = theme.layout === 'raw';
  const showToc = theme.toc && theme.layout === 'default';
  return (
    <Document data={data}>
      <body className={`layout-${theme.layout} typesetting-${theme.typesetting}${theme.sidebar ? '' : ' no-sidebar'}`}>
        <a className="skip-link" href="#content">
          {data.strings.skipToContent}
        </a>
        <Banner data={data} />
        {theme.navbar && <Navbar data={data} />}
        <div className={showToc ? 'page has-toc' : 'page'}>
          {theme.sidebar && <Sidebar data={data} />}
          <main className="main" id="content">
            {raw ? (
              children
            ) : (
              <article className={`content typesetting-${theme.typesetting}`}>
                {theme.breadcrumb && <Breadcrumbs data={data} />}
                {data.fallbackFrom && (
                  <p className="untranslated-notice" role="note">
                    {data.strings.untranslatedNotice}
                  </p>
                )}
                {children}
                {!data.hideFeedback && <Feedback data={data} />}
                <PageFooterMeta data={data} />
                {theme.pagination && <Pagination data={data} />}
              </article>
            )}
          </main>
          {showToc && <Toc data={data} />}
        </div>
        {theme.footer && <Footer data={data} />}
      </body>
    </Document>
  );
}
