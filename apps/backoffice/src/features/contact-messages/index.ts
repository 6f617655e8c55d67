export { ContactMessagesPage } from './contact-messages-page.tsx';
export { ContactMessagePage } from './contact-message-page.tsx';
