import type { RouteData } from '../../src/shared/types.ts';
import type { UiStrings } from '../../src/shared/ui-strings.ts';
import type { ThemeChoice } from '../client/theme-rule.ts';
import { sharedMarkup } from './shared-markup.ts';

const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];
const THEME_CHOICE_LABEL: Record<ThemeChoice, keyof UiStrings> = { light: 'themeLight', dark: 'themeDark', system: 'themeSystem' };

/** Sun, moon and screen: drawn, not typed, so they need no translation and no font. */
function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  const path = {
    light: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
    dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
    system: 'M3 4h18v12H3zM8 20h8M12 16v4',
  }[choice];
  return (
    <svg className="theme-switch-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The theme switch's legend and choices: the same on every page of a locale, rendered once for its strings (`sharedMarkup`). */
export function ThemeChoices({ strings, defaultTheme }: { strings: UiStrings; defaultTheme: string }) {
  return (
    <>
      <legend className="visually-hidden">{strings.themeLabel}</legend>
      {THEME_CHOICES.map((choice) => (
        <label key={choice} className="theme-switch-option">
          <input type="radio" name="docs-theme" value={choice} defaultChecked={choice === defaultTheme} />
          <ThemeIcon choice={choice} />
          <span>{strings[THEME_CHOICE_LABEL[choice]]}</span>
        </label>
      ))}
    </>
  );
}

const themeSwitchMarkup = sharedMarkup();

/**
 * Footer: copyright, privacy policy and product updates links, the language switcher and the
 * theme control: a radio group (one Tab stop, arrow keys choose, as native radios do).
 */
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
        <fieldset className="theme-switch" data-theme-switch="" dangerouslySetInnerHTML={{ __html: themeSwitchMarkup(strings, [data.config.defaultTheme], () => <ThemeChoices strings={strings} defaultTheme={data.config.defaultTheme} />) }} />
      </div>
      <div className="footer-links">
        <span className="footer-copyright">{footer.copyright}</span>
        {footer.privacyPolicy && <a href={footer.privacyPolicy.href}>{footer.privacyPolicy.text}</a>}
        {footer.productUpdates && <a href={footer.productUpdates.href}>{footer.productUpdates.text}</a>}
      </div>
    </footer>
  );
}
