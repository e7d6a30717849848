import * as domain from '@evfleet/domain';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { de } from '../src/i18n/domain/de';
import { domainTextNow } from '../src/i18n/useDomainText';

/** Sentences of the same kind the domain names one by one. */
const SENTENCES = [domain.PASSWORD_MISMATCH, domain.RESET_PASSWORD_SIZE, domain.CHANGE_PASSWORD_FAILED];

/** Constant tables of texts people read, found by their names: ACCOUNT_TEXTS, VEHICLE_MESSAGES, BAND_LABELS… */
const TEXT_TABLE = /_(TEXTS|MESSAGES|LABELS|TITLES)$/;

/** Every string a value holds, however deep (a table's functions build texts from values: not enumerable). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** A unit written as a word ('days', 'days ago'); symbols and abbreviations ('%', 'mph') stay as they are. */
const isWord = (unit: string) => /^[a-z]{4,}( [a-z]+)*$/.test(unit);

function signalTexts(): string[] {
  const cells = Array.from({ length: domain.MAX_CELLS }, (_, i) => `cell${i + 1}`);
  return [...Object.keys(domain.SIGNAL_DICTIONARY), ...cells].flatMap((key) => {
    const info = domain.signalInfo(key)!;
    return [info.name, info.description, domain.signalLabel(key), ...(isWord(info.unit) ? [info.unit] : [])];
  });
}

const messagesOf = (schema: z.ZodType, inputs: unknown[]) =>
  inputs.flatMap((input) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? []);

/** A record form's refusals: a word for a number, figures beyond any range, an endless text. */
const FIELD_INPUTS = ['abc', 1e300, -1e300, 'x'.repeat(20_000)];

/** The range messages of every physical range a reading may be held to (signals.ts). */
const rangeMessages = () =>
  [...Object.values(domain.SIGNAL_RANGES), domain.CELL_VOLTAGE_RANGE, domain.UNKNOWN_SIGNAL_RANGE].map(({ min, max }) =>
    domain.RECORD_TEXTS.outOfRange(min, max),
  );

function recordTexts(): string[] {
  return [
    ...rangeMessages(),
    ...Object.values(domain.RECORDS).flatMap((record) => [
      record.title,
      record.entity,
      record.emptyText,
      domain.RECORD_TEXTS.confirmDelete(record.entity),
      ...Object.values(record.fields as Record<string, domain.AnyRecordField>).flatMap((field) => [
        field.label,
        ...(field.hint ? [field.hint] : []),
        ...Object.values(field.optionLabels ?? {}),
        ...('write' in field ? messagesOf(field.write, FIELD_INPUTS) : []),
      ]),
    ]),
  ];
}

/**
 * Not translated: zod's own messages ('Invalid input: expected string…'), and the domain's answers to
 * an API caller's query parameters ('must be a number'), which no screen of the portal shows.
 */
const NOT_FOR_SCREENS =
  /^(Invalid (input|option|string|email address|key|element|union|value|ISO|discriminator)|Too (small|big)|Unrecognized|must be )/;

/**
 * The tracker form's field messages, which begin like an API caller's answer ('must be …') but show
 * under the IMEI, the phone's id and the command box (trackers.ts).
 */
const trackerFieldMessages = () => [
  domain.TRACKER_MESSAGES.imei,
  domain.TRACKER_MESSAGES.osmandId,
  ...messagesOf(domain.commandWriteSchema, [{ text: 'caf\u00e9' }]),
];

/**
 * The zone form's messages, which also begin like an API caller's answer but show under the zone
 * editor's fields and its map (zones.ts, zone-geometry.ts); a band's overlap names the band it meets.
 */
const zoneFieldMessages = () => [
  ...strings(domain.ZONE_MESSAGES),
  ...strings(domain.ZONE_GEOMETRY_MESSAGES),
  'overlaps band {{band}}',
];

/** The API key form's messages, which begin like an API caller's answer but show under its fields (api-keys.ts). */
const apiKeyFieldMessages = () => strings(domain.API_KEY_MESSAGES);

/** The webhook form's messages, which begin like an API caller's answer but show under its fields (webhooks.ts). */
const webhookFieldMessages = () => strings(domain.WEBHOOK_MESSAGES);

/** The messages a schema gives for empty, blank and wrongly typed input: its required-field messages and the like. */
function validationMessages(): string[] {
  const messages: string[] = [];
  for (const schema of Object.values(domain)) {
    if (!(schema instanceof z.ZodType)) continue;
    const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
    const inputs = [
      {},
      '',
      ...[' ', 'x', '1', -1].map((value) => Object.fromEntries(shape.map((key) => [key, value]))),
    ];
    messages.push(...messagesOf(schema, inputs));
  }
  return messages;
}

