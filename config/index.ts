export { defineConfig } from './define-config.ts';
export { ConfigSchema, type PaydocsConfig, type PaydocsUserConfig } from './config-schema.ts';
export { FrontmatterSchema, CategorySchema, type Frontmatter, type CategoryMeta } from './frontmatter-schema.ts';
export { localizedText, NAVBAR_ICONS, type NavbarItem } from './schemas/navbar.ts';
