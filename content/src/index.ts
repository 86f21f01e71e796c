export {
  catalogue,
  catalogueEntry,
  courseSlugs,
  faqSectionCatalogue,
  promptCatalogue,
  type CatalogueEntry,
} from './catalogue.js';
export {
  checkContent,
  ContentError,
  defaultContentRoot,
  defaultContentSpec,
  formatProblem,
  loadContent,
  readContent,
  type Content,
  type ContentProblem,
  type ContentReport,
  type ContentSpec,
} from './loader.js';
