import type { Dictionary } from './dictionary';
import type { Language } from './languages';

// Only English travels with the login page; another language's words are a separate chunk,
// fetched the first time a visitor chooses it (or on start, when the browser remembers it).
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>> = {
  si: () => import('./si').then((module) => module.si),
};

export function loadDictionary(language: Exclude<Language, 'en'>): Promise<Dictionary> {
  return LOADERS[language]();
}
