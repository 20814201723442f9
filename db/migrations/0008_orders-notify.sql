-- Orders are private: their change events name the order's owner, so that the event streams send
-- each member only their own orders' changes (staff get every order's).
CREATE FUNCTION notify_order_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'app_changes',
    json_build_object('table', 'orders', 'op', lower(TG_OP), 'id', NEW.id, 'owner', NEW.user_id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_notify AFTER INSERT OR UPDATE OF status ON "orders"
FOR EACH ROW EXECUTE FUNCTION notify_order_change();
