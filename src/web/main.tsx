import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/app';
import { AppLayout } from './app/layout';
import { RequestErrorScreen } from './app/screens/request-error-screen';
import { startI18n } from './i18n/i18n';
import { pickLanguage } from './i18n/languages';
import './ui/global.css';

const query = new URLSearchParams(window.location.search);
const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The flow's code and the texts in the person's language download side by side.
const language = pickLanguage(query.get('lang'), browserLanguages);
preloadRoute(window.location.pathname, query, language);
void startI18n(language).then((textsLoaded) => {
  createRoot(root).render(
    <StrictMode>
      {textsLoaded ? <App /> : (
        <AppLayout><RequestErrorScreen kind="network" onRetry={() => window.location.reload()} /></AppLayout>
      )}
    </StrictMode>,
  );
});
