import type { RouteData } from '../../src/shared/types.ts';

/**
 * The sidebar: the server writes the reader's path (`<details>` folders, which collapse
 * without JavaScript; folders off the path link to their page), and the client replaces it
 * with the whole tree from `data-sidebar-src` (theme/client/sidebar.ts), the same markup.
 */
export function Sidebar({ data }: { data: RouteData }) {
  const { strings } = data;
  const source = data.sidebarSource;
  return (
    <aside className="sidebar" id="sidebar" aria-label={strings.sidebarLabel}>
      <nav
        className="sidebar-nav"
        id="sidebar-nav"
        data-sidebar-src={source?.url}
        data-sidebar-section={source?.section}
        data-active-route={data.route}
        data-collapse-level={data.config.sidebar.defaultMenuCollapseLevel}
        dangerouslySetInnerHTML={{ __html: data.sidebarHtml }}
      />
      {data.config.sidebar.toggleButton && (
        <button
          className="sidebar-toggle"
          type="button"
          aria-label={strings.collapseSidebar}
          title={strings.collapseSidebar}
          aria-expanded="true"
          aria-controls="sidebar-nav"
          data-sidebar-toggle=""
          data-label-collapse={strings.collapseSidebar}
          data-label-expand={strings.expandSidebar}
        >
          <span aria-hidden="true">«</span>
        </button>
      )}
    </aside>
  );
}
