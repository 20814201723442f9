-- Back-in-stock alerts go through the outbox (kind back_in_stock): the alerts the old queue would
-- have sent (an active product in stock, a member the bot may write to or with a proven address)
-- are carried into the outbox, worded in the member's language, before its columns go. The others
-- keep waiting for a restock or a way to reach their member.
WITH texts(lang, body, subject, open_label) AS (VALUES
  ('en', '{title} is back in stock.', '{title} is back in stock', 'Open it in the shop'),
  ('ru', '{title} снова в наличии.', '{title} снова в наличии', 'Открыть в магазине'),
  ('es', '{title} vuelve a estar disponible.', '{title} vuelve a estar disponible', 'Ábrelo en la tienda'),
  ('ar', '{title} متوفر مجددًا.', '{title} متوفر مجددًا', 'افتحه في المتجر')
), due AS (
  DELETE FROM "stock_alerts" a USING "products" p, "users" u, "profiles" pr
  WHERE p.id = a.product_id AND u.id = a.user_id AND pr.id = a.user_id
    AND p.is_active AND p.stock_quantity > 0
    AND ((u.telegram_id IS NOT NULL AND pr.bot_writable_at IS NOT NULL AND pr.bot_blocked_at IS NULL)
      OR (pr.email_verified_at IS NOT NULL AND pr.email IS NOT NULL))
  RETURNING a.user_id, a.product_id, a.created_at, p.title, u.telegram_id,
    (u.telegram_id IS NOT NULL AND pr.bot_writable_at IS NOT NULL AND pr.bot_blocked_at IS NULL) AS by_bot,
    split_part(replace(lower(btrim(coalesce(pr.language, ''))), '_', '-'), '-', 1) AS lang
)
INSERT INTO "outbox" ("kind", "user_id", "channel", "chat_id", "payload", "dedupe_key")
SELECT 'back_in_stock', d.user_id, CASE WHEN d.by_bot THEN 'telegram' ELSE 'mail' END,
  CASE WHEN d.by_bot THEN d.telegram_id END,
  jsonb_build_object(
    'text', replace(t.body, '{title}', d.title),
    'subject', replace(t.subject, '{title}', d.title),
    'buttons', jsonb_build_array(jsonb_build_object('text', t.open_label, 'open', '/product/' || d.product_id::text))),
  'back_in_stock:' || d.product_id::text || ':' || d.user_id::text || ':'
    || to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
FROM due d JOIN texts t ON t.lang = CASE WHEN d.lang IN ('en', 'ru', 'es', 'ar') THEN d.lang ELSE 'en' END
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "stock_alerts" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "stock_alerts" DROP COLUMN "next_attempt_at";
