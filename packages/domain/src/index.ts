export * from './assessment-status.js';
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './paging.js';
export * from './permissions.js';
export * from './user.js';
export * from './validation.js';
