import type { RouteData } from '../../src/shared/types.ts';

export function Breadcrumbs({ data }: { data: RouteData }) {
  if (data.breadcrumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {data.breadcrumbs.map((crumb, i) => {
          const last = i === data.breadcrumbs.length - 1;
          return (
            <li key={`${crumb.route}${i}`}>
              {crumb.route && !last ? <a href={`${data.hrefPrefix}${crumb.route}`}>{crumb.title}</a> : <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
