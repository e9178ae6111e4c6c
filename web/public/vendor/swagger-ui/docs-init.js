// Starts Swagger UI on /api/docs (a file, not an inline script, so the page needs no 'unsafe-inline').
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: false,
});
