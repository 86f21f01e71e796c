export * from './auth.js';
export * from './brand.js';
export * from './errors.js';
export * from './limits.js';
export * from './roles.js';
