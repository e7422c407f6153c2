import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { pickLanguage } from './i18n/languages';
import './ui/global.css';

const query = new URLSearchParams(window.location.search);
const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
initI18n(pickLanguage(query.get('lang'), browserLanguages));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
