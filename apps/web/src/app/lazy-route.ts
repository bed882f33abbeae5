import { lazy, type ComponentType } from 'react';

type RouteModule = { default: ComponentType };

export type LazyRoute = ReturnType<typeof lazy<ComponentType>> & {
  /** Loads the screen's chunk; once it resolves, rendering the screen no longer suspends. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a route, plus `preload()`. A pre-rendered page is hydrated only
 * after its route chunks are in (main.tsx): if the screen suspended while
 * hydrating, an early update (the session answering first) would make React
 * throw the server HTML away and show the Loading... fallback. Once the module
 * is loaded, the factory hands React a thenable that resolves synchronously, so
 * the first render does not suspend at all.
 */
export function lazyRoute(load: () => Promise<RouteModule>): LazyRoute {
  let loaded: RouteModule | undefined;
  let loading: Promise<RouteModule> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const component = lazy(() =>
    loaded
      ? // A settled thenable: React reads it without suspending.
        ({ then: (resolve: (module: RouteModule) => void) => resolve(loaded!) } as Promise<RouteModule>)
      : start(),
  ) as LazyRoute;
  component.preload = () => start().then(() => undefined);
  return component;
}
