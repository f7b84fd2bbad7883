// Every screen's code loads lazily (spec §1). The guards and the root layout are tiny and load
// with the entry so the session check starts at once, in the root loader, beside the chunk loads.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants';
import { sessionQueryOptions } from './api/auth';
import { PageSpinner } from './components/PageSpinner';
import { GuestOnly, RequireUser, UnknownPath } from './routes/guards';
import { RootLayout } from './routes/RootLayout';
import { RouteError } from './routes/RouteError';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the page took too long.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// A route's `lazy`: load the module (spec §9: give up after 120 s) and use one of its components.
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS)) });
}

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      // Start the session check before any screen renders. A failure is not an error page: the
      // guards read a failed check as signed out.
      loader: async () => {
        await queryClient.ensureQueryData(sessionQueryOptions).catch(() => undefined);
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        {
          Component: GuestOnly,
          children: [
            {
              index: true,
              lazy: lazyScreen(
                () => import('./routes/LogIn'),
                (m) => m.LogInScreen,
              ),
            },
            {
              path: 'signup',
              lazy: lazyScreen(
                () => import('./routes/SignUp'),
                (m) => m.SignUpScreen,
              ),
            },
          ],
        },
        {
          Component: RequireUser,
          children: [
            {
              lazy: lazyScreen(
                () => import('./routes/SignedInLayout'),
                (m) => m.SignedInLayout,
              ),
              children: [
                {
                  path: 'dashboard',
                  lazy: lazyScreen(
                    () => import('./routes/dashboard/Dashboard'),
                    (m) => m.DashboardScreen,
                  ),
                },
                {
                  path: 'profile-settings',
                  lazy: lazyScreen(
                    () => import('./routes/ProfileSettings'),
                    (m) => m.ProfileSettingsScreen,
                  ),
                },
                {
                  path: 'friends',
                  lazy: lazyScreen(
                    () => import('./routes/Friends'),
                    (m) => m.FriendsScreen,
                  ),
                },
                {
                  path: 'user/:userId',
                  lazy: lazyScreen(
                    () => import('./routes/UserPuns'),
                    (m) => m.UserPunsScreen,
                  ),
                },
                {
                  path: 'user/:userId/puns',
                  lazy: lazyScreen(
                    () => import('./routes/UserPuns'),
                    (m) => m.UserPunsScreen,
                  ),
                },
                {
                  path: 'my-puns',
                  lazy: lazyScreen(
                    () => import('./routes/UserPuns'),
                    (m) => m.MyPunsScreen,
                  ),
                },
                {
                  path: 'how-it-works',
                  lazy: lazyScreen(
                    () => import('./routes/HowItWorks'),
                    (m) => m.HowItWorksScreen,
                  ),
                },
                {
                  path: 'archive',
                  lazy: lazyScreen(
                    () => import('./routes/Archive'),
                    (m) => m.ArchiveScreen,
                  ),
                },
                {
                  path: 'archive/:day',
                  lazy: lazyScreen(
                    () => import('./routes/Archive'),
                    (m) => m.ArchiveDayScreen,
                  ),
                },
              ],
            },
          ],
        },
        {
          path: 'reset-password',
          lazy: lazyScreen(
            () => import('./routes/ResetPassword'),
            (m) => m.ResetPasswordScreen,
          ),
        },
        {
          // A shared pun (issue 8): open to everyone, signed in or not.
          path: 'p/:punId',
          lazy: lazyScreen(
            () => import('./routes/SharedPun'),
            (m) => m.SharedPunScreen,
          ),
        },
        { path: '*', Component: UnknownPath },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
