import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { Portal } from './Portal.tsx';
import './styles.css';

// One bundle for both hosted pages: /verify/{token} (a contact's flow) and /portal/{token} (an account's portal).
const page = location.pathname.startsWith('/portal/') ? <Portal /> : <App />;
createRoot(document.getElementById('root')!).render(page);
