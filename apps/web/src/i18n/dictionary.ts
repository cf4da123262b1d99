import type { en } from './en';

type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

/** The shape every language's dictionary has: English's keys, any words. */
export type Dictionary = Words<typeof en>;
