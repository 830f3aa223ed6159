/**
 * The footer's language switcher, a lazy chunk loaded on the first choice: remembers the
 * chosen locale (`NEXT_LOCALE`) and goes to the same page in it.
 */
import { localeCookie } from './locale-cookie.ts';

export function switchLocale(select: HTMLSelectElement): void {
  document.cookie = localeCookie(select.value);
  const href = select.selectedOptions[0]?.dataset.href;
  if (href) location.href = href;
  else location.reload();
}
