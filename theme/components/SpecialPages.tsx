import type { RouteData } from '../../src/shared/types.ts';

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
      <h1>404: Page Not Found</h1>
      <p>There is no page at this address. It may have moved, or the link that brought you here may be wrong.</p>
      <p>
        <a href={`${data.config.basePath}/`}>Go to the documentation home</a>
      </p>
      {href && (
        <p>
          <a href={href} data-issue-link="404" target="_blank" rel="noreferrer">
            Report the broken link as an issue
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
      <h1>500: Internal Server Error</h1>
      <p>Something went wrong on our side while serving this page.</p>
      {href && (
        <p>
          <a href={href} data-issue-link="500" target="_blank" rel="noreferrer">
            Report the error as an issue
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
      <h1>Search</h1>
      <form role="search" action={`${data.config.basePath}/search`} method="get" className="search-page-form">
        <input type="search" name="query" maxLength={64} placeholder={data.config.search.placeholder} aria-label="Search query" id="search-page-input" />
        <button type="submit">Search</button>
      </form>
      <div id="search-page-results" aria-live="polite" />
      <noscript>
        <p>Search needs JavaScript. Every page is also reachable from the sidebar.</p>
      </noscript>
    </div>
  );
}

/** The home page when content has none: the site's title and its top-level sections. */
export function HomePage({ data }: { data: RouteData }) {
  return (
    <div className="special-page home-page">
      <h1>{data.config.title}</h1>
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
