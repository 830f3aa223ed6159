/** 'Was this doc helpful?': the answer is sent by a chunk loaded on the first press (`feedback-send.ts`). */
export function initFeedback(): void {
  const box = document.querySelector<HTMLElement>('[data-feedback]');
  box?.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-helpful]');
    if (button) void import('./feedback-send.ts').then((m) => m.sendFeedback(box, button.dataset.helpful === 'true'));
  });
}
