import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { fetchRemotesConfig } from './remotes';
import { App } from './App';
import './styles.css';

async function main() {
  const [remotes] = await Promise.all([fetchRemotesConfig(), initI18n().catch((err) => console.error(err))]);
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<App remotes={remotes} />);
}

void main();
