/** Text or an attribute value for HTML the worker writes (e-mails, the unsubscribe page, share meta, page links). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
