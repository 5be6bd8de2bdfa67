export { thesisFitOf, type Thesis } from './fit.ts';
export { normalisePlace, regionsOf, type PlaceRegions } from './regions.ts';
export { stageOf } from './stages.ts';
