export * from './brands.ts';
export * from './profiles.ts';
