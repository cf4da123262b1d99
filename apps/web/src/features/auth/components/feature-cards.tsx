import { t } from 'i18next';
import type { ReactElement } from 'react';
import { AutoAwesomeIcon as AutoAwesome } from '../../../components/icons/auto-awesome';
import { SupportAgentIcon as SupportAgent } from '../../../components/icons/support-agent';

const FEATURES = [
  { title: 'auth.smartLearning', text: 'auth.smartLearningText', icon: <AutoAwesome /> },
  { title: 'auth.support', text: 'auth.supportText', icon: <SupportAgent /> },
] as const satisfies readonly { title: string; text: string; icon: ReactElement }[];

/** Decoration: hidden below md so a phone reaches the form sooner (spec section 2; login-page.css). */
export function FeatureCards() {
  return (
    <div className="feature-cards">
      {FEATURES.map((feature) => (
        <div key={feature.title} className="feature-card">
          <div className="feature-card-icon">{feature.icon}</div>
          <div>
            <p className="feature-card-title">{t(feature.title)}</p>
            <p className="feature-card-text">{t(feature.text)}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
