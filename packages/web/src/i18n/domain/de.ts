import {
  CELL_VOLTAGE_RANGE,
  MAX_CELLS,
  RECORD_TEXTS,
  SIGNAL_DICTIONARY,
  SIGNAL_RANGES,
  signalInfo,
  signalLabel,
  UNKNOWN_SIGNAL_RANGE,
} from '@evfleet/domain';

/** The signal dictionary's names (signal-dictionary.ts) in German. */
const SIGNAL_NAMES: Record<string, string> = {
  'Battery Charge': 'Ladezustand',
  'Pack Voltage': 'Packspannung',
  'Charge Status': 'Ladestatus',
  '12V Battery': '12-V-Batterie',
  'Vehicle Current': 'Fahrzeugstrom',
  'Limp Mode': 'Notlaufmodus',
  'Gear Selector': 'Gangwahl',
  Speed: 'Geschwindigkeit',
  'Motor Speed': 'Motordrehzahl',
  'Controller Temperature': 'Controllertemperatur',
  'Motor Temperature': 'Motortemperatur',
  Odometer: 'Kilometerzähler',
  'Days Not Charged': 'Tage ohne Laden',
  'GPS Latitude': 'GPS-Breitengrad',
  'GPS Longitude': 'GPS-Längengrad',
  'GPS Signal': 'GPS-Signal',
  'LTE Signal': 'LTE-Signal',
  'Miles To Empty': 'Restreichweite',
  'Cabin Temperature': 'Innenraumtemperatur',
  'Brake Pressure': 'Bremsdruck',
  'Motor Current': 'Motorstrom',
  Throttle: 'Fahrpedal',
  Heading: 'Fahrtrichtung',
  'Cell Pack Temperature': 'Zellpakettemperatur',
  'Last Charged': 'Zuletzt geladen',
  Efficiency: 'Effizienz',
  'Total Cost of Ownership': 'Gesamtbetriebskosten',
  'Average Cell Temperature': 'Mittlere Zelltemperatur',
  'Cell Voltage': 'Zellspannung',
  'Cell Temperature': 'Zelltemperatur',
  'Battery Current': 'Batteriestrom',
  'Battery Percentage': 'Batterieladung',
  'Speed Alert': 'Geschwindigkeitswarnung',
  'Days Since Plugged In': 'Tage seit letztem Anstecken',
};

/** Units written as words; symbols and abbreviations ('%', 'mph') stay as they are. */
const UNITS: Record<string, string> = { days: 'Tage', 'days ago': 'Tage her' };

const SIGNAL_DESCRIPTIONS: Record<string, string> = {
  "State of charge of the vehicle's traction battery.": 'Ladezustand der Traktionsbatterie des Fahrzeugs.',
  'Voltage across the whole traction battery pack.': 'Spannung über das gesamte Traktionsbatteriepaket.',
  '1 (on) while the vehicle is charging, 0 (off) otherwise.': '1 (an), während das Fahrzeug lädt, sonst 0 (aus).',
  'Voltage of the 12 V auxiliary battery that powers lights and electronics.':
    'Spannung der 12-V-Bordnetzbatterie, die Beleuchtung und Elektronik versorgt.',
  'Current drawn from the traction battery; negative while charging.':
    'Aus der Traktionsbatterie entnommener Strom; negativ beim Laden.',
  '1 while the controller limits power to protect the vehicle, 0 otherwise.':
    '1, während der Controller die Leistung zum Schutz des Fahrzeugs begrenzt, sonst 0.',
  'Selected gear: 1 drive, 2 neutral, 3 reverse, anything else park.':
    'Gewählte Fahrstufe: 1 Fahren, 2 Neutral, 3 Rückwärts, jeder andere Wert Parken.',
  'Road speed of the vehicle.': 'Fahrgeschwindigkeit des Fahrzeugs.',
  'Rotational speed of the drive motor.': 'Drehzahl des Antriebsmotors.',
  'Temperature of the motor controller.': 'Temperatur des Motorcontrollers.',
  'Temperature of the drive motor.': 'Temperatur des Antriebsmotors.',
  'Total distance the vehicle has driven.': 'Gesamte vom Fahrzeug zurückgelegte Strecke.',
  'Days since the vehicle was last plugged in to charge.':
    'Tage, seit das Fahrzeug zuletzt zum Laden angeschlossen war.',
  'Latitude of the vehicle’s GPS position (WGS 84).': 'Breitengrad der GPS-Position des Fahrzeugs (WGS 84).',
  'Longitude of the vehicle’s GPS position (WGS 84).': 'Längengrad der GPS-Position des Fahrzeugs (WGS 84).',
  'Quality of the satellite fix, from 0 (no fix) to 6.': 'Qualität der Satellitenortung, von 0 (keine) bis 6.',
  'Strength of the mobile network signal, from 0 to 5 bars.': 'Stärke des Mobilfunksignals, von 0 bis 5 Balken.',
  'Estimated distance the vehicle can still drive on its charge.':
    'Geschätzte Strecke, die das Fahrzeug mit seiner Ladung noch fahren kann.',
  'Air temperature inside the cabin.': 'Lufttemperatur im Innenraum.',
  'Hydraulic pressure in the brake system.': 'Hydraulischer Druck in der Bremsanlage.',
  'Current through the drive motor.': 'Strom durch den Antriebsmotor.',
  'How far the accelerator pedal is pressed.': 'Wie weit das Fahrpedal gedrückt ist.',
  'Direction of travel, in degrees clockwise from magnetic north.':
    'Fahrtrichtung in Grad, im Uhrzeigersinn ab magnetisch Nord.',
  'Temperature of the battery cell pack.': 'Temperatur des Batteriezellpakets.',
  'Days since the vehicle was last charged.': 'Tage seit dem letzten Laden des Fahrzeugs.',
  'Energy used, as miles per gallon of gasoline equivalent.':
    'Energieverbrauch in Meilen pro Gallone Benzinäquivalent.',
  'Total cost of ownership figure reported for the vehicle.': 'Für das Fahrzeug gemeldete Gesamtbetriebskosten.',
  'Average temperature of the battery cells.': 'Mittlere Temperatur der Batteriezellen.',
  'Voltage of a single battery cell.': 'Spannung einer einzelnen Batteriezelle.',
  'Temperature of a single battery cell.': 'Temperatur einer einzelnen Batteriezelle.',
};

