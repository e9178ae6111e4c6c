// exceljs and archiver require 'readable-stream'; in workerd the built-in node:stream is the same API.
// wrangler's [alias] cannot point at a node: built-in directly, so it points here.
module.exports = require('node:stream');
