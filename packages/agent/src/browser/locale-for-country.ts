/** The language and time zone a browser in a given country would report. */
export interface LocaleSettings {
  /** BCP 47 tag: navigator.language(s), Intl's default locale. */
  locale: string;
  /** IANA zone for Intl and Date. */
  timezoneId: string;
  /**
   * The Accept-Language header the context sends. Playwright's locale emulation sends the one
   * tag and navigator.languages lists that tag alone, so the two agree; a longer list in the
   * header would disagree with navigator.languages in workers, where no script can patch it.
   */
  acceptLanguage: string;
}

// Countries spanning several zones get their most populous one.
const COUNTRIES: Record<string, [locale: string, timezoneId: string]> = {
  US: ["en-US", "America/New_York"],
  CA: ["en-CA", "America/Toronto"],
  MX: ["es-MX", "America/Mexico_City"],
  BR: ["pt-BR", "America/Sao_Paulo"],
  AR: ["es-AR", "America/Argentina/Buenos_Aires"],
  GB: ["en-GB", "Europe/London"],
  IE: ["en-IE", "Europe/Dublin"],
  DE: ["de-DE", "Europe/Berlin"],
  AT: ["de-AT", "Europe/Vienna"],
  CH: ["de-CH", "Europe/Zurich"],
  FR: ["fr-FR", "Europe/Paris"],
  BE: ["nl-BE", "Europe/Brussels"],
  NL: ["nl-NL", "Europe/Amsterdam"],
  ES: ["es-ES", "Europe/Madrid"],
  PT: ["pt-PT", "Europe/Lisbon"],
  IT: ["it-IT", "Europe/Rome"],
  PL: ["pl-PL", "Europe/Warsaw"],
  SE: ["sv-SE", "Europe/Stockholm"],
  NO: ["nb-NO", "Europe/Oslo"],
  DK: ["da-DK", "Europe/Copenhagen"],
  FI: ["fi-FI", "Europe/Helsinki"],
  CZ: ["cs-CZ", "Europe/Prague"],
  RO: ["ro-RO", "Europe/Bucharest"],
  TR: ["tr-TR", "Europe/Istanbul"],
  UA: ["uk-UA", "Europe/Kyiv"],
  RU: ["ru-RU", "Europe/Moscow"],
  IL: ["he-IL", "Asia/Jerusalem"],
  AE: ["ar-AE", "Asia/Dubai"],
  ZA: ["en-ZA", "Africa/Johannesburg"],
  IN: ["en-IN", "Asia/Kolkata"],
  SG: ["en-SG", "Asia/Singapore"],
  HK: ["zh-HK", "Asia/Hong_Kong"],
  TW: ["zh-TW", "Asia/Taipei"],
  CN: ["zh-CN", "Asia/Shanghai"],
  JP: ["ja-JP", "Asia/Tokyo"],
  KR: ["ko-KR", "Asia/Seoul"],
  ID: ["id-ID", "Asia/Jakarta"],
  AU: ["en-AU", "Australia/Sydney"],
  NZ: ["en-NZ", "Pacific/Auckland"],
};

/** The zone this machine's clock is set to: what Chromium reports when not told otherwise. */
export function hostTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * Locale and time zone for a country (ISO 3166-1 alpha-2, any case), e.g. a proxy's exit
 * country. Unknown or absent: en-US in this machine's own time zone, which is what the browser
 * reports anyway when no proxy says otherwise (the exit address is then the machine's own).
 */
export function localeForCountry(countryCode?: string | null): LocaleSettings {
  const known = countryCode ? COUNTRIES[countryCode.trim().toUpperCase()] : undefined;
  const [locale, timezoneId] = known ?? ["en-US", hostTimezone()];
  return { locale, timezoneId, acceptLanguage: locale };
}

/** Country codes localeForCountry knows. */
export const LOCALE_COUNTRIES = Object.keys(COUNTRIES);
