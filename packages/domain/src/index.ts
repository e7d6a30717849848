export * from './account.js';
export * from './errors.js';
export * from './paging.js';
export * from './password-strength.js';
export * from './roles.js';
export * from './users.js';
export * from './people.js';
export * from './people-fields.js';
