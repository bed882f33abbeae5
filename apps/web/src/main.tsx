import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { logBuildInfo } from './app/build-info';
import './index.css';

logBuildInfo();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
