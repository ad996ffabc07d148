export { catalogueService, startCatalogue, CATALOGUE_SERVICE_NAME, type CatalogueDeps, type RunningCatalogue } from './service';
export { discountPercent, formatTaka, COURSE_CATEGORIES, COURSE_LEVELS } from './domain/course';
