import { pageStrings } from './page-strings.ts';

const COPIED_MS = 2000;

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