/** The labels of the role permission toggles and of the toggles under them. */
function toggleLabels(toggles: readonly { label: string; children?: readonly { label: string }[] }[]): string[] {
  return toggles.flatMap((toggle) => [toggle.label, ...toggleLabels(toggle.children ?? [])]);
}

/** Every text the domain hands the web at run time that people read, by its English wording. */
function domainTexts(): Set<string> {
  const tables = Object.entries(domain).flatMap(([name, value]) => (TEXT_TABLE.test(name) ? strings(value) : []));
  return new Set(
    [
      ...SENTENCES,
      ...tables,
      ...signalTexts(),
      ...recordTexts(),
      ...domain.DASHBOARD_COUNT_CARDS.map((card) => card.title),
      ...domain.DETAIL_TILES.map((tile) => tile.label),
      ...domain.WEEKDAYS,
      ...domain.PAGES,
      ...Object.values(domain.PERMISSION_ROLES).flatMap((role) => [role.title, ...toggleLabels(role.toggles)]),
      ...Object.values(domain.METRICS).map((metric) => metric.displayName),
      ...validationMessages(),
    ]
      .filter((text) => !NOT_FOR_SCREENS.test(text))
      .concat(trackerFieldMessages(), zoneFieldMessages(), apiKeyFieldMessages(), webhookFieldMessages()),
  );
}

describe("the domain's texts in German", () => {
  const texts = domainTexts();

  it('has a German text for every English one', () => {
    const missing = [...texts].filter((text) => !Object.hasOwn(de, text));
    expect(missing).toEqual([]);
  });

  it('keeps no German text whose English the domain no longer has', () => {
    const orphans = Object.keys(de).filter((text) => !texts.has(text));
    expect(orphans).toEqual([]);
  });

  it('translates into sentences, not blanks', () => {
    for (const [english, german] of Object.entries(de)) expect(german.trim(), english).not.toBe('');
  });
});

describe('sentences with values in German (text-templates.ts)', () => {
  beforeAll(async () => {
    // The portal's own set-up (src/i18n), whichever file this worker ran before: an init of i18next
    // here would leave a later file's import of src/i18n without its catalogues (i18next inits once).
    await import('../src/i18n');
    i18next.addResourceBundle('de', 'domain', de);
    await i18next.changeLanguage('de');
  });
  // The test files share a worker's modules (vitest.config.ts): the next one finds i18next in English.
  afterAll(async () => {
    i18next.removeResourceBundle('de', 'domain');
    await i18next.changeLanguage('en');
  });

  const placesOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('keeps every value of a template in its German', () => {
    for (const [english, german] of Object.entries(de))
      if (english.includes('{{')) expect(placesOf(german), english).toEqual(placesOf(english));
  });

  it("writes a threshold refusal's metric, band and figures in German", () => {
    const [problem] = domain.thresholdProblems({
      name: 'cellVoltage',
      displayName: 'Cell Voltage',
      normal: [{ low: 3.1, high: 3.7 }],
      warning: [{ low: 3.5, high: 3.9 }],
      sever: [],
    });
    expect(problem.message).toBe('Cannot set this range for Cell Voltage: Moderate 3.5-3.9 overlaps Normal 3.1-3.7.');
    expect(domainTextNow(problem.message)).toBe(
      'Dieser Bereich ist für Zellspannung nicht möglich: Mittel 3,5–3,9 überschneidet sich mit Normal 3,1–3,7.',
    );
  });

  it("writes a spreadsheet's refusal, quoting the sheet's own cell as it is", () => {
    const result = domain.parseThresholdSheet(
      [
        ['Metric', 'Band', 'Low', 'High'],
        ['cellVoltage', 'Normal', 'abc', '3.7'],
      ],
      [],
    );
    expect(result.ok).toBe(false);
    const text = result.ok ? '' : domain.sheetErrorText(result.errors[0]);
    expect(text).toBe('Row 2, column C: Low must be a number, not "abc".');
    expect(domainTextNow(text)).toBe('Zeile 2, Spalte C: Low muss eine Zahl sein, nicht "abc".');
  });

  it('leaves a sentence it has no German for as it came', () => {
    expect(domainTextNow('Something the server said.')).toBe('Something the server said.');
  });
});
