import { createBrowserRouter } from 'react-router';
import { guardLoader } from './guard-loader';
import { RootShell } from './root-shell';
import { APP_ROUTE_OBJECTS } from './route-objects';

export const router = createBrowserRouter([
  {
    id: 'root',
    path: '/',
    element: <RootShell />,
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: () => null,
    children: APP_ROUTE_OBJECTS,
  },
]);
