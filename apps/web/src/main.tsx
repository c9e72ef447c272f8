import './mantine-styles';
// After Mantine's styles, as the provider's <style> came after them (build/mantine-variables.ts).
import 'virtual:mantine-provider.css';
import '@mantine/notifications/styles.css';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';
import './app/app.css';
import './lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Here, before the app's modules: the bundler keeps the order in which modules run, and this one's
// top-level await ends the task that evaluated those above (lib/next-task.ts).
import './lib/next-task';
import { App } from './app/app';
import { enterTakesMarkedOption } from './lib/combobox-enter';
import { nextTask } from './lib/next-task';

// React DOM's own setup (evaluated with this module's imports) and the app's start in tasks of their own.
await nextTask();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

enterTakesMarkedOption(document);

const root = createRoot(container);
// The first render as a transition: React renders in slices of a few milliseconds and lets the
// browser paint and answer input between them, instead of one long task that a slow phone spends
// hundreds of milliseconds in (Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