/** Each signal's name, label ('Speed (mph)') and unit, built from the German names: no label is written twice. */
function signalTexts(): Record<string, string> {
  const cells = Array.from({ length: MAX_CELLS }, (_, i) => `cell${i + 1}`);
  const texts: Record<string, string> = { ...SIGNAL_DESCRIPTIONS, ...UNITS };
  for (const key of [...Object.keys(SIGNAL_DICTIONARY), ...cells]) {
    const { name, unit, description } = signalInfo(key)!;
    const cell = /^cell(\d+)$/.exec(key)?.[1];
    const german = cell ? `Zelle ${cell}` : (SIGNAL_NAMES[name] ?? name);
    texts[name] = german;
    texts[signalLabel(key)] = unit ? `${german} (${UNITS[unit] ?? unit})` : german;
    if (cell) texts[description] = `Spannung der Batteriezelle ${cell}.`;
  }
  return texts;
}

/** A record form's range message for each physical range a reading may be held to (signals.ts). */
const rangeMessages = () =>
  Object.fromEntries(
    [...Object.values(SIGNAL_RANGES), CELL_VOLTAGE_RANGE, UNKNOWN_SIGNAL_RANGE].map(({ min, max }) => [
      RECORD_TEXTS.outOfRange(min, max),
      `Dieses Feld muss zwischen ${min} und ${max} liegen.`,
    ]),
  );

