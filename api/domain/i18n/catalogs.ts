import type { Language } from "#api/contracts/languages";
import arMessages from "#locales/ar/messages.json" with { type: "json" };
import arServer from "#locales/ar/server.json" with { type: "json" };
import enMessages from "#locales/en/messages.json" with { type: "json" };
import enServer from "#locales/en/server.json" with { type: "json" };
import esMessages from "#locales/es/messages.json" with { type: "json" };
import esServer from "#locales/es/server.json" with { type: "json" };
import ruMessages from "#locales/ru/messages.json" with { type: "json" };
import ruServer from "#locales/ru/server.json" with { type: "json" };

interface ServerCatalog<Server = Record<string, string>> {
  /** Named texts: the bot, mail, page titles and link previews. */
  server: Server;
  /** The contracts' words, keyed by their English wording. */
  messages: Record<string, string>;
}

/**
 * Each shipped language's server catalogs. English is the source: every other language holds the
 * same keys (scripts/check-translations.ts fails the lint otherwise).
 */
export const serverCatalogs: { en: ServerCatalog<typeof enServer> } & Record<Language, ServerCatalog> = {
  en: { server: enServer, messages: enMessages },
  ru: { server: ruServer, messages: ruMessages },
  es: { server: esServer, messages: esMessages },
  ar: { server: arServer, messages: arMessages },
};
