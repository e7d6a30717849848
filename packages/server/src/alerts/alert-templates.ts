import { renderAlertTemplate, type AlertFacts } from '@evfleet/domain';
import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { emailTemplate } from '../db/admin-schema.js';
import { defaultAlertText } from './alert-texts.js';

/**
 * The text of an alert message (docs/alerts.md "Email templates"): the newest email template of
 * the band for this attribute, else the newest of the band for any attribute, else the built-in
 * text. A recovery (NORMAL) always uses the built-in text: templates are WARNING or SEVERE.
 */
export async function alertText(db: Queryable, facts: AlertFacts): Promise<string> {
  if (facts.band === 'NORMAL') return defaultAlertText(facts);
  const [row] = await db
    .select({ template: emailTemplate.template })
    .from(emailTemplate)
    .where(
      and(
        eq(emailTemplate.type, facts.band),
        or(eq(emailTemplate.attributeName, facts.metric), isNull(emailTemplate.attributeName)),
        isNotNull(emailTemplate.template),
        ne(emailTemplate.template, ''),
      ),
    )
    // The attribute's own template before the band's general one, then the newest.
    .orderBy(sql`${emailTemplate.attributeName} is null`, desc(emailTemplate.updatedAt), desc(emailTemplate.id))
    .limit(1);
  return row?.template ? renderAlertTemplate(row.template, facts) : defaultAlertText(facts);
}
