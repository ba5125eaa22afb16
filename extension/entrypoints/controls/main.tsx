import { createRoot } from 'react-dom/client';
import { Controls } from '../../controls/Controls';

const root = document.getElementById('root');
if (root) createRoot(root).render(<Controls />);
