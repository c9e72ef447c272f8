import { AppErrorBoundary } from './offline/error-fallback';
import { UpdatePrompt } from './offline/pwa';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary goHome={() => window.location.assign('/')}>
        <AppRouter />
      </AppErrorBoundary>
      <UpdatePrompt />
    </AppProviders>
  );
}
