export { startCatalogue, CATALOGUE_SERVICE_NAME, type CatalogueDeps, type RunningCatalogue } from './app';
export { discountPercent, formatTaka, COURSE_CATEGORIES, COURSE_LEVELS } from './domain/course';
