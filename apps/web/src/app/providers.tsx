import { Center, DirectionProvider, Loader, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { followOtherTabs } from '../lib/cross-tab';
import { directionOf, storedLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

followOtherTabs(queryClient);

function Toasts() {
  const { dir } = useDirection();
  // Top-right, mirrored to top-left in right-to-left languages.
  return <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} limit={5} />;
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
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <QueryClientProvider client={queryClient}>
          <Toasts />
          <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
