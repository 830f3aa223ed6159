import { defineConfig } from 'docs-gen';

export default defineConfig({
  title: 'Rel Docs',
  titleTemplate: '%s - documentation',
  description: 'Documentation of the relational knowledge graph system and its language, Rel.',
  siteUrl: 'https://docs.example.com',
  favicon: '/favicon.svg',
  logo: { light: '/logo-light.svg', dark: '/logo-dark.svg', alt: 'Rel Docs', companyHref: 'https://www.example.com', docsHref: '/' },
  banner: { key: 'nextra-banner', content: 'The Rel primer is new: [start here](/rel/primer).', dismissible: true },
  footer: {
    copyright: `© ${new Date().getUTCFullYear()} Rel Docs`,
    privacyPolicy: { text: 'Privacy Policy', href: 'https://www.example.com/privacy' },
    productUpdates: { text: 'Product Updates', href: 'https://www.example.com/updates' },
  },
  docsRepositoryBase: 'https://github.com/example/rel-docs/blob/main',
  // English is the original; a page French or Arabic has not translated is shown in English under its prefix.
  locales: [
    { locale: 'en-US', text: 'English' },
    { locale: 'fr-FR', text: 'Français', banner: { content: 'L’initiation à Rel est nouvelle : [commencez ici](/rel/primer).' } },
    { locale: 'ar', text: 'العربية', direction: 'rtl', banner: { content: 'المدخل إلى Rel جديد: [ابدأ من هنا](/rel/primer).' } },
  ],
});
