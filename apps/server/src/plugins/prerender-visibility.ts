import { LANGUAGE_STORAGE_KEY, PRERENDER_HIDDEN_ATTRIBUTE, SESSION_KEYS } from '@academy/contract';
import { createHash } from 'node:crypto';

// index.html arrives with the login page drawn in it (login-prerender.ts), but the server cannot
// tell whom it is for: the address after '#' and the browser's storage never reach it. This
// script, first in the head, hides the drawn page before it paints when it is not what the app
// will show: another address (#/register, #/home), a signed-in browser, or another language.
// The app then draws the right screen and removes the mark (apps/web/src/main.tsx). Without
// JavaScript nothing hides it: that visitor sees the login page.

const [TOKEN_KEY] = SESSION_KEYS;

const SCRIPT =
  `(function(){try{var p=location.hash.replace(/^#/,'').split(/[?#]/)[0]||'/',s=localStorage;` +
  `if(p!=='/'||s.getItem('${TOKEN_KEY}')||(s.getItem('${LANGUAGE_STORAGE_KEY}')||'en')!=='en')` +
  `document.documentElement.setAttribute('${PRERENDER_HIDDEN_ATTRIBUTE}','')}catch(e){}})()`;

/** The script and the rule it relies on, for the page's head. */
export const PRERENDER_VISIBILITY_HEAD =
  `<style>html[${PRERENDER_HIDDEN_ATTRIBUTE}] #root{visibility:hidden}</style><script>${SCRIPT}</script>`;

/** The only inline script the pages have: allowed by its hash in the Content-Security-Policy. */
export const PRERENDER_VISIBILITY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
