import { useEffect } from 'react';
import type { Branding } from './api.ts';
import { LANGUAGES, type Messages } from './i18n.ts';

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The firm's colour becomes the accent (buttons, links) only when white text on it stays readable (contrast
 * 4.5:1, WCAG AA); a lighter colour would fail people with low vision, so the default accent stays.
 */
export function usableAccent(colour: string | null | undefined): string | null {
  if (!colour || !/^#[0-9a-fA-F]{6}$/.test(colour)) return null;
  return 1.05 / (luminance(colour) + 0.05) >= 4.5 ? colour : null;
}

/** Applies the accent through the CSSOM (allowed by the page's CSP, unlike inline style attributes). */
export function useBrandColour(branding: Branding | undefined) {
  useEffect(() => {
    const accent = usableAccent(branding?.brand_colour);
    if (accent) document.documentElement.style.setProperty('--accent', accent);
    else document.documentElement.style.removeProperty('--accent');
  }, [branding?.brand_colour]);
}

/** The firm's logo (https, allowed by the page's CSP) and name, or the page's own title without branding. */
export function Brand({ branding, fallback }: { branding: Branding | undefined; fallback: string }) {
  const name = branding?.firm_name;
  return (
    <span className="brand">
      {branding?.logo_url && <img className="logo" src={branding.logo_url} alt={name ? `${name} logo` : 'Logo'} />}
      {/* The firm asking, and under it what the page is for (issue 25: "Verify your identity" alone said neither). */}
      <span>{name ?? fallback}{name && <span className="brand-sub">{fallback}</span>}</span>
    </span>
  );
}

/** The bar on top of both pages: the firm (or the page's title) and the language choice. */
export function Header({ branding, t, lang, setLang }: { branding: Branding | undefined; t: Messages; lang: string; setLang: (lang: string) => void }) {
  return (
    <header className="bar">
      <Brand branding={branding} fallback={t.title} />
      <label className="lang">
        <span>{t.language}</span>
        <select value={lang} onChange={(e) => setLang(e.target.value)}>
          {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
        </select>
      </label>
    </header>
  );
}
