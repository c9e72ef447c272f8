export * from './accounts.js';
export * from './assessments.js';
export * from './catalogue.js';
export * from './geography.js';
export * from './imports.js';
export * from './logs.js';
export * from './users.js';
