-- The public face of channel_settings, with the spec's defaults. Always exactly one row, even
-- before anybody configured the channel.
CREATE VIEW "public_channel_info" AS
SELECT
  coalesce(nullif(btrim(s.channel_name), ''), 'Private Smoke Shop') AS channel_name,
  nullif(btrim(s.channel_username), '') AS channel_username,
  coalesce(nullif(btrim(s.member_count), ''), '26.2K') AS member_count,
  nullif(btrim(s.logo_url), '') AS logo_url,
  coalesce(s.featured_products_count, 8) AS featured_products_count,
  nullif(btrim(s.hero_video_url), '') AS hero_video_url,
  coalesce(nullif(btrim(s.feature_bullet_1), ''), 'Curated selection of premium smoking accessories') AS feature_bullet_1,
  coalesce(nullif(btrim(s.feature_bullet_2), ''), 'Exclusive member-only deals and early access') AS feature_bullet_2,
  coalesce(nullif(btrim(s.feature_bullet_3), ''), 'Direct updates on new arrivals and restocks') AS feature_bullet_3,
  coalesce(nullif(btrim(s.feature_bullet_1_emoji), ''), '🌿') AS feature_bullet_1_emoji,
  coalesce(nullif(btrim(s.feature_bullet_2_emoji), ''), '🔥') AS feature_bullet_2_emoji,
  coalesce(nullif(btrim(s.feature_bullet_3_emoji), ''), '💬') AS feature_bullet_3_emoji,
  s.updated_at
FROM (SELECT 1) AS one
LEFT JOIN "channel_settings" s ON s.singleton;
--> statement-breakpoint
-- Spending recorded in the billing period (first of a month, UTC, to the first of the next) that
-- contains p_at. p_at exists so tests can pin the clock.
CREATE FUNCTION get_current_period_spending(p_user_id uuid, p_at timestamptz DEFAULT now())
RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(amount), 0)::numeric(12, 2)
  FROM user_spending
  WHERE user_id = p_user_id
    AND period_start >= (date_trunc('month', p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
    AND period_start < ((date_trunc('month', p_at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')
$$;
--> statement-breakpoint
-- Carries unused budget forward, one month at a time, from the last calculated period up to the
-- period containing p_at: rollover = max(0, monthly price + previous rollover - spent that month).
-- A user with no row yet starts at 0 in the current period. Returns the rollover now in force.
CREATE FUNCTION process_monthly_rollover(p_user_id uuid, p_at timestamptz DEFAULT now())
RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_current timestamptz := date_trunc('month', p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_budget numeric(12, 2);
  v_rollover numeric(12, 2);
  v_period timestamptz;
  v_spent numeric(12, 2);
BEGIN
  SELECT coalesce(t.price_monthly, 0) INTO v_budget
  FROM profiles p LEFT JOIN membership_tiers t ON t.id = p.membership_tier_id
  WHERE p.id = p_user_id;
  v_budget := coalesce(v_budget, 0);

  INSERT INTO user_budget_rollover (user_id, rollover_amount, last_calculated_period)
  VALUES (p_user_id, 0, v_current)
  ON CONFLICT (user_id) DO NOTHING;

  SELECT rollover_amount, coalesce(last_calculated_period, v_current) INTO v_rollover, v_period
  FROM user_budget_rollover WHERE user_id = p_user_id FOR UPDATE;

  WHILE v_period < v_current LOOP
    SELECT coalesce(sum(amount), 0) INTO v_spent
    FROM user_spending
    WHERE user_id = p_user_id
      AND period_start >= v_period
      AND period_start < ((v_period AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC');
    v_rollover := greatest(v_budget + v_rollover - v_spent, 0);
    v_period := (v_period AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;

  UPDATE user_budget_rollover
  SET rollover_amount = v_rollover, last_calculated_period = v_current, updated_at = now()
  WHERE user_id = p_user_id;
  RETURN v_rollover;
END;
$$;
--> statement-breakpoint
-- Every API process LISTENs on app_changes and fans the events out over Server-Sent Events.
CREATE FUNCTION notify_app_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'app_changes',
    json_build_object(
      'table', TG_TABLE_NAME,
      'op', lower(TG_OP),
      'id', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END
    )::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER channel_messages_notify AFTER INSERT OR UPDATE OR DELETE ON "channel_messages"
FOR EACH ROW EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON "products"
FOR EACH ROW EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER channel_settings_notify AFTER INSERT OR UPDATE OR DELETE ON "channel_settings"
FOR EACH ROW EXECUTE FUNCTION notify_app_change();
