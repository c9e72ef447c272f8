import { Center, DirectionProvider, Loader, MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { directionOf, storedLanguage } from '../lib/i18n';
import { useToastHostWanted } from '../lib/notify';
import { lazyNamed } from './routes/lazy-named';
import { colorSchemeManager, theme } from './theme';

const ToastHost = lazyNamed(() => import('./toast-host'), 'ToastHost');

/** Mounted with the first toast (lib/notify.tsx). */
function Toasts() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader />
    </Center>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // i18n sets <html dir> when the language changes; the provider follows that attribute.
    <DirectionProvider initialDirection={directionOf(storedLanguage())}>
      {/* The provider's CSS variables and breakpoint classes are written at build time, not at every
          start (build/mantine-variables.ts, imported by main.tsx). */}
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <Toasts />
        <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
      </MantineProvider>
    </DirectionProvider>
  );
}
