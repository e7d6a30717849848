import { lazy, type ComponentType } from 'react';

/** A loader of a module's named component export as the `default` React.lazy expects. */
export function namedExport<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return () => load().then((module) => ({ default: module[name] }));
}

/** React.lazy for a module's named component export (pages keep named exports for grep-ability). */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(namedExport(load, name));
}
