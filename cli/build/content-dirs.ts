/** Where a project's docs are: English under `content/docs`, each other locale under `content/i18n/<locale>`; files copied as they are under `content/static`. */
export const DOCS_DIR = 'content/docs';
export const I18N_DIR = 'content/i18n';
export const STATIC_DIR = 'content/static';
