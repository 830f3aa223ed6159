/**
 * Sends a reader's answer to 'Was this doc helpful?' (a lazy chunk: only a reader who answers
 * needs it): POSTs to the configured endpoint, or dispatches `docs-feedback` and logs.
 */
function sessionId(): string {
  try {
    let id = sessionStorage.getItem('docs-session');
    if (!id) sessionStorage.setItem('docs-session', (id = crypto.randomUUID()));
    return id;
  } catch {
    return 'anonymous';
  }
}

export function sendFeedback(box: HTMLElement, helpful: boolean): void {
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
}
