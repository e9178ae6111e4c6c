// lazystream (under archiver) requires 'readable-stream/passthrough', which an alias of 'readable-stream'
// does not catch; that copy logs every stream step through util.debuglog in workerd. Same fix as readable-stream.cjs.
module.exports = require('node:stream').PassThrough;
