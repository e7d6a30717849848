import { INTERNAL_ERROR, TOAST_TEXTS } from '@evfleet/domain';
import { en, type MessageKey } from './en';
import { translate } from './index';
import { domainTextNow } from './useDomainText';

/** Part 1 §8's toast texts (domain's toast rules give them in English) and their catalogue keys. */
const SPEC_TEXT_KEYS: Record<string, MessageKey> = {
  [TOAST_TEXTS.unreachable]: 'toast.unreachable',
  [TOAST_TEXTS.notFound]: 'toast.notFound',
  [TOAST_TEXTS.badCredentials]: 'error.http.401',
  [TOAST_TEXTS.unexpected]: 'toast.unexpected',
  [INTERNAL_ERROR]: 'error.internal',
};

const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(en, text);

/** A key rather than a sentence: one word with dots ('error.http.418'), camelCase, or all lower case ('userexists'). */
export function looksLikeKey(text: string): boolean {
  return !/\s/.test(text) && /^[\w-]+(\.[\w-]+)+$|^[a-z]+[A-Z]\w*$|^[a-z0-9_-]+$/.test(text);
}

/**
 * What a person reads for a failed call's text: a catalogue key or a spec text in the current
 * language, a server sentence in it too where the domain's catalogue has it, and never a raw key (an unknown one reads as its status).
 */
export function messageText(text: string, status: number): string {
  const key = SPEC_TEXT_KEYS[text] ?? (isMessageKey(text) ? text : `errorKey.${text}`);
  if (isMessageKey(key)) return translate(key);
  if (!looksLikeKey(text)) return domainTextNow(text);
  const byStatus = `error.http.${status}`;
  return translate(isMessageKey(byStatus) ? byStatus : 'error.unknown');
}

/** The sentence of a refusal's errorKey, else the server's own text (when it is one), else the status's. */
export function refusalText(errorKey: string | undefined, serverText: string | undefined, status: number): string {
  const key = `errorKey.${errorKey}`;
  if (errorKey && isMessageKey(key)) return translate(key);
  return messageText(serverText ?? `error.http.${status}`, status);
}
