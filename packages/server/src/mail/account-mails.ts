import type { Db } from '../db/client.js';
import { enqueueAccountMail, type OutgoingMail } from './outbox.js';

interface Recipient {
  email: string;
  login: string;
  firstName: string | null;
}

const greeting = (u: Recipient) => `Dear ${u.firstName || u.login},`;

/**
 * The account mails, and their queueing under the per-address limit; links point at the web pages
 * that finish each step.
 */
export const accountMails = (baseUrl: string) => {
  /** Account mails this instance held back because their address had its hour's mails (the metrics show it). */
  const stats = { held: 0 };
  return {
    stats,
    /** Queues the mail (`enqueueAccountMail`): false, and counted, when its address had its hour's mails. */
    async queue(tx: Pick<Db, 'insert' | 'execute'>, mail: OutgoingMail): Promise<boolean> {
      const queued = await enqueueAccountMail(tx, mail);
      if (!queued) stats.held++;
      return queued;
    },
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
    /** To the owner of an address someone tried to register again: the answer to the registrant was the usual one. */
    registrationAttempt: (u: Recipient): OutgoingMail => ({
      to: u.email,
      kind: 'registration-attempt',
      subject: 'evfleet registration with your address',
      body: `${greeting(u)}\n\nSomeone tried to register an evfleet account with this address, which already has one. If it was you, sign in as "${u.login}", or choose a new password here:\n\n${baseUrl}/account/reset/request\n\nIf it was not you, ignore this mail: nothing was changed.\n\nRegards,\nevfleet`,
    }),
    /** To a new address whose registration chose a login already taken. */
    loginTaken: (to: string, login: string): OutgoingMail => ({
      to,
      kind: 'registration-attempt',
      subject: 'evfleet registration not completed',
      body: `Hello,\n\nAn evfleet account was requested for this address with the login "${login}", which is already taken, so no account was created. Please register again with another login:\n\n${baseUrl}/account/register\n\nRegards,\nevfleet`,
    }),
    creation: (u: Recipient, key: string): OutgoingMail => ({
      to: u.email,
      kind: 'account-created',
      subject: 'evfleet account created',
      body: `${greeting(u)}\n\nAn evfleet account was created for you with the login "${u.login}". Please open the link below to choose your password:\n\n${baseUrl}/account/reset/finish?key=${key}\n\nRegards,\nevfleet`,
    }),
  };
};
export type AccountMails = ReturnType<typeof accountMails>;
