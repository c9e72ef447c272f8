import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { getToken } from '../lib/auth-storage';
import { RouteErrorBoundary } from './offline/error-fallback';
import { FullPageLoader } from './providers';
import { bootPreloads } from './routes/boot-preloads';
import { GuestOnly } from './routes/guest-only';
import { lazyNamed } from './routes/lazy-named';
import { NavigatorRegistration } from './routes/navigator';
import { RequireAuth } from './routes/require-auth';

// Only the guest pages and this small router are loaded before sign-in; the shell and every
// authenticated screen live in their own chunks.
const loadLoginPage = () => bootPreloads().then(() => import('../features/auth/pages/login-page'));
const LoginPage = lazyNamed(loadLoginPage, 'LoginPage');
const RegisterPage = lazyNamed(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const RecoverPasswordPage = lazyNamed(
  () => import('../features/auth/pages/recover-password-page'),
  'RecoverPasswordPage',
);
const loadAuthenticatedApp = () => bootPreloads().then(() => import('./authenticated-app'));
const AuthenticatedApp = lazyNamed(loadAuthenticatedApp, 'AuthenticatedApp');

// The first load asks for the code it will show at once, not only once React has rendered the
// router (a few hundred milliseconds on a slow phone): the shell's for a signed-in user (the page's
// own code is asked for when the shell's arrives: authenticated-app.tsx), else the sign-in page's.
// In the build, boot.js has asked for both already (build/route-preloads.ts); these calls then find
// the files on their way, and they are what the dev server has. A failure is left to the lazy
// component, which shows it with "Try again".
if (getToken()) loadAuthenticatedApp().catch(() => {});
else if (window.location.pathname === '/login') loadLoginPage().catch(() => {});

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorRegistration />
      <RouteErrorBoundary>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            <Route element={<GuestOnly />}>
              <Route path="login" element={<LoginPage />} />
              <Route path="register" element={<RegisterPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route path="recover-password" element={<RecoverPasswordPage />} />
            </Route>
            <Route
              path="*"
              element={
                <RequireAuth>
                  <AuthenticatedApp />
                </RequireAuth>
              }
            />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
