const RESIZE_DEBOUNCE_MS = 1000;

/** Mobile menu, banner dismissal, hash re-scroll, language switch. */
export function initShell(): void {
  const body = document.body;
  const menuButton = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const setMenu = (open: boolean) => {
    body.classList.toggle('menu-open', open);
    menuButton?.setAttribute('aria-expanded', String(open));
  };
  menuButton?.addEventListener('click', () => setMenu(!body.classList.contains('menu-open')));
  // The mobile menu closes on every route change, including same-page anchors.
  document.getElementById('sidebar')?.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) setMenu(false);
  });
  window.addEventListener('hashchange', () => setMenu(false));

  // Escape closes what is open — the mobile menu, a navbar menu — and puts focus back on the
  // control that opened it, so the keyboard reader is where they were.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const openMenu = document.querySelector<HTMLDetailsElement>('.navbar-menu details[open]');
    if (openMenu) {
      openMenu.open = false;
      openMenu.querySelector<HTMLElement>('summary')?.focus();
    } else if (body.classList.contains('menu-open')) {
      setMenu(false);
      menuButton?.focus();
    }
  });

  const banner = document.querySelector<HTMLElement>('[data-banner-key]');
  banner?.querySelector('[data-banner-dismiss]')?.addEventListener('click', () => {
    try {
      localStorage.setItem(banner.dataset.bannerKey!, '0');
    } catch {
      // Storage blocked: hide for this page view only.
    }
    document.documentElement.classList.add('banner-hidden');
  });

  // Late layout (images, fonts) can push an anchored heading away: bring it back into view.
  const main = document.getElementById('content');
  if (main) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const id = decodeURIComponent(location.hash.slice(1));
        if (id) document.getElementById(id)?.scrollIntoView();
      }, RESIZE_DEBOUNCE_MS);
    }).observe(main);
  }

  // The language switch is a chunk of its own, loaded on the first choice.
  document.querySelector<HTMLSelectElement>('[data-locale-switch]')?.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    void import('./locale-switch.ts').then((m) => m.switchLocale(select));
  });
}
