import type { ReactNode } from 'react';
import { branding } from '../../../lib/branding';
import { taglineFontStack } from '../../../lib/tagline-font';
import { FeatureCards } from './feature-cards';

const taglineFont = taglineFontStack(branding.tagline, [...import.meta.env.VITE_TAGLINE_LETTERS]);

/** The login screen's left panel; on a phone a compact band above the form (login-page.css). */
export function BrandPanel({ carousel }: { carousel: ReactNode }) {
  return (
    <div className="brand-panel">
      <div className="brand-panel-heading">
        <p className="brand-title">{branding.title}</p>
        <p className="brand-tagline" lang="si" style={{ fontFamily: taglineFont }}>
          {branding.tagline}
        </p>
      </div>
      <div className="brand-carousel">{carousel}</div>
      <FeatureCards />
    </div>
  );
}
