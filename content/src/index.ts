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
export {
  fillLegalPlaceholders,
  legalPlaceholders,
  type LegalDetails,
  type LegalPlaceholder,
} from './legal-placeholders.js';
