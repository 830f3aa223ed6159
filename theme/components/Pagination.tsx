import type { RouteData } from '../../src/shared/types.ts';
import { routeHref } from '../../src/shared/page-href.ts';

export function Pagination({ data }: { data: RouteData }) {
  const { prev, next } = data;
  if (!prev && !next) return null;
  return (
    <nav className="pagination" aria-label={data.strings.paginationLabel}>
      {prev ? (
        <a className="pagination-prev" rel="prev" href={routeHref(prev.route, data.hrefPrefix)}>
          <span className="pagination-label">{data.strings.previousPage}</span>
          <span className="pagination-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-next" rel="next" href={routeHref(next.route, data.hrefPrefix)}>
          <span className="pagination-label">{data.strings.nextPage}</span>
          <span className="pagination-title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
