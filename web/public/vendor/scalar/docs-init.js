// Starts the API reference on /api/docs (a file, not an inline script, so the page needs no 'unsafe-inline').
// Everything that would reach Scalar's servers is off: the page runs offline under connect-src 'self'.
window.Scalar.createApiReference('#docs', {
  url: '/api/openapi.json',
  localization: { locale: 'zh-CN' },
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: true,
  // Every area's operations rendered, as one list was before the operations had tags (the page's search and the tests find any of them).
  defaultOpenAllTags: true,
});
