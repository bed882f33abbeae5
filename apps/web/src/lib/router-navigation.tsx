import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from './app-navigation';

const routerNavigation: Navigation = { Link, NavLink, useNavigate, useLocation, Navigate, loadsPages: false };

/**
 * Inside a React Router router, links and navigation are the router's own
 * (decision 041): the SPA (app.tsx), its pre-rendered not-found page, and tests
 * that render a MemoryRouter.
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  return <NavigationProvider value={routerNavigation}>{children}</NavigationProvider>;
}
