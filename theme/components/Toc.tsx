import type { RouteData } from '../../src/shared/types.ts';

/** 'On This Page': headings of depth 2 to 6, shown on wide screens only (CSS). */
export function Toc({ data }: { data: RouteData }) {
  const headings = data.headings.filter((h) => h.depth >= 2 && h.depth <= 6);
  return (
    <nav className="toc" aria-label={data.strings.tocTitle}>
      {headings.length > 0 && (
        <>
          <p className="toc-title">{data.strings.tocTitle}</p>
          <ul>
            {headings.map((h) => (
              <li key={h.id} className={`toc-depth-${h.depth}`}>
                <a href={`#${h.id}`}>{h.value}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
