export * from './client.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './unit-of-work.ts';
export * from './statements-by-shape.ts';
export * from './raw-rows.ts';
