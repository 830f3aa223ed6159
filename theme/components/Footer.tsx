import type { RouteData } from '../../src/shared/types.ts';

/** Footer: copyright, privacy policy and product updates links, language and theme switchers. */
export function Footer({ data }: { data: RouteData }) {
  const { footer, locales } = data.config;
  return (
    <footer className="footer">
      <div className="footer-switchers">
        {locales.length > 1 && (
          <label className="footer-switch">
            <span className="visually-hidden">Language</span>
            <select data-locale-switch="" defaultValue={data.locale} aria-label="Change language">
              {data.alternates.map((alt) => (
                <option key={alt.locale} value={alt.locale} data-href={alt.href}>
                  {alt.text}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="footer-switch">
          <span className="visually-hidden">Theme</span>
          <select data-theme-switch="" defaultValue={data.config.defaultTheme} aria-label="Change theme">
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="system">System</option>
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
