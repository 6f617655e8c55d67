export { ContentPagesPage } from './content-pages-page.tsx';
