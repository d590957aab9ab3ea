export * from './auth.ts';
export * from './brands.ts';
export * from './posts.ts';
export * from './profiles.ts';
export * from './social.ts';
export * from './storage.ts';
