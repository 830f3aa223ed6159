import type { RouteData } from '../../src/shared/types.ts';

/** Footer: copyright, privacy policy and product updates links, language and theme switchers. */
export function Footer({ data }: { data: RouteData }) {
  const { footer, locales } = data.config;
  const strings = data.strings;
  return (
    <footer className="footer">
      <div className="footer-switchers">
        {locales.length > 1 && (
          <label className="footer-switch">
            <span className="visually-hidden">{strings.languageLabel}</span>
            <select data-locale-switch="" defaultValue={data.locale} aria-label={strings.languageChange}>
              {data.alternates.map((alt) => (
                <option key={alt.locale} value={alt.locale} data-href={alt.href} lang={alt.locale}>
                  {alt.text}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="footer-switch">
          <span className="visually-hidden">{strings.themeLabel}</span>
          <select data-theme-switch="" defaultValue={data.config.defaultTheme} aria-label={strings.themeChange}>
            <option value="light">{strings.themeLight}</option>
            <option value="dark">{strings.themeDark}</option>
            <option value="system">{strings.themeSystem}</option>
          </select>
        </label>
      </div>
      <div className="footer-links">
        <span className="footer-copyright">{footer.copyright}</span>
        {footer.privacyPolicy && <a href={footer.privacyPolicy.href}>{footer.privacyPolicy.text}</a>}
        {footer.productUpdates && <a href={footer.productUpdates.href}>{footer.productUpdates.text}</a>}
      </div>
    </footer>
  );
}
