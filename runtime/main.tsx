/** Entry: i18n, the transport of the generated client, error capture, the shell's pages, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n.ts';
import './styles/global.css';
import { registerTransport } from './http/registerTransport.ts';
import { installErrorCapture } from './errorLog/installErrorCapture.ts';
import { registerShellPages } from './app/registerShellPages.ts';
import App from './app/App.tsx';

registerTransport();
installErrorCapture();
registerShellPages();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
