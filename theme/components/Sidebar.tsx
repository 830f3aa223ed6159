import type { RouteData } from '../../src/shared/types.ts';

/** The sidebar: server-made HTML of `<details>` folders (collapsing works without JavaScript). */
export function Sidebar({ data }: { data: RouteData }) {
  return (
    <aside className="sidebar" id="sidebar" aria-label={data.strings.sidebarLabel}>
      <nav className="sidebar-nav" dangerouslySetInnerHTML={{ __html: data.sidebarHtml }} />
      {data.config.sidebar.toggleButton && (
        <button className="sidebar-toggle" type="button" aria-label={data.strings.sidebarCollapse} title={data.strings.sidebarCollapse} data-sidebar-toggle="">
          <span aria-hidden="true">«</span>
        </button>
      )}
    </aside>
  );
}
