export * from './schemas/common.ts';
