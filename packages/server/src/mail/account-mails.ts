import type { OutgoingMail } from './outbox.js';

interface Recipient {
  email: string;
  login: string;
  firstName: string | null;
}

const greeting = (u: Recipient) => `Dear ${u.firstName || u.login},`;

/** The account mails; links point at the web pages that finish each step. */
export const accountMails = (baseUrl: string) => ({
  activation: (u: Recipient, key: string): OutgoingMail => ({
    to: u.email,
    kind: 'activation',
    subject: 'evfleet account activation',
    body: `${greeting(u)}\n\nYour evfleet account has been created. Please open the link below to activate it:\n\n${baseUrl}/account/activate?key=${key}\n\nRegards,\nevfleet`,
  }),
  reset: (u: Recipient, key: string): OutgoingMail => ({
    to: u.email,
    kind: 'password-reset',
    subject: 'evfleet password reset',
    body: `${greeting(u)}\n\nFor your evfleet account a password reset was requested. Please open the link below to choose a new password:\n\n${baseUrl}/account/reset/finish?key=${key}\n\nThe link is valid for 24 hours. If you did not ask for it, ignore this mail.\n\nRegards,\nevfleet`,
  }),
  creation: (u: Recipient, key: string): OutgoingMail => ({
    to: u.email,
    kind: 'account-created',
    subject: 'evfleet account created',
    body: `${greeting(u)}\n\nAn evfleet account was created for you with the login "${u.login}". Please open the link below to choose your password:\n\n${baseUrl}/account/reset/finish?key=${key}\n\nRegards,\nevfleet`,
  }),
});
export type AccountMails = ReturnType<typeof accountMails>;
