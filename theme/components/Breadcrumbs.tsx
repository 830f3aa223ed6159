import type { RouteData } from '../../src/shared/types.ts';
import { routeHref } from '../../src/shared/page-href.ts';

export function Breadcrumbs({ data }: { data: RouteData }) {
  if (data.breadcrumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={data.strings.breadcrumbLabel}>
      <ol>
        {data.breadcrumbs.map((crumb, i) => {
          const last = i === data.breadcrumbs.length - 1;
          return (
            <li key={`${crumb.route}${i}`}>
              {crumb.route && !last ? <a href={routeHref(crumb.route, data.hrefPrefix)}>{crumb.title}</a> : <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
