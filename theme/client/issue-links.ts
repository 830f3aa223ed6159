/** The 404 and 500 pages' "report" links (a lazy chunk: only those pages have them) get the address and the referrer in the issue's title. */
export function fillIssueLinks(links: Iterable<HTMLAnchorElement>): void {
  for (const link of links) {
    const url = new URL(link.href);
    const where = document.referrer || location.pathname;
    url.searchParams.set('title', link.dataset.issueLink === '404' ? `Broken link to ${location.pathname} (from ${where})` : `Server error at ${location.pathname}`);
    link.href = url.href;
  }
}
