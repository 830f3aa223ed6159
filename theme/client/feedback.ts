function sessionId(): string {
  try {
    let id = sessionStorage.getItem('docs-session');
    if (!id) sessionStorage.setItem('docs-session', (id = crypto.randomUUID()));
    return id;
  } catch {
    return 'anonymous';
  }
}

/** 'Was this doc helpful?': POSTs to the configured endpoint, or dispatches an event and logs. */
export function initFeedback(): void {
  const box = document.querySelector<HTMLElement>('[data-feedback]');
  if (!box) return;
  box.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-helpful]');
    if (!button) return;
    const helpful = button.dataset.helpful === 'true';
    const record = { message: helpful ? 'HELPFUL' : 'NOT HELPFUL', helpful, url: location.href, referrer: document.referrer, session_id: sessionId() };
    const endpoint = box.dataset.endpoint;
    if (endpoint) {
      void fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record), keepalive: true }).catch(() => {});
    } else {
      window.dispatchEvent(new CustomEvent('docs-feedback', { detail: record }));
      console.info(`${record.message} ${record.url}`, record);
    }
    box.querySelector('.feedback-question')?.setAttribute('hidden', '');
    box.querySelector('.feedback-buttons')?.setAttribute('hidden', '');
    box.querySelector('.feedback-thanks')?.removeAttribute('hidden');
  });
}
