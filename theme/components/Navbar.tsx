import { safeHref } from '../../src/shared/safe-href.ts';
import type { RouteData } from '../../src/shared/types.ts';
import { assetHref, pageHref } from '../../src/shared/page-href.ts';
import { sharedMarkup } from './shared-markup.ts';

/**
 * Opens the search modal (its chunk loads on the first press). The hosted service it asks, if
 * any, rides on data attributes: the key is the public search-only one.
 */
function SearchModalButton({ data }: { data: RouteData }) {
  const { hosted, missingResultsUrl } = data.config.search;
  return (
    <button
      type="button"
      id="search-modal-button"
      className="search-modal-button"
      aria-haspopup="dialog"
      aria-controls="search-modal"
      data-app-id={hosted?.appId}
      data-api-key={hosted?.apiKey}
      data-index-name={hosted?.indexName}
      data-hosts={hosted?.hosts?.join(' ')}
      data-missing-results-url={missingResultsUrl}
    >
      <span className="search-modal-button-text">{data.strings.searchModalButton}</span>
    </button>
  );
}

const navbarMarkup = sharedMarkup();

/**
 * Top bar: logo (light/dark), navbar links and menus, search box, mobile menu button. The same on
 * every page of a locale: it follows from the locale's navbar items, the config, the locale's
 * strings and its href prefix alone, so it is rendered once for them (`sharedMarkup`).
 */
export function Navbar({ data }: { data: RouteData }) {
  return <header className="navbar" dangerouslySetInnerHTML={{ __html: navbarMarkup(data.navbar, [data.config, data.strings, data.hrefPrefix], () => <NavbarInner data={data} />) }} />;
}

/** Reads `data.config`, `data.strings`, `data.navbar` and `data.hrefPrefix` alone: anything else it reads must join the inputs `Navbar` keeps its markup by. */
export function NavbarInner({ data }: { data: RouteData }) {
  const { config, strings } = data;
  const { logo } = config;
  // Hrefs as the config and `_meta` write them, from the site root; the navbar is the same in every locale.
  const root = { pageRoute: '/', folderRoute: '/', hrefPrefix: config.basePath, basePath: config.basePath };
  // An unsafe scheme (`javascript:`) links nowhere.
  const href = (written: string) => safeHref(pageHref(written, root));
  return (
    <nav className="navbar-inner" aria-label={strings.mainNavigation}>
      <a className="navbar-logo" href={href(logo.companyHref)} aria-label={logo.alt || config.title}>
        {/* Lazy: the variant hidden by the colour scheme is never fetched. */}
        {logo.light ? (
          <>
            <img className="logo-light" src={assetHref(logo.light, root)} alt={logo.alt || config.title} width={140} height={32} loading="lazy" />
            <img className="logo-dark" src={assetHref(logo.dark || logo.light, root)} alt={logo.alt || config.title} width={140} height={32} loading="lazy" />
          </>
        ) : (
          <span className="navbar-title">{config.title}</span>
        )}
      </a>
      <a className="navbar-docs-home" href={href(logo.docsHref)}>
        {strings.docsHome}
      </a>
      <ul className="navbar-items">
        {data.navbar.map((item) =>
          item.items ? (
            <li key={item.title} className="navbar-menu">
              <details>
                <summary>{item.title}</summary>
                <ul>
                  {item.items.map((entry) => (
                    <li key={entry.href}>
                      <a href={href(entry.href)} {...(entry.newWindow ? { target: '_blank', rel: 'noreferrer' } : {})}>
                        {entry.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={item.title}>
              <a href={href(item.href ?? '/')} {...(item.newWindow ? { target: '_blank', rel: 'noreferrer' } : {})}>
                {item.title}
              </a>
            </li>
          ),
        )}
      </ul>
      {config.search.enabled && (
        <form className="navbar-search" role="search" aria-label={strings.siteSearchLabel} action={`${data.hrefPrefix}/search`} method="get">
          <input
            id="search-input"
            type="search"
            name="query"
            maxLength={64}
            placeholder={strings.searchPlaceholder}
            aria-label={strings.searchLabel}
            autoComplete="off"
            spellCheck={false}
            role="combobox"
            aria-expanded="false"
            aria-controls="search-results"
            aria-autocomplete="list"
          />
          <kbd className="search-kbd">/</kbd>
          <div className="search-results" id="search-results" role="listbox" aria-label={strings.searchResults} hidden />
        </form>
      )}
      {config.search.enabled && <SearchModalButton data={data} />}
      {config.search.enabled && (
        <a className="search-advanced" href={`${data.hrefPrefix}/search`}>
          {strings.searchAdvanced}
        </a>
      )}
      {config.project && (
        <a className="navbar-icon" href={config.project.link} target="_blank" rel="noreferrer">
          {strings.project}
        </a>
      )}
      {config.chat && (
        <a className="navbar-icon" href={config.chat.link} target="_blank" rel="noreferrer">
          {strings.chat}
        </a>
      )}
      <button className="menu-button" type="button" aria-label={strings.menu} aria-controls="sidebar" aria-expanded="false" data-menu-toggle="">
        <span />
      </button>
    </nav>
  );
}
