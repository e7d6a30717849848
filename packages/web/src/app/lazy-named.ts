import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named component export (pages keep named exports for grep-ability). */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
