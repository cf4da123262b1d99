import { APP_READY_ATTRIBUTE, EARLY_SUBMIT_ATTRIBUTE, LANGUAGE_STORAGE_KEY, PRERENDER_HIDDEN_ATTRIBUTE, SESSION_KEYS } from '@academy/contract';
import { createHash } from 'node:crypto';
import { jsonDataBlock } from './json-data-block';

// index.html arrives with the login page drawn in it (login-prerender.ts). The first script of its
// head, inline, decides two things the server cannot, since the address after '#' and the
// browser's storage never reach it:
// - Whether the drawn page is this visit's. If not (another address such as #/register, a
//   signed-in browser, another language) it hides it before it paints, and the app, drawing the
//   right screen, removes the mark (apps/web/src/main.tsx).
// - When the app's scripts start. For the drawn page, after its first paint: a phone on a slow
//   line then spends its bandwidth on what it shows (the page, its banner) before the code that
//   takes it over (the browser's first-contentful-paint entry; two frames after the page is parsed
//   where paint timing is missing). Otherwise at once, since that visit shows nothing until the app draws.
//   Until the app has taken the page over, a submitted form stays where it is (the fields keep
//   what was typed) and is marked: the app, arriving, signs in with it (login-form.tsx).
// Without JavaScript nothing runs: that visitor sees the login page.

/** The id of the JSON data block that names the app's scripts: `{ entry, preloads }`. */
export const APP_SCRIPTS_ELEMENT_ID = 'academy-app-scripts';

const [TOKEN_KEY] = SESSION_KEYS;

const SCRIPT =
  `(function(){var d=document,h=d.documentElement,shown=true;` +
  `try{var p=location.hash.replace(/^#/,'').split(/[?#]/)[0]||'/',s=localStorage;` +
  `if(p!=='/'||s.getItem('${TOKEN_KEY}')||(s.getItem('${LANGUAGE_STORAGE_KEY}')||'en')!=='en'){h.setAttribute('${PRERENDER_HIDDEN_ATTRIBUTE}','');shown=false}}catch(e){}` +
  `function start(){var a=JSON.parse(d.getElementById('${APP_SCRIPTS_ELEMENT_ID}').textContent);` +
  `a.preloads.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});` +
  `var e=d.createElement('script');e.type='module';e.src=a.entry;d.head.appendChild(e)}` +
  `if(!shown){start();return}` +
  `var started=false;function once(){if(!started){started=true;setTimeout(start)}}` +
  `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)once()}).observe({type:'paint',buffered:true})}` +
  `catch(e){d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){requestAnimationFrame(once)})})}` +
  `d.addEventListener('submit',function(e){if(!h.hasAttribute('${APP_READY_ATTRIBUTE}')&&d.getElementById('root').contains(e.target)){e.preventDefault();h.setAttribute('${EARLY_SUBMIT_ATTRIBUTE}','')}},true)})()`;

/** The app's entry module and the modules it imports at once, as the build's index.html names them. */
export interface AppScripts {
  entry: string;
  preloads: string[];
}

/** The start of the head of a page with the login page drawn in it: the scripts' names, the rule and the script. */
export function loginPageBootHead(scripts: AppScripts): string {
  return `${jsonDataBlock(APP_SCRIPTS_ELEMENT_ID, scripts)}<style>html[${PRERENDER_HIDDEN_ATTRIBUTE}] #root{visibility:hidden}</style><script>${SCRIPT}</script>`;
}

/** The only inline script the pages have: allowed by its hash in the Content-Security-Policy. */
export const LOGIN_PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module"[^>]* src="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]* href="([^"]+)"[^>]*>\s*/g;

/**
 * Takes the app's scripts out of the build's index.html (the boot script starts them instead);
 * null when the page names no entry module.
 */
export function withoutAppScripts(html: string): { html: string; scripts: AppScripts } | null {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return null;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), scripts: { entry, preloads } };
}
