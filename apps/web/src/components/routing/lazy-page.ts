import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** React.lazy for a module's named export, so page files keep named exports. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
