/** Where a purchase started from `/order?from=…` goes back to; the worker accepts the same shape. */
export const FROM_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;
