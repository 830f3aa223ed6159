import { pageStrings } from './page-strings.ts';

const COPIED_MS = 2000;

/**
 * A code block is one Tab stop: its copy button. Its `<pre>` is built focusable (so that without
 * JavaScript a keyboard can still scroll it); here it, like a table, is a Tab stop only while it
 * really scrolls sideways, the one case where the keyboard needs it (axe:
 * scrollable-region-focusable).
 */
export function focusOnlyScrollingRegions(): void {
  const update = () => {
    for (const region of document.querySelectorAll<HTMLElement>('.code-block > pre, .content table')) {
      if (region.scrollWidth > region.clientWidth) region.tabIndex = 0;
      else region.removeAttribute('tabindex');
    }
  };
  update();
  let frame = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(update);
  });
}

/** Copy buttons on code blocks: 'Copied' for 2000 ms. */
export function initCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('.copy-button');
    if (!button) return;
    const code = button.parentElement?.querySelector('pre')?.textContent ?? '';
    if (!navigator.clipboard) {
      console.error('Access to clipboard rejected!');
      return;
    }
    navigator.clipboard.writeText(code).then(
      () => {
        button.classList.add('copied');
        button.textContent = pageStrings().copied;
        setTimeout(() => {
          button.classList.remove('copied');
          button.textContent = pageStrings().copy;
        }, COPIED_MS);
      },
      () => console.error('Failed to copy!'),
    );
  });
}
