/**
 * Recorded in every analysis. Bump the major part when a rubric rule or benchmark
 * changes (stored scores are then not comparable), the minor part when extraction
 * improves, the patch part for fixes that do not move scores on the fixtures.
 */
export const ENGINE_VERSION = '6.4.0';