/** The domain package's English texts (their own keys, see `en.ts`) in German. */
export const de: Record<string, string> = {
  ...signalTexts(),
  ...rangeMessages(),

  // Account (account.ts).
  'Your email is required.': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  'Your email is required to be at least 5 characters.': 'Ihre E-Mail-Adresse muss mindestens 5 Zeichen lang sein.',
  'Your email cannot be longer than 50 characters.': 'Ihre E-Mail-Adresse darf höchstens 50 Zeichen lang sein.',
  'Invalid email': 'Ungültige E-Mail-Adresse',
  'Please enter your password': 'Bitte geben Sie Ihr Passwort ein',
  'minimum length of 6 characters required': 'Mindestens 6 Zeichen erforderlich',
  'Your username is required.': 'Bitte geben Sie Ihren Benutzernamen ein.',
  'Your username is invalid.': 'Ihr Benutzername ist ungültig.',
  'Your password is required.': 'Bitte geben Sie Ihr Passwort ein.',
  'Your password is required to be at least 4 characters.': 'Ihr Passwort muss mindestens 4 Zeichen lang sein.',
  'Your confirmation password is required.': 'Bitte bestätigen Sie Ihr Passwort.',
  'Your confirmation password is required to be at least 4 characters.':
    'Die Passwortbestätigung muss mindestens 4 Zeichen lang sein.',
  'The reset key is missing.': 'Der Schlüssel zum Zurücksetzen fehlt.',
  'Your first name is required.': 'Bitte geben Sie Ihren Vornamen ein.',
  'Your last name is required.': 'Bitte geben Sie Ihren Nachnamen ein.',
  'The password and its confirmation do not match!': 'Passwort und Bestätigung stimmen nicht überein!',
  'Your name must be between 6 and 16 characters': 'Das Passwort muss zwischen 6 und 16 Zeichen lang sein',
  'An error has occurred! The password could not be changed.':
    'Ein Fehler ist aufgetreten! Das Passwort konnte nicht geändert werden.',
  'Check your emails for details on how to reset your password.':
    'Wie Sie Ihr Passwort zurücksetzen, erfahren Sie in der E-Mail, die wir Ihnen gesendet haben.',
  'Your password has been reset.': 'Ihr Passwort wurde zurückgesetzt.',
  'Password changed!': 'Passwort geändert!',
  'Registration saved! Please check your email for confirmation.':
    'Registrierung gespeichert! Bitte bestätigen Sie sie über den Link in Ihrer E-Mail.',
  'Settings saved!': 'Einstellungen gespeichert!',
  'User activated successfully!': 'Benutzer erfolgreich aktiviert!',
  'User can not be activated!': 'Der Benutzer kann nicht aktiviert werden!',
  'Logged Out Successfully!': 'Erfolgreich abgemeldet!',

  // Failed calls (errors.ts).
  'Server not reachable': 'Server nicht erreichbar',
  'Not found': 'Nicht gefunden',
  'Invalid email/password or your account is not activated.':
    'Ungültige E-Mail-Adresse oder ungültiges Passwort, oder Ihr Konto ist nicht aktiviert.',
  'An unexpected error has occurred.': 'Ein unerwarteter Fehler ist aufgetreten.',

  // People (people.ts, people-fields.ts).
  'Driver Created Successfully': 'Fahrer erfolgreich angelegt',
  'Driver Updated Successfully': 'Fahrer erfolgreich aktualisiert',
  'Driver deleted successfully': 'Fahrer erfolgreich gelöscht',
  'Vehicle assigned successfully': 'Fahrzeug erfolgreich zugewiesen',
  'Vehicle unassigned successfully': 'Fahrzeug erfolgreich freigegeben',
  'password updated Successfully': 'Passwort erfolgreich aktualisiert',
  'Fleet Deleted Successfully': 'Flotte erfolgreich gelöscht',
  'Dealer Created Successfully': 'Händler erfolgreich angelegt',
  'Dealer Updated Successfully': 'Händler erfolgreich aktualisiert',
  'Dealer deleted successfully': 'Händler erfolgreich gelöscht',
  'Vehicle Assigned Successfully': 'Fahrzeug erfolgreich zugewiesen',
  'Vehicle Unassigned Successfully': 'Fahrzeug erfolgreich freigegeben',
  'User deleted successfully': 'Benutzer erfolgreich gelöscht',
  'Are you sure you want to Unassign following vehicles:': 'Möchten Sie die folgenden Fahrzeuge wirklich freigeben?',
  'Verification is enabled.': 'Die Verifizierung ist aktiviert.',
  'Verification is disabled.': 'Die Verifizierung ist deaktiviert.',
  'Reset link sent.': 'Link zum Zurücksetzen gesendet.',
  'Driver Name can not be empty!': 'Bitte geben Sie den Namen des Fahrers ein!',
  'Enter Email can not be empty!': 'Bitte geben Sie eine E-Mail-Adresse ein!',
  'Mobile number can not be empty': 'Bitte geben Sie eine Mobilnummer ein',
  'Your name must be between 10 and 15 characters': 'Die Mobilnummer muss zwischen 10 und 15 Ziffern lang sein',
  'Your name must be between 10 and 14 characters': 'Die Mobilnummer muss zwischen 10 und 14 Ziffern lang sein',
  'Mobile number must contain digits only': 'Die Mobilnummer darf nur Ziffern enthalten',
  'Address can not be empty!': 'Bitte geben Sie eine Adresse ein!',
  'Fleet Name can not be empty!': 'Der Flottenname darf nicht leer sein!',
  'Fleet Email can not be empty!': 'Bitte geben Sie die E-Mail-Adresse der Flotte ein!',
  'Dealer Name can not be empty!': 'Der Händlername darf nicht leer sein!',
  'Email can not be empty!': 'Bitte geben Sie eine E-Mail-Adresse ein!',
  'Mobile Number can not be empty!': 'Bitte geben Sie eine Mobilnummer ein!',
  'Company Name can not be empty!': 'Bitte geben Sie den Firmennamen ein!',
  'Password is required.': 'Bitte geben Sie ein Passwort ein.',
  'Password strength must be at least 7 characters': 'Das Passwort muss mindestens 7 Zeichen lang sein',
  'User Name can not be empty!': 'Bitte geben Sie den Benutzernamen ein!',
  'Minimum length of 6 characters required': 'Mindestens 6 Zeichen erforderlich',
  'Invalid Email': 'Ungültige E-Mail-Adresse',
  Min: 'Mindestwert unterschritten',
  Max: 'Höchstwert überschritten',

  // Thresholds (thresholds.ts).
  Normal: 'Normal',
  Moderate: 'Mittel',
  Severe: 'Kritisch',

  // CAN report (can-report.ts).
  'Please select a vehicle': 'Bitte wählen Sie ein Fahrzeug',
  'Please select at least one signal setting': 'Bitte wählen Sie mindestens ein Signal',
  'Please select start date': 'Bitte wählen Sie ein Startdatum',
  'Please select end date': 'Bitte wählen Sie ein Enddatum',
  'End date must be after start date': 'Das Enddatum muss nach dem Startdatum liegen',
  'Please select date range between 10 days': 'Bitte wählen Sie einen Zeitraum von höchstens 10 Tagen',
  'Please select columns': 'Bitte wählen Sie Spalten',
  Saved: 'Gespeichert',
  'Failed to export': 'Export fehlgeschlagen',
  'No Results Found.': 'Keine Ergebnisse gefunden.',
  'Template name can not be empty!': 'Bitte geben Sie einen Vorlagennamen ein!',
  'A template with this name already exists.': 'Es gibt bereits eine Vorlage mit diesem Namen.',
  'Template saved': 'Vorlage gespeichert',
  'Page size must be 50, 100, 150 or 200': 'Die Seitengröße muss 50, 100, 150 oder 200 sein',
  'Sort by one of the report columns': 'Sortieren Sie nach einer der Berichtsspalten',
  'Choose the day of the week': 'Wählen Sie den Wochentag',
  'Add at least one recipient': 'Fügen Sie mindestens einen Empfänger hinzu',
  'Schedule saved': 'Zeitplan gespeichert',
  'Schedule removed': 'Zeitplan entfernt',

  // Vehicles (vehicles.ts).
  'Vehicle List': 'Fahrzeugliste',
  'Vehicle Created Successfully': 'Fahrzeug erfolgreich angelegt',
  'Vehicle Updated Successfully': 'Fahrzeug erfolgreich aktualisiert',
  'Vehicle Deleted Successfully': 'Fahrzeug erfolgreich gelöscht',
  'Vehicle Status Updated Successfully': 'Fahrzeugstatus erfolgreich aktualisiert',
  'Are you sure you want to change the status?': 'Möchten Sie den Status wirklich ändern?',
  NA: 'k. A.',
  'Vehicle name can not be empty!': 'Bitte geben Sie den Fahrzeugnamen ein!',
  'Vin  can not be empty!': 'Bitte geben Sie die FIN ein!',
  'Template Name can not be empty!': 'Der Vorlagenname darf nicht leer sein!',
  'Cells can not be empty!': 'Bitte geben Sie die Zellenzahl an!',
  'Unknown time zone': 'Unbekannte Zeitzone',
  'SMS number must contain digits only': 'Die SMS-Nummer darf nur Ziffern enthalten',

  // Vehicle templates (vehicle-templates.ts).
  'Vehicle Configuration Template': 'Fahrzeugkonfigurationsvorlage',
  'Add Vehicle Configuration Template': 'Fahrzeugkonfigurationsvorlage anlegen',
  'Vehicle Configuration Template Details': 'Details der Fahrzeugkonfigurationsvorlage',
  'Configure Template': 'Vorlage konfigurieren',
  'Vehicle Template Created Successfully': 'Fahrzeugvorlage erfolgreich angelegt',
  'Vehicle Template Deleted Successfully': 'Fahrzeugvorlage erfolgreich gelöscht',
  'Vehicle Template Updated Successfully': 'Fahrzeugvorlage erfolgreich aktualisiert',
  'Upload File Successfully.': 'Datei erfolgreich hochgeladen.',
  'Upload File Failed.': 'Hochladen der Datei fehlgeschlagen.',
  'Please select an Excel file to upload !!': 'Bitte wählen Sie eine Excel-Datei zum Hochladen!',
  'Template Description can not be empty!': 'Bitte geben Sie eine Vorlagenbeschreibung ein!',
  'A default template cannot be changed or deleted.': 'Eine Standardvorlage kann weder geändert noch gelöscht werden.',

  // Role permissions (role-permissions.ts).
  'Vehicle CAN Details': 'CAN-Details des Fahrzeugs',
  'CAN History': 'CAN-Verlauf',
  'CAN History Export': 'CAN-Verlauf exportieren',
  'Warning Logs': 'Warnprotokolle',
  'Fleet Owner': 'Flottenbetreiber',
  Dealer: 'Händler',
  'Driver Screen': 'Fahrerseite',
  'Assign Vehicle': 'Fahrzeug zuweisen',
  'Unassign Vehicle': 'Fahrzeug freigeben',
  'Dashboard Screen': 'Übersichtsseite',
  'Vehicle Details': 'Fahrzeugdetails',
  'CAN History Report': 'CAN-Verlaufsbericht',
  'Dealer Screen': 'Händlerseite',
  'Fleet Screen': 'Flottenseite',
  Settings: 'Einstellungen',
  'Roles And Permission': 'Rollen und Rechte',
  'Only ROLE_FLEET and ROLE_DEALER have role permissions.': 'Nur ROLE_FLEET und ROLE_DEALER haben Rollenrechte.',

  // Generic records (record-fields.ts, records.ts).
  'This field should be a number.': 'Dieses Feld muss eine Zahl sein.',
  'This field should be a date and time.': 'Dieses Feld muss ein Datum mit Uhrzeit sein.',
  'A vehicle is required.': 'Bitte wählen Sie ein Fahrzeug.',
  'Phone numbers contain digits, spaces and + ( ) - only.':
    'Telefonnummern enthalten nur Ziffern, Leerzeichen und + ( ) -.',
  'Confirm delete operation': 'Löschen bestätigen',
  [RECORD_TEXTS.confirmDelete('Car')]: 'Möchten Sie dieses Auto wirklich löschen?',
  [RECORD_TEXTS.confirmDelete('Email Template')]: 'Möchten Sie diese E-Mail-Vorlage wirklich löschen?',
  [RECORD_TEXTS.confirmDelete('Notification')]: 'Möchten Sie diese Benachrichtigung wirklich löschen?',
  [RECORD_TEXTS.confirmDelete('Vehicle Log')]: 'Möchten Sie dieses Fahrzeugprotokoll wirklich löschen?',
  [RECORD_TEXTS.confirmDelete('Vehicle CAN Record')]: 'Möchten Sie diesen CAN-Datensatz wirklich löschen?',
  'Loading...': 'Wird geladen …',
  Cars: 'Autos',
  Car: 'Auto',
  'No Cars found': 'Keine Autos gefunden',
  Name: 'Name',
  'Email Templates': 'E-Mail-Vorlagen',
  'Email Template': 'E-Mail-Vorlage',
  'No Email Templates found': 'Keine E-Mail-Vorlagen gefunden',
  Template: 'Vorlage',
  'Placeholders: {vehicleName} {vin} {metric} {value} {unit} {band} {time}':
    'Platzhalter: {vehicleName} {vin} {metric} {value} {unit} {band} {time}',
  Type: 'Typ',
  Attribute: 'Attribut',
  'Empty: every attribute without a template of its own': 'Leer: jedes Attribut ohne eigene Vorlage',
  Notifications: 'Benachrichtigungen',
  Notification: 'Benachrichtigung',
  'No Notifications found': 'Keine Benachrichtigungen gefunden',
  Emails: 'E-Mail-Adressen',
  'One address per line': 'Eine Adresse pro Zeile',
  'SMS Numbers': 'SMS-Nummern',
  'One number per line': 'Eine Nummer pro Zeile',
  Vehicles: 'Fahrzeuge',
  "These vehicles' alerts also go to this list": 'Die Warnungen dieser Fahrzeuge gehen auch an diese Liste',
  'Vehicle Logs': 'Fahrzeugprotokolle',
  'Vehicle Log': 'Fahrzeugprotokoll',
  'No Vehicle Logs found': 'Keine Fahrzeugprotokolle gefunden',
  'Log Time': 'Protokollzeit',
  'Empty: now': 'Leer: jetzt',
  'Warning Type': 'Warnungstyp',
  Message: 'Meldung',
  Vehicle: 'Fahrzeug',
  Value: 'Wert',
  'Entered by hand': 'Von Hand eingegeben',
  'Vehicle CAN Records': 'CAN-Datensätze der Fahrzeuge',
  'Vehicle CAN Record': 'CAN-Datensatz',
  'No Vehicle CAN Records found': 'Keine CAN-Datensätze gefunden',
  'Recorded Time': 'Aufzeichnungszeit',
  'Ticked while the vehicle is charging.': 'Angehakt, während das Fahrzeug lädt.',

  // Vehicle information tiles (vehicle-data.ts) not named by the signal dictionary.
  'Battery Charged': 'Ladezustand',
  'Miles to empty': 'Restreichweite',
  'Last Reported': 'Zuletzt gemeldet',
  'Heading Mag': 'Fahrtrichtung (magnetisch)',

  // Weekdays of a report schedule (can-report.ts).
  Sunday: 'Sonntag',
  Monday: 'Montag',
  Tuesday: 'Dienstag',
  Wednesday: 'Mittwoch',
  Thursday: 'Donnerstag',
  Friday: 'Freitag',
  Saturday: 'Samstag',

  // Dashboard (dashboard.ts).
  'Total Vehicle': 'Fahrzeuge gesamt',
  'Total dealers': 'Händler gesamt',
  'Total Fleets': 'Flotten gesamt',
  'Total Drivers': 'Fahrer gesamt',
  Unassigned: 'Nicht zugewiesen',
  'Gasoline vehicle miles per gallon': 'Meilen pro Gallone des Benzinfahrzeugs',
  'CO2 per gallon of gasoline (kg)': 'CO2 pro Gallone Benzin (kg)',
  'CO2 per kWh of grid electricity (kg)': 'CO2 pro kWh Netzstrom (kg)',
  'Gasoline price per gallon ($)': 'Benzinpreis pro Gallone ($)',
  'Electricity price per kWh ($)': 'Strompreis pro kWh ($)',
  'Maintenance saved per mile ($)': 'Eingesparte Wartung pro Meile ($)',
  'Dollars Saved': 'Eingesparte Dollar',
  Emission: 'Emissionen',
  'Charge Consumption': 'Ladeverbrauch',
  'Hours Charging this month': 'Ladestunden in diesem Monat',
  'Service incidents this month': 'Servicefälle in diesem Monat',

  // Battery settings (battery-settings.ts).
  'Rated capacity must be more than 0 and at most 2000 kWh.':
    'Die Nennkapazität muss größer als 0 und höchstens 2000 kWh sein.',
  'Cell spread warning must be more than 0 and at most 2000 mV.':
    'Die Warnschwelle der Zellspreizung muss größer als 0 und höchstens 2000 mV sein.',

  // Preferences (preferences.ts).
  'Unknown preference.': 'Unbekannte Einstellung.',

  // Trackers and device profiles (trackers.ts).
  'must be 15 digits with a valid check digit (Luhn)': 'muss aus 15 Ziffern mit gültiger Prüfziffer (Luhn) bestehen',
  'must be 16 to 64 letters, digits, dots, dashes or underscores: it is the phone’s only credential':
    'muss aus 16 bis 64 Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen bestehen: Sie ist der einzige Zugangsnachweis des Telefons',
  'must be printable ASCII, as the tracker reads it':
    'darf nur druckbare ASCII-Zeichen enthalten, wie der Tracker sie liest',
  'The device profile does not exist.': 'Das Geräteprofil existiert nicht.',
  'The device profile is not for this protocol.': 'Das Geräteprofil gilt nicht für dieses Protokoll.',
  'Another vehicle already has this tracker.': 'Ein anderes Fahrzeug hat diesen Tracker bereits.',
  'The device profile is used by vehicles and cannot be deleted.':
    'Das Geräteprofil wird von Fahrzeugen verwendet und kann nicht gelöscht werden.',
  'is mapped twice': 'ist doppelt zugeordnet',
  'Commands go to a Teltonika tracker: this vehicle has none.':
    'Befehle gehen an einen Teltonika-Tracker: Dieses Fahrzeug hat keinen.',
  'must start with a letter and hold at most 64 letters, digits, . _ -':
    'muss mit einem Buchstaben beginnen und darf höchstens 64 Buchstaben, Ziffern, . _ - enthalten',
  'can not be empty': 'darf nicht leer sein',
  // API keys (api-keys.ts).
  'must name at least one of read, write, telemetry, each once':
    'muss mindestens einen von read, write, telemetry nennen, jeden einmal',
  'must be a time in the future (ISO 8601), or null for a key that never expires':
    'muss ein Zeitpunkt in der Zukunft sein (ISO 8601), oder leer für einen Schlüssel, der nie abläuft',
  // Webhooks (webhooks.ts).
  'must be an http or https URL': 'muss eine http- oder https-URL sein',
  'must not be a loopback, link-local or private address':
    'darf keine Loopback-, Link-Local- oder private Adresse sein',
  'must name at least one of alert.raised, alert.cleared, trip.ended, charging.ended, zone.entered, zone.left, vehicle.offline, vehicle.online, command.answered, each once':
    'muss mindestens eines von alert.raised, alert.cleared, trip.ended, charging.ended, zone.entered, zone.left, vehicle.offline, vehicle.online, command.answered nennen, jedes einmal',
  'must be 16 to 200 characters': 'muss 16 bis 200 Zeichen lang sein',
  'must be one of json, slack, teams': 'muss json, slack oder teams sein',
  'name a dealer or a fleet, not both': 'nennen Sie einen Händler oder eine Flotte, nicht beides',
  // Push subscriptions (push.ts) and single sign-on (single-sign-on.ts).
  'must hold the subscription\'s "p256dh" and "auth" keys (base64url)':
    'muss die Schlüssel "p256dh" und "auth" des Abonnements enthalten (base64url)',
  'is required': 'ist erforderlich',

  // Sentences with values (text-templates.ts): the web finds the template in the filled sentence.
  // Threshold refusals (threshold-checks.ts).
  'Cannot set this range for {{metric}}: {{why}}': 'Dieser Bereich ist für {{metric}} nicht möglich: {{why}}',
  '{{band}} {{low}}-{{high}}': '{{band}} {{low}}–{{high}}',
  'at most 1 {{band}} range.': 'höchstens ein Bereich {{band}}.',
  'at most {{count}} {{band}} ranges.': 'höchstens {{count}} Bereiche {{band}}.',
  '{{band}} needs two numbers.': '{{band}} braucht zwei Zahlen.',
  'the lower bound of {{range}} is above its upper bound.': 'die untere Grenze von {{range}} liegt über der oberen.',
  '{{range}} is outside {{min}}-{{max}}.': '{{range}} liegt außerhalb von {{min}}–{{max}}.',
  '{{range}} overlaps {{other}}.': '{{range}} überschneidet sich mit {{other}}.',
  '{{metric}} is listed twice.': '{{metric}} ist zweimal aufgeführt.',

  // Threshold spreadsheets (threshold-sheet.ts, upload-texts.ts).
  'Row {{row}}: {{why}}': 'Zeile {{row}}: {{why}}',
  'Row {{row}}, column {{column}}: {{why}}': 'Zeile {{row}}, Spalte {{column}}: {{why}}',
  'The header row must name the columns {{required}} (missing: {{missing}}).':
    'Die Kopfzeile muss die Spalten {{required}} nennen (es fehlen: {{missing}}).',
  'At most {{count}} rows of thresholds.': 'Höchstens {{count}} Zeilen mit Schwellenwerten.',
  'Unknown metric {{cell}}.': 'Unbekannte Messgröße {{cell}}.',
  'The band must be Normal, Warning or Severe, not {{cell}}.':
    'Die Stufe muss Normal, Warning oder Severe sein, nicht {{cell}}.',
  'Low must be a number, not {{cell}}.': 'Low muss eine Zahl sein, nicht {{cell}}.',
  'High must be a number, not {{cell}}.': 'High muss eine Zahl sein, nicht {{cell}}.',
  '{{metric}} has more than 1 {{band}} row.': '{{metric}} hat mehr als eine Zeile {{band}}.',
  '{{metric}} has more than {{count}} {{band}} rows.': '{{metric}} hat mehr als {{count}} Zeilen {{band}}.',
  '{{column}} must be a whole number of minutes, not {{cell}}.':
    '{{column}} muss eine ganze Zahl von Minuten sein, nicht {{cell}}.',
  '{{column}} of {{metric}} is {{value}} on row {{row}}.': '{{column}} von {{metric}} ist in Zeile {{row}} {{value}}.',
  'The sheet has no thresholds.': 'Die Tabelle enthält keine Schwellenwerte.',
  'The image is larger than {{mb}} MB.': 'Das Bild ist größer als {{mb}} MB.',
  'Only images can be uploaded ({{types}}).': 'Es können nur Bilder hochgeladen werden ({{types}}).',
  'The spreadsheet is larger than {{mb}} MB.': 'Die Tabelle ist größer als {{mb}} MB.',
  'Only {{types}} spreadsheets can be uploaded.': 'Es können nur Tabellen im Format {{types}} hochgeladen werden.',
  'The file is not a readable xlsx spreadsheet.': 'Die Datei ist keine lesbare xlsx-Tabelle.',
  'The spreadsheet has no sheet.': 'Die Tabelle enthält kein Tabellenblatt.',
  'The spreadsheet has more than {{count}} parts inside it.': 'Die Tabelle enthält mehr als {{count}} Teile.',
  'A part of the spreadsheet is larger than {{mb}} MB unpacked.':
    'Ein Teil der Tabelle ist entpackt größer als {{mb}} MB.',
  'The spreadsheet is larger than {{mb}} MB unpacked.': 'Die Tabelle ist entpackt größer als {{mb}} MB.',
  'The spreadsheet has more than {{count}} rows.': 'Die Tabelle hat mehr als {{count}} Zeilen.',
  'The spreadsheet has more than {{count}} cells and other elements.':
    'Die Tabelle hat mehr als {{count}} Zellen und andere Elemente.',
  '({{count}} more)': '({{count}} weitere)',

  // Sign-in and races between writers (account.ts, errors.ts).
  'Too many sign-in attempts. Try again in {{seconds}} seconds.':
    'Zu viele Anmeldeversuche. Bitte in {{seconds}} Sekunden erneut versuchen.',
  'This value is already in use.': 'Dieser Wert wird bereits verwendet.',
  'A related record was changed or removed meanwhile. Please reload and try again.':
    'Ein verknüpfter Datensatz wurde inzwischen geändert oder entfernt. Bitte neu laden und erneut versuchen.',

  // Zones (zones.ts, zone-geometry.ts).
  'must hold at least 4 positions': 'muss mindestens 4 Positionen enthalten',
  'must hold an outer ring': 'muss einen äußeren Ring enthalten',
  'must hold at most 100 rings': 'darf höchstens 100 Ringe enthalten',
  'must hold at most 2000 positions in all': 'darf insgesamt höchstens 2000 Positionen enthalten',
  'must not cross itself': 'darf sich nicht selbst kreuzen',
  'must lie inside the outer ring': 'muss innerhalb des äußeren Rings liegen',
  'must not lie inside another hole': 'darf nicht in einem anderen Loch liegen',
  'A zone belongs to a dealer or a fleet: give one of dealerId and fleetId.':
    'Eine Zone gehört einem Händler oder einer Flotte: bitte dealerId oder fleetId angeben.',
  'A zone belongs to one dealer or one fleet, not both.':
    'Eine Zone gehört einem Händler oder einer Flotte, nicht beiden.',
  'must differ from the band’s start': 'muss sich vom Beginn des Bereichs unterscheiden',
  'must hold at most 24 bands': 'darf höchstens 24 Bereiche enthalten',
  'must be one of depot, zone, no-go': 'muss depot, zone oder no-go sein',
  'must be an IANA time zone, such as Europe/Berlin or UTC':
    'muss eine IANA-Zeitzone sein, etwa Europe/Berlin oder UTC',
  'must be a time of day as HH:mm (00:00 to 23:59)': 'muss eine Uhrzeit als HH:mm sein (00:00 bis 23:59)',
  'must be a charge from 0 to 100 %': 'muss ein Ladestand von 0 bis 100 % sein',
  'must be a whole number of seconds from 0 to 86400': 'muss eine ganze Zahl von Sekunden von 0 bis 86400 sein',
  'must be above 0 and at most 200 mph': 'muss über 0 und höchstens 200 mph sein',
  'must be a three-letter ISO 4217 currency code, such as USD':
    'muss ein dreistelliger Währungscode nach ISO 4217 sein, etwa EUR',
  'must be a price of 0 or more': 'muss ein Preis von 0 oder mehr sein',
  'overlaps band {{band}}': 'überschneidet sich mit Bereich {{band}}',
  'must be a longitude between -180 and 180': 'muss ein Längengrad zwischen -180 und 180 sein',
  'must be a latitude between -90 and 90': 'muss ein Breitengrad zwischen -90 und 90 sein',
  'must be [longitude, latitude] (an altitude may follow)': 'muss [Länge, Breite] sein (eine Höhe darf folgen)',
  'must be closed: its last position repeats its first':
    'muss geschlossen sein: die letzte Position wiederholt die erste',
  'must be above 0 and at most 50000 metres': 'muss über 0 und höchstens 50000 Meter sein',
  'must be a Polygon or a Point with radiusM':
    'muss ein Vieleck oder ein Kreis sein: bitte eine Form auf die Karte zeichnen',
};
