import type { ResolvedConfig } from '../config/schema.ts';
import type { ThemeConfig } from '../shared/types.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { headScript } from './inline-scripts.ts';

/** The theme's slice of the config: plain data the workers can receive. */
export function themeConfigOf(config: ResolvedConfig): ThemeConfig {
  return {
    title: config.title,
    titleTemplate: config.titleTemplate,
    description: config.description,
    siteUrl: config.siteUrl,
    basePath: config.basePath,
    favicon: config.favicon,
    logo: { light: config.logo.light ?? '', dark: config.logo.dark ?? config.logo.light ?? '', alt: config.logo.alt ?? config.title, companyHref: config.logo.companyHref, docsHref: config.logo.docsHref },
    navbar: { items: config.navbar.items },
    banner: config.banner,
    footer: config.footer,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    defaultTheme: config.defaultTheme,
    primaryHue: config.primaryHue,
    sidebar: config.sidebar,
    toc: config.toc,
    search: config.search,
    monitoring: config.monitoring,
    feedback: config.feedback,
    docsRepositoryBase: config.docsRepositoryBase,
    project: config.project,
    chat: config.chat,
    contentSecurityPolicy: contentSecurityPolicy(config),
    headScript: headScript(),
  };
}
