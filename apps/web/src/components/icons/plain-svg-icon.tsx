import './plain-icon.css';
import type { ReactNode } from 'react';

/**
 * An icon drawn as plain SVG, for the screens before sign-in, which do without MUI (their
 * JavaScript budget): the same Material path as the MUI icon of the same name, 1em square in the
 * text's colour, hidden from screen readers like MUI's. Styles: `.plain-icon` in plain-icon.css.
 */
export function plainSvgIcon(path: ReactNode, name: string) {
  function PlainIcon({ className }: { className?: string }) {
    return (
      <svg className={className ? `plain-icon ${className}` : 'plain-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-testid={`${name}Icon`}>
        {path}
      </svg>
    );
  }
  PlainIcon.displayName = `${name}PlainIcon`;
  return PlainIcon;
}
