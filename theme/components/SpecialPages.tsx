import type { ComponentType } from 'react';
import { specialPageRule } from '../../src/shared/special-pages.ts';
import type { RouteData, SpecialPage } from '../../src/shared/types.ts';

/** The `<h1>` of the theme's version of a special page: its title from `SPECIAL_PAGES`. */
const titleOf = (special: SpecialPage, data: RouteData) => specialPageRule(special).title(data.config.title, data.strings);

function issueUrl(data: RouteData, title: string): string | undefined {
  const base = data.config.docsRepositoryBase;
  if (!base) return undefined;
  const repository = base.replace(/\/(tree|blob)\/.*$/, '').replace(/\/$/, '');
  return `${repository}/issues/new?title=${encodeURIComponent(title)}&labels=bug`;
}

/** The 404 page: the client fills the broken address into the issue title. */
export function NotFoundPage({ data }: { data: RouteData }) {
  const href = issueUrl(data, 'Broken link: a page was not found');
  return (
    <div className="special-page">
      <h1>{titleOf('404', data)}</h1>
      <p>{data.strings.notFoundText}</p>
      <p>
        <a href={`${data.hrefPrefix}/`}>{data.strings.notFoundHome}</a>
      </p>
      {href && (
        <p>
          <a href={href} data-issue-link="404" target="_blank" rel="noreferrer">
            {data.strings.notFoundReport}
          </a>
        </p>
      )}
    </div>
  );
}

export function ServerErrorPage({ data }: { data: RouteData }) {
  const href = issueUrl(data, 'Server error on a documentation page');
  return (
    <div className="special-page">
      <h1>{titleOf('500', data)}</h1>
      <p>{data.strings.serverErrorText}</p>
      {href && (
        <p>
          <a href={href} data-issue-link="500" target="_blank" rel="noreferrer">
            {data.strings.serverErrorReport}
          </a>
        </p>
      )}
    </div>
  );
}

/** /search: reads ?query= and lists every match from the local index (client side). */
export function SearchPage({ data }: { data: RouteData }) {
  return (
    <div className="special-page search-page">
      <h1>{titleOf('search', data)}</h1>
      <form role="search" aria-label={data.strings.searchPageFormLabel} action={`${data.hrefPrefix}/search`} method="get" className="search-page-form">
        <input type="search" name="query" maxLength={64} placeholder={data.strings.searchPlaceholder} aria-label={data.strings.searchQueryLabel} id="search-page-input" />
        <button type="submit">{data.strings.searchSubmit}</button>
      </form>
      <div id="search-page-results" aria-live="polite" />
      <noscript>
        <p>{data.strings.searchNeedsJavaScript}</p>
      </noscript>
    </div>
  );
}

/** The home page when content has none: the site's title and its top-level sections. */
export function HomePage({ data }: { data: RouteData }) {
  return (
    <div className="special-page home-page">
      <h1>{titleOf('home', data)}</h1>
      {data.config.description && <p>{data.config.description}</p>}
      <ul className="home-sections">
        {(data.homeSections ?? []).map((section) => (
          <li key={section.route}>
            <a href={`${data.hrefPrefix}${section.route}`}>{section.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The theme's page for each special page (`SPECIAL_PAGES`), shown when content has none. */
const SPECIAL_PAGE_BODIES: Record<SpecialPage, ComponentType<{ data: RouteData }>> = {
  '404': NotFoundPage,
  '500': ServerErrorPage,
  search: SearchPage,
  home: HomePage,
};

/** The body of a page the theme provides (`data.special`), or nothing for any other page. */
export function SpecialPageBody({ data }: { data: RouteData }) {
  if (!data.special) return null;
  const Body = SPECIAL_PAGE_BODIES[data.special];
  return <Body data={data} />;
}
