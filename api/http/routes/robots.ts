import { Hono } from "hono";

/** Link unfurlers, which draw the preview card of a shared link; none of them is a search index. */
const PREVIEW_BOTS = [
  "TelegramBot",
  "Twitterbot",
  "facebookexternalhit",
  "WhatsApp",
  "Slackbot",
  "Discordbot",
  "LinkedInBot",
];

/**
 * robots.txt. The shop sells to adults (21+), so by default search engines are asked not to index
 * it while link previews still work; SEARCH_INDEXING=true lets them in. The API is never indexed.
 */
export function robotsTxt(indexing: boolean): string {
  if (indexing) return "User-agent: *\nAllow: /\nDisallow: /api/\n";
  const previews = PREVIEW_BOTS.map((bot) => `User-agent: ${bot}`).join("\n");
  return `${previews}\nAllow: /\nDisallow: /api/\n\nUser-agent: *\nDisallow: /\n`;
}

export function robotsRoutes(indexing: boolean) {
  const body = robotsTxt(indexing);
  return new Hono().get("/robots.txt", (c) => c.text(body, 200, { "Cache-Control": "public, max-age=3600" }));
}
