import type { RouteData } from '../../src/shared/types.ts';

export function Pagination({ data }: { data: RouteData }) {
  const { prev, next } = data;
  if (!prev && !next) return null;
  return (
    <nav className="pagination" aria-label="Previous and next pages">
      {prev ? (
        <a className="pagination-prev" rel="prev" href={`${data.hrefPrefix}${prev.route}`}>
          <span className="pagination-label">Previous</span>
          <span className="pagination-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-next" rel="next" href={`${data.hrefPrefix}${next.route}`}>
          <span className="pagination-label">Next</span>
          <span className="pagination-title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
