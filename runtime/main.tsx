/**
 * Entry: i18n, error capture, announced form field errors, the shell's pages, render. The
 * generated client and its transport load with the first platform call (api/platform.ts) or the
 * session restore.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n.ts';
import './styles/global.css';
import { installErrorCapture } from './errorLog/installErrorCapture.ts';
import { installFieldErrorAnnouncer } from './feedback/announceFieldErrors.ts';
import { registerShellPages } from './app/registerShellPages.ts';
import { registerResourcePages } from './resource/registerResourcePages.ts';
import App from './app/App.tsx';
import { loadAntdLocale } from './app/antdLocale.ts';
import { loadLanguage } from './i18n/i18n.ts';
import { appState } from './layout/appState.ts';

installErrorCapture();
installFieldErrorAnnouncer();
registerShellPages();
registerResourcePages();

// The current language's strings load first, so the first paint is in that language.
void Promise.all([loadLanguage(appState.language), loadAntdLocale(appState.language)])
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('app')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
