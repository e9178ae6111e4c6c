export * from './users';
export * from './common';
export * from './closure';
export * from './starmarket';
export * from './medical';
export * from './exports';
export * from './saas';
export * from './group';
