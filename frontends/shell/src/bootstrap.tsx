import { createRoot } from 'react-dom/client';
import { fontsFor } from './fonts';
import i18n, { initI18n } from './i18n';
import { fetchRemotesConfig } from './remotes';
import { App } from './App';
import './fonts.css';
import './styles.css';

async function main() {
  const [remotes] = await Promise.all([
    fetchRemotesConfig(),
    initI18n()
      .then(() => fontsFor(i18n.resolvedLanguage))
      .catch((err) => console.error(err)),
  ]);
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<App remotes={remotes} />);
}

void main();
