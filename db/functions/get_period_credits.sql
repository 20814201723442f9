-- version: 1
-- Credits added to the member's budget (promo codes, referral rewards) for the billing period
-- (first of a month, UTC, to the first of the next) that contains p_at.
CREATE OR REPLACE FUNCTION get_period_credits(p_user_id uuid, p_at timestamptz DEFAULT now())
RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(amount), 0)::numeric(12, 2)
  FROM budget_credits
  WHERE user_id = p_user_id
    AND period_start >= (date_trunc('month', p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
    AND period_start < ((date_trunc('month', p_at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')
$$;
